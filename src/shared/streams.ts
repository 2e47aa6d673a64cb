// Stream links as people paste them (issue 13 "stream details from the signup"): VRCDN and
// Twitch links in their many spellings, and bare Twitch usernames, recognised and written in
// one form, so Stream Details, the run sheet and the lineup agree on what a link is.
import type { StreamSourceType } from './domain.js';

const TWITCH_NAME = /^[A-Za-z0-9_]{3,25}$/;
const TWITCH_URL = /^(?:https?:\/\/)?(?:www\.|m\.)?twitch\.tv\/([A-Za-z0-9_]{3,25})\/?(?:[?#].*)?$/i;
const VRCDN_URL = /^(?:(rtmps?):\/\/)?((?:[a-z0-9-]+\.)*vrcdn\.live)(\/.*)?$/i;

/** A Twitch username from a username, '@username' or a channel link; null when it is none. */
export function twitchUsernameOf(input: string): string | null {
  const text = input.trim().replace(/^@/, '');
  if (TWITCH_NAME.test(text)) return text.toLowerCase();
  const match = TWITCH_URL.exec(text);
  return match ? match[1]!.toLowerCase() : null;
}

/**
 * The one form of a stream link: Twitch channels as https://twitch.tv/name (a bare username
 * counts), VRCDN links with their rtmp scheme and lower-case host; anything else as typed.
 */
export function normaliseStreamLink(input: string): string {
  const text = input.trim();
  if (text === '') return '';
  const twitch = twitchUsernameOf(text);
  if (twitch) return `https://twitch.tv/${twitch}`;
  const vrcdn = VRCDN_URL.exec(text);
  if (vrcdn) return `${(vrcdn[1] ?? 'rtmp').toLowerCase()}://${vrcdn[2]!.toLowerCase()}${vrcdn[3] ?? ''}`;
  return text;
}

/** How Stream Details takes a link from: its source type and the link in its one form. */
export function streamSourceOf(link: string): { streamSourceType: StreamSourceType; streamSourceUrl: string } {
  const url = normaliseStreamLink(link);
  if (url.startsWith('https://twitch.tv/')) return { streamSourceType: 'TWITCH', streamSourceUrl: url };
  if (VRCDN_URL.test(url)) return { streamSourceType: 'VRCDN', streamSourceUrl: url };
  if (/^(rtmps?|srt):\/\//i.test(url)) return { streamSourceType: 'RTMP', streamSourceUrl: url };
  return { streamSourceType: 'MANUAL', streamSourceUrl: url };
}

/** How many earlier links the wizard offers. */
export const PREVIOUS_LINKS_SHOWN = 5;

/** The distinct links among `links` (newest first), each in its one form, empty ones dropped, at most `max`. */
export function distinctStreamLinks(links: readonly string[], max = PREVIOUS_LINKS_SHOWN): string[] {
  const seen = new Set<string>();
  for (const link of links) {
    const normal = normaliseStreamLink(link);
    if (normal !== '') seen.add(normal);
    if (seen.size === max) break;
  }
  return [...seen];
}
