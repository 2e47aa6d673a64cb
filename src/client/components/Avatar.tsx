import { useState } from 'react';

/** The person's picture, or their initial when there is none or it cannot load (offline, blocked). */
export function Avatar({ url, name, size = 32 }: { url: string | null; name: string; size?: number }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const style = { width: size, height: size };
  if (!url || failedUrl === url) {
    return (
      <span className="avatar avatar--initial" style={style} aria-hidden="true">
        {name.trim().charAt(0).toUpperCase() || '?'}
      </span>
    );
  }
  // On a page the server rendered, the picture may have failed before React was there to hear
  // it: a loaded image with no size failed.
  const failedBefore = (img: HTMLImageElement | null) => {
    if (img?.complete && img.naturalWidth === 0) setFailedUrl(url);
  };
  return <img ref={failedBefore} className="avatar" src={url} alt="" style={style} onError={() => setFailedUrl(url)} />;
}
