import { useId, useState } from 'react';
import { maskStreamLink } from '@shared/stream-display';
import { readStreamLink, STREAM_KEY_WARNING } from '@shared/streams';

// Stream links as people see them (docs/decisions/032-stream-links.md): what a typed link was
// recognised as, a warning when it carries a private stream key, and a link with a key shown
// masked until staff ask to see it. Plain markup: the DJ's wizard uses these too.

/** What a link was recognised as, said under its field; a warning when it carries a stream key. */
export function StreamLinkNotes({ link }: { link: string }) {
  const read = readStreamLink(link);
  if (!read) return null;
  if (read.privateKey) {
    return (
      <div className="alert alert-warning py-2 small mt-n2" role="alert" data-testid="stream-key-warning">
        {STREAM_KEY_WARNING}
      </div>
    );
  }
  const said = read.service === 'vrcdn' ? `VRCDN stream “${read.name}”` : read.service === 'twitch' ? `Twitch channel “${read.name}”` : read.service === 'youtube' ? 'YouTube live stream' : read.service === 'recording' ? 'A recording' : null;
  if (!said || read.link === '') return null;
  return (
    <p className="small text-body-secondary mt-n2 mb-3" data-testid="stream-link-recognised">
      {said}: the hosts take it from <span className="text-break">{read.link}</span>
    </p>
  );
}

/** A link as staff see it: one that carries a stream key masked, with a button to show it whole. */
export function MaskedLink({ link, className }: { link: string; className?: string }) {
  const [revealed, setRevealed] = useState(false);
  const id = useId();
  const masked = maskStreamLink(link);
  if (masked === link || revealed) return <span className={`text-break ${className ?? ''}`}>{link}</span>;
  return (
    <span className={className}>
      <span id={id} className="text-break">
        {masked}
      </span>{' '}
      <span className="badge text-bg-warning">stream key</span>{' '}
      <button type="button" className="btn btn-link btn-sm p-0 align-baseline" aria-describedby={id} onClick={() => setRevealed(true)}>
        Reveal
      </button>
    </span>
  );
}
