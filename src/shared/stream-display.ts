// Stream links as staff see them (docs/decisions/032-stream-links.md): a link's secret masked, and
// the forms one stream is pulled in by different players. Apart from shared/streams.ts, whose rule
// a DJ's first page needs, so only the staff screens (and the wizard) load this.
import { isSecretParameter, isStreamKeyLink, looksLikeKey, parseUrl, readStreamLink, safeDecode } from './streams.js';

const MASK = '••••';
/** A key hidden whole, but for the part that names whose it is (VRCDN's `NAME_sk_`, Twitch's `live_ID_`). */
const maskToken = (token: string) => `${/^(.*?_sk_|live_\d+_|vrcdn_)/i.exec(token)?.[1] ?? ''}${MASK}`;

/**
 * A link with its secret hidden, for showing: the key part of an ingest address (its last path
 * part) and secret query values become '••••'. Links without a key come back as they are.
 */
export function maskStreamLink(link: string): string {
  if (!isStreamKeyLink(link)) return link;
  const url = parseUrl(link.trim())!;
  const [base = '', query] = link.trim().split(/\?(.*)/s);
  const parts = base.split('/');
  const pathStart = 3; // scheme, '', host
  const keyAt = parts.map((part, i) => (i >= pathStart && looksLikeKey(safeDecode(part)) ? i : -1)).filter((i) => i >= 0);
  const params = [...url.searchParams];
  // An ingest address whose key is no recognisable token: its last path part is the key.
  const lastIsKey = keyAt.length === 0 && !params.some(([name, value]) => isSecretParameter(name, value)) && parts.length > pathStart + 1;
  const masked = parts.map((part, i) => (keyAt.includes(i) || (lastIsKey && i === parts.length - 1) ? maskToken(part) : part));
  if (query === undefined) return masked.join('/');
  return `${masked.join('/')}?${params.map(([name, value]) => `${name}=${isSecretParameter(name, value) ? MASK : value}`).join('&')}`;
}

/** Another form of a link for another kind of player (Stream Details offers each to copy). */
interface PlayerLink {
  player: string;
  link: string;
}

/**
 * The forms a stream operator may pull a link in, the stored one first: a VRCDN stream also as
 * VRChat's in-world players take it (RTSP over TCP) and as MPEG-TS over HTTPS (players on Quest).
 * VRCDN documents these playback forms of one stream name.
 */
export function playerLinksOf(link: string): PlayerLink[] {
  const read = readStreamLink(link);
  if (!read || read.link === '') return [];
  if (read.service !== 'vrcdn' || !read.name) return [{ player: 'Stream', link: read.link }];
  return [
    { player: 'OBS / RTMP', link: read.link },
    { player: 'VRChat player', link: `rtspt://stream.vrcdn.live/live/${read.name}` },
    { player: 'MPEG-TS (Quest)', link: `https://stream.vrcdn.live/live/${read.name}.live.ts` },
  ];
}
