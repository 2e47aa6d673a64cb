import { useEffect } from 'react';

/** Sets the tab's title while the page is shown (Preact renders a `<title>` where it stands, unlike React 19). */
export function DocumentTitle({ title }: { title: string }) {
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
  return null;
}
