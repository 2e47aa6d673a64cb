import { useId } from 'react';
import { Link } from 'react-router';
import type { DiscordMessage } from '@shared/announcements';
import { paths } from '@shared/paths';
import { useDiscordPosts } from './discord';

/**
 * Whether a save or a cancellation that concerns DJs should tell them in Discord, ticked by
 * default once the lineup was put to them (Verify DJs posted through Lineup, or the event
 * published): before that, a host building the lineup over several saves pings nobody.
 */
export function useDjNoticeDefaults(eventId: string, published: boolean, concerned: boolean) {
  const posts = useDiscordPosts(eventId, concerned);
  return {
    ready: posts.data !== undefined,
    webhookSet: posts.data?.webhooks.scheduling === true,
    proposed: published || (posts.data?.posts.some((post) => post.kind === 'verify') ?? false),
  };
}

/**
 * The choice to tell DJs, with the text they would get (the server sends exactly this: the same
 * function builds it there). `told` names whom it mentions, `untold` those it cannot (no Discord ID).
 */
export function DjNoticeChoice({
  what,
  told,
  untold,
  messages,
  webhookSet,
  checked,
  onChange,
}: {
  /** 'of their new or moved slot', 'that the event is cancelled'. */
  what: string;
  told: string[];
  untold: string[];
  messages: DiscordMessage[];
  webhookSet: boolean;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  const untoldLine = untold.length > 0 && <span className="text-body-secondary"> {untold.join(', ')}: no Discord ID, tell them yourself.</span>;
  if (told.length === 0) return untold.length > 0 ? <div className="small w-100">{untoldLine}</div> : null;
  if (!webhookSet) {
    return (
      <div className="small w-100" data-testid="dj-notice">
        {told.join(', ')} {told.length === 1 ? 'is' : 'are'} not told in Discord {what}: no scheduling webhook is set (
        <Link to={paths.globalSettings()}>Global Settings</Link>).{untoldLine}
      </div>
    );
  }
  return (
    <div className="small w-100" data-testid="dj-notice">
      <div className="form-check mb-0">
        <input id={id} type="checkbox" className="form-check-input" checked={checked} onChange={(event) => onChange(event.target.checked)} />
        <label className="form-check-label" htmlFor={id}>
          Tell {told.join(', ')} in Discord {what}
        </label>
        {untoldLine}
      </div>
      <details>
        <summary>Preview the post</summary>
        <pre className="mb-0 mt-1 p-2 border rounded bg-body text-wrap text-break font-monospace small" style={{ maxHeight: '12rem', overflowY: 'auto' }}>
          {messages.map((message) => message.content).join('\n\n')}
        </pre>
      </details>
    </div>
  );
}
