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
  return <img className="avatar" src={url} alt="" style={style} onError={() => setFailedUrl(url)} />;
}
