// Stream links as VRChat DJs have them (issue 13, issue 32 "stream links as VRChat DJs have
// them", issue 34 item 5; docs/decisions/032-stream-links.md): one rule, used by the wizard, the
// DJ form, Stream Details, the roster import and the archive imports, that recognises each
// service's link in the forms its users copy (VRCDN's playback, preview and ingest addresses and
// `vrcdn:NAME`, Twitch channels, `twitch:NAME` and bare usernames, YouTube live links, a
// prerecord), stores one form of each (the form the stream operator pulls from), tells a link
// that carries a private stream key, and says what it accepts when it refuses one.
import type { StreamSourceType } from './domain.js';

/** What a stream link is. */
export type StreamService = 'vrcdn' | 'twitch' | 'youtube' | 'recording' | 'prerecord' | 'other';

export interface StreamLink {
  service: StreamService;
  /** The one form it is stored and pulled in ('' for a prerecord without a link). */
  link: string;
  /** The VRCDN stream name or the Twitch channel, when the link names one. */
  name?: string;
  /** An ingest address carrying a secret stream key: never a link anyone pulls from (isStreamKeyLink). */
  privateKey: boolean;
}

/** The schemes a stream link may have once in its one form: what streaming servers and VRChat's players speak. */
const STREAM_LINK_PROTOCOLS = ['rtmp:', 'rtmps:', 'rtsp:', 'rtspt:', 'srt:', 'https:'] as const;

const NAME = '[A-Za-z0-9_-]{1,64}';
const TWITCH_NAME = /^[A-Za-z0-9_]{3,25}$/;
/** A channel's page on twitch.tv (not one of its own pages: videos, directory, settings …). */
const TWITCH_URL = /^(?:https?:\/\/)?(?:www\.|m\.|go\.)?twitch\.tv\/(?!(?:videos|directory|settings|search|downloads|subscriptions|wallet|drops|popout|embed)\b)([A-Za-z0-9_]{3,25})(?:\/(?:about|schedule|videos)?)?\/?(?:[?#].*)?$/i;
const SERVICE_PREFIX = /^(vrcdn|twitch)\s*:\s*@?(\S+)$/i;
/** A VRCDN address with or without its scheme: scheme, host, port, path. */
const VRCDN_URL = /^(?:([a-z][a-z0-9+.-]*):\/\/)?((?:[a-z0-9-]+\.)*vrcdn\.(?:live|com))(:\d+)?(\/[^?#]*)?([?#].*)?$/i;
/** Playback (`/live/NAME`, `…/NAME.live.ts`, `.live.flv`, `.flv`, `.ts`) and preview (`/preview/NAME`) paths. */
const VRCDN_PLAYBACK_PATH = new RegExp(`^/(?:live|preview)/(${NAME})(?:\\.live)?(?:\\.(?:ts|flv|m3u8))?/?$`, 'i');
const YOUTUBE_VIDEO_ID = '[A-Za-z0-9_-]{11}';
const YOUTUBE_HOST = '(?:https?:\\/\\/)?(?:www\\.|m\\.|music\\.)?youtube\\.com';
const YOUTUBE_VIDEO = [
  new RegExp(`^${YOUTUBE_HOST}\\/watch\\?(?:.*&)?v=(${YOUTUBE_VIDEO_ID})(?:[&#].*)?$`, 'i'),
  new RegExp(`^${YOUTUBE_HOST}\\/(?:live|embed)\\/(${YOUTUBE_VIDEO_ID})\\/?(?:[?#].*)?$`, 'i'),
  new RegExp(`^(?:https?:\\/\\/)?youtu\\.be\\/(${YOUTUBE_VIDEO_ID})\\/?(?:[?#].*)?$`, 'i'),
];
const YOUTUBE_CHANNEL = new RegExp(`^${YOUTUBE_HOST}\\/(@[A-Za-z0-9._-]{3,30}|channel\\/UC[A-Za-z0-9_-]{22})(?:\\/(?:live|featured|streams|videos)?)?\\/?(?:[?#].*)?$`, 'i');
/** What the original tool stored for a prerecorded set, and how people write it. */
const PRERECORD_MARKER = /^pre-?record(?:ed|ing)?$/i;
/** What spreadsheets and forms hold for "no link". */
const NO_LINK = /^(?:-+|n\/?a|none|no|tbd|tba|null|undefined)$/i;
/** Where a recording is kept: file hosts, and any path ending in an audio or video file. */
const RECORDING_HOSTS = /(?:^|\.)(?:drive\.google\.com|dropbox(?:usercontent)?\.com|1drv\.ms|onedrive\.live\.com|mega\.nz|we(?:transfer\.com|\.tl)|(?:sound|mix)cloud\.com)$/i;
const MEDIA_FILE = /\.(?:mp3|mp4|m4a|m4v|wav|flac|aac|ogg|oga|opus|aif|aiff|mkv|mov|webm|avi|zip)$/i;

/** A Twitch username from a username, '@username', 'twitch:username' or a channel link; null when it is none. */
export function twitchUsernameOf(input: string): string | null {
  const text = input.trim();
  const prefixed = SERVICE_PREFIX.exec(text);
  if (prefixed) return prefixed[1]!.toLowerCase() === 'twitch' && TWITCH_NAME.test(prefixed[2]!) ? prefixed[2]!.toLowerCase() : null;
  const bare = text.replace(/^@/, '');
  if (TWITCH_NAME.test(bare) && !PRERECORD_MARKER.test(bare) && !NO_LINK.test(bare)) return bare.toLowerCase();
  return TWITCH_URL.exec(text)?.[1]!.toLowerCase() ?? null;
}

/**
 * What a link is and its one form; null for no link at all (empty, or what spreadsheets write for
 * none). A link this rule does not recognise is kept as typed (trimmed), service 'other':
 * streamLinkProblem says whether it is usable.
 */
export function readStreamLink(input: string): StreamLink | null {
  const text = input.trim();
  if (text === '' || NO_LINK.test(text)) return null;
  if (PRERECORD_MARKER.test(text)) return { service: 'prerecord', link: '', privateKey: false };
  const prefixed = SERVICE_PREFIX.exec(text);
  if (prefixed?.[1]!.toLowerCase() === 'vrcdn' && new RegExp(`^${NAME}$`).test(prefixed[2]!)) return vrcdn(prefixed[2]!);
  const twitch = twitchUsernameOf(text);
  if (twitch) return { service: 'twitch', link: `https://twitch.tv/${twitch}`, name: twitch, privateKey: false };
  const vrcdnLink = readVrcdn(text);
  if (vrcdnLink) return vrcdnLink;
  const youtube = readYoutube(text);
  if (youtube) return youtube;
  const url = parseUrl(text);
  if (url && url.protocol === 'https:' && (RECORDING_HOSTS.test(url.hostname) || MEDIA_FILE.test(url.pathname))) {
    return { service: 'recording', link: text, privateKey: false };
  }
  return { service: 'other', link: text, privateKey: isStreamKeyLink(text) };
}

/** The one form of a link (see readStreamLink); '' for none. Anything unrecognised stays as typed. */
export function normaliseStreamLink(input: string): string {
  return readStreamLink(input)?.link ?? '';
}

/** VRCDN's playback address of a stream: what the operator pulls (OBS, ffmpeg), the one form stored. */
const vrcdnPlayback = (name: string) => `rtmp://stream.vrcdn.live/live/${name}`;
const vrcdn = (name: string): StreamLink => ({ service: 'vrcdn', link: vrcdnPlayback(name), name, privateKey: false });

function readVrcdn(text: string): StreamLink | null {
  const match = VRCDN_URL.exec(text);
  if (!match) return null;
  const [, scheme = '', host = '', port = '', path = '', rest = ''] = match;
  const playback = VRCDN_PLAYBACK_PATH.exec(path);
  // An ingest address names the stream key, which may be the stream's own name (what hosts wrote in
  // the original tool), or a secret one: only the secret is kept as given, to be warned about.
  if (playback?.[1] && !rest && !looksLikeKey(playback[1])) return vrcdn(playback[1]);
  const link = `${scheme ? scheme.toLowerCase() : 'rtmp'}://${host.toLowerCase()}${port}${path}${rest}`;
  return { service: 'other', link, privateKey: isStreamKeyLink(link) };
}

function readYoutube(text: string): StreamLink | null {
  for (const pattern of YOUTUBE_VIDEO) {
    const id = pattern.exec(text)?.[1];
    if (id) return { service: 'youtube', link: `https://www.youtube.com/watch?v=${id}`, privateKey: false };
  }
  const channel = YOUTUBE_CHANNEL.exec(text)?.[1];
  return channel ? { service: 'youtube', link: `https://www.youtube.com/${channel}/live`, privateKey: false } : null;
}

export function parseUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

const acceptedForms = (label: string) =>
  `${label} must be a VRCDN link (rtspt://stream.vrcdn.live/live/NAME or vrcdn:NAME), a Twitch channel (twitch.tv/NAME or twitch:NAME), ` +
  'a YouTube live link, a link to a recording, or an rtmp://, rtmps://, rtsp://, rtspt://, srt:// or https:// address.';

/**
 * Why a link in its one form (normaliseStreamLink) is not one a stream can be taken from, saying
 * what is accepted; null when it is fine (an empty link included: whether one is required is the
 * form's rule). `label` starts the sentence ('The stream link').
 */
export function streamLinkProblem(link: string, label: string): string | null {
  if (link === '') return null;
  const url = parseUrl(link);
  if (!url || !(STREAM_LINK_PROTOCOLS as readonly string[]).includes(url.protocol) || !url.hostname || /\s/.test(link)) return acceptedForms(label);
  return null;
}

/** The stream source a link gives a slot (Stream Details' type and URL). A link of no known service keeps `declared` when given. */
export function streamSourceOf(link: string, declared?: StreamSourceType): { streamSourceType: StreamSourceType; streamSourceUrl: string } {
  const read = readStreamLink(link);
  const url = read?.link ?? '';
  if (declared === 'PRERECORD' || read?.service === 'prerecord' || read?.service === 'recording') return { streamSourceType: 'PRERECORD', streamSourceUrl: url };
  if (read?.service === 'vrcdn') return { streamSourceType: 'VRCDN', streamSourceUrl: url };
  if (read?.service === 'twitch') return { streamSourceType: 'TWITCH', streamSourceUrl: url };
  if (declared) return { streamSourceType: declared, streamSourceUrl: url };
  if (/^(?:rtmps?|rtspt?|srt):\/\//i.test(url)) return { streamSourceType: 'RTMP', streamSourceUrl: url };
  return { streamSourceType: 'MANUAL', streamSourceUrl: url };
}

// ---- Stream keys (issue 34 item 5) -----------------------------------------------------------
//
// An ingest address is where a DJ's encoder pushes, and its last part is their secret stream key:
// anyone who has it can stream as them. Nobody pulls from an ingest address, so one given as a
// stream link is a mistake: the DJ is warned and asked for their playback link, staff see it
// masked, and it is never shown to anyone else (docs/decisions/032-stream-links.md).

/** Hosts that only take streams in: VRCDN's, Twitch's, YouTube's ingests, and hosts so named. */
const INGEST_HOST = /(?:^|[.-])(?:ingest|publish|push|contribute|upload)[.-]|(?:^|\.)(?:live-video\.net|rtmps?\.youtube\.com)$|^live(?:-[a-z]+)?\.twitch\.tv$/i;
/** Query parameters that carry a secret. */
const SECRET_PARAMETER = /^(?:key|streamkey|stream_key|sk|token|secret|auth|password|passwd|pwd|passphrase|signature|sig)$/i;

/** Whether a token of a link's path looks like a secret key rather than a stream's name. */
export function looksLikeKey(token: string): boolean {
  if (/(?:^|_)sk_|^live_\d+_|^vrcdn_|secret/i.test(token)) return true;
  // YouTube's keys: groups of four (abcd-efgh-ijkl-mnop-qrst); UUIDs and long hexadecimal.
  if (/^[a-z0-9]{4}(?:-[a-z0-9]{4}){3,4}$|^[0-9a-f-]{24,}$/i.test(token)) return true;
  // A long random string: letters and digits taking turns often (a name has a few turns at most).
  if (token.length < 16) return false;
  const turns = token.replace(/[^A-Za-z0-9]/g, '').match(/[A-Za-z]+|[0-9]+/g)?.length ?? 0;
  return turns >= 8;
}

/**
 * Whether a link carries a private stream key: an ingest host with a key in its path, a path part
 * that looks like a key (VRCDN's `…_sk_…`, Twitch's `live_…`, YouTube's four-letter groups, a long
 * random token) or a query parameter named like a secret.
 */
export function isStreamKeyLink(link: string): boolean {
  const url = parseUrl(link.trim());
  if (!url || !/^(?:rtmps?|srt|rtspt?|https?):$/i.test(url.protocol)) return false;
  for (const [name, value] of url.searchParams) if (isSecretParameter(name, value)) return true;
  const parts = url.pathname.split('/').filter(Boolean).map(safeDecode);
  if (parts.some(looksLikeKey)) return true;
  // An ingest host's path is its app and the key; a pull-only app path alone ("/live") is no key.
  const rtmp = /^(?:rtmps?|srt):$/i.test(url.protocol);
  return rtmp && INGEST_HOST.test(url.hostname) && parts.length >= 2;
}

/** Whether a query parameter carries a secret: named like one, or a value that looks like a key. */
export const isSecretParameter = (name: string, value: string) => value !== '' && (SECRET_PARAMETER.test(name) || looksLikeKey(value));

/** A path part as its characters (a key pasted percent-encoded looks the same). */
export const safeDecode = (part: string) => {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
};

/** What the wizard and the DJ form say under a link that carries a stream key. */
export const STREAM_KEY_WARNING =
  'This looks like a private ingest address with your stream key: anyone who has it can stream as you. Please give your playback link instead (for VRCDN: rtspt://stream.vrcdn.live/live/NAME).';

/** How many earlier links the wizard offers. */
export const PREVIOUS_LINKS_SHOWN = 5;

/**
 * The distinct links among `links` (newest first), each in its one form, at most `max`; empty
 * ones and those that carry a stream key are left out (a key is never offered as a choice).
 */
export function distinctStreamLinks(links: readonly string[], max = PREVIOUS_LINKS_SHOWN): string[] {
  const seen = new Set<string>();
  for (const link of links) {
    const read = readStreamLink(link);
    if (read && read.link !== '' && !read.privateKey) seen.add(read.link);
    if (seen.size === max) break;
  }
  return [...seen];
}
