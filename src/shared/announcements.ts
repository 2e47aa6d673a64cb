// Plain-text generators for the Messaging, Verify DJs and Setup tabs. Output is pasted into
// Discord or social media as is. Every piece of text a person typed goes through neutralise(),
// which only adds invisible characters where the text would ping someone or format the message;
// in texts for Discord, names (event name, host, signup and DJ names) go through discordName(),
// which also keeps Discord's inline formatting (bold, spoilers, code…) from applying, so a name
// shows as typed (discord-text.ts). A staff message and footer keep their formatting. Only the
// app's own tokens stay live: DJ pings <@id>, role pings <@&id> and timestamp tags <t:…>. Slots
// are named and timed by placeSlots (shared/lineup.ts).
import { DateTime } from 'luxon';
import type { Dj } from './schemas/djs.js';
import type { LineupEvent } from './schemas/events.js';
import { DISCORD_MESSAGE_LIMIT, type DiscordPostKind } from './discord-webhooks.js';
import { discordName, neutralise } from './discord-text.js';
import { placeSlots } from './lineup.js';
import { pluralise } from './pluralise.js';
import { SPEC_ZONE, zoneAbbreviation } from './time.js';

export type AnnouncementEvent = Pick<
  LineupEvent,
  'name' | 'startDatetime' | 'host' | 'message' | 'footer' | 'slots' | 'signups'
>;

export interface DiscordAnnouncementOptions {
  announcementRoleIds: readonly string[];
}

/**
 * A text for Discord and the mentions the app itself wrote into it: a post lets exactly these
 * ping (allowed_mentions), whatever else the text seems to contain.
 */
export interface DiscordMessage {
  content: string;
  mentions: { users: string[]; roles: string[] };
}

/** Writes the app's own mention tokens and remembers each, so the mentions come from the same data as the text. */
export class Mentions {
  private readonly users = new Set<string>();
  private readonly roles = new Set<string>();

  user(discordId: string): string {
    this.users.add(discordId);
    return `<@${discordId}>`;
  }

  role(roleId: string): string {
    this.roles.add(roleId);
    return `<@&${roleId}>`;
  }

  message(content: string): DiscordMessage {
    return { content, mentions: { users: [...this.users], roles: [...this.roles] } };
  }
}

const MISSING_SIGNUP = 'Error : Unable to find signup for this slot';

/** Discord timestamp tag in each reader's own zone: F full date and time, t short time, D date, R relative ('in an hour'). */
export function discordTime(iso: string, style: 'F' | 't' | 'R' | 'D'): string {
  return `<t:${Math.floor(Date.parse(iso) / 1000)}:${style}>`;
}

/** How a text prints the names people typed: discordName for Discord, neutralise for social media. */
type NameStyle = (name: string) => string;

function hostOr(host: string, fallback: string, style: NameStyle): string {
  return host.trim() ? style(host) : fallback;
}

/** A slot's name as printed, or the spec's error line when nothing names it. */
const printedName = (name: string | null, style: NameStyle) => (name === null ? MISSING_SIGNUP : style(name));

/** Sections separated by one blank line; empty sections (no message, no roles) are dropped. */
function joinSections(sections: Array<string | null>): string {
  return sections.filter((section): section is string => !!section && section.trim() !== '').join('\n\n');
}

/** The Discord tab of Public Announcements. */
export function discordAnnouncement(event: AnnouncementEvent, djs: Record<string, Dj>, options: DiscordAnnouncementOptions): string {
  return discordAnnouncementMessage(event, djs, options).content;
}

/** The Discord announcement with its mentions: the announcement roles. */
export function discordAnnouncementMessage(
  event: AnnouncementEvent,
  djs: Record<string, Dj>,
  { announcementRoleIds }: DiscordAnnouncementOptions,
): DiscordMessage {
  const mentions = new Mentions();
  const slots = placeSlots(event, djs);
  const lineup = slots.length
    ? slots
        .map(({ name, isDebut, startTime }) => {
          const text = name !== null && isDebut ? `${printedName(name, discordName)} (DEBUTT!)` : printedName(name, discordName);
          return `${discordTime(startTime, 't')} : ${text}`;
        })
        .join('\n')
    : 'TBA';
  return mentions.message(joinSections([
    // The roles are pinged first, as the Global Settings help says. Settings only accept digit
    // ids; anything else is never written as a live mention.
    announcementRoleIds
      .filter((id) => /^\d+$/.test(id))
      .map((id) => mentions.role(id))
      .join(' '),
    discordName(event.name),
    neutralise(event.message),
    `Event start: ${discordTime(event.startDatetime, 'F')}\nHost: ${hostOr(event.host, 'TBA', discordName)}`,
    `Lineup:\n${lineup}`,
    neutralise(event.footer),
  ]));
}

/** '8pm', '8:30pm', '12am'. */
function socialTime(dt: DateTime): string {
  return dt.setLocale('en-US').toFormat(dt.minute === 0 ? 'ha' : 'h:mma').toLowerCase();
}

/** 'BST' or 'GMT', whatever the runtime's ICU data calls the offset. */
function londonZoneName(dt: DateTime): string {
  const name = zoneAbbreviation(dt.toISO() ?? '', SPEC_ZONE);
  if (name === 'BST' || name === 'GMT') return name;
  return dt.isInDST ? 'BST' : 'GMT';
}

/** The Social Media tab: London times, written the way people read them ('8pm'). */
export function socialAnnouncement(event: AnnouncementEvent, djs: Record<string, Dj>): string {
  const start = DateTime.fromISO(event.startDatetime, { zone: SPEC_ZONE });
  const lines = placeSlots(event, djs).map(({ name, isDebut, startTime }) => {
    const time = socialTime(DateTime.fromISO(startTime, { zone: SPEC_ZONE }));
    const text = name !== null && isDebut ? `${printedName(name, neutralise)} - DEBUTT` : printedName(name, neutralise);
    return `${time} - ${text}`;
  });
  return joinSections([
    [neutralise(event.name), start.setLocale('en-US').toFormat('cccc d LLLL'), `Host: ${hostOr(event.host, 'TBA', neutralise)}`].join('\n'),
    [`Lineup: (times ${londonZoneName(start)})`, ...(lines.length ? lines : ['TBA'])].join('\n'),
    neutralise(event.footer),
  ]);
}

/** The Discord ID the app may mention a DJ by (digits only), or null: never <@undefined> or a typed token. */
export function mentionableId(dj: Pick<Dj, 'discordId'> | undefined): string | null {
  const discordId = dj?.discordId?.trim();
  return discordId && /^\d+$/.test(discordId) ? discordId : null;
}

/** A DJ as Verify DJs addresses them: a mention when they have a Discord ID, else by name. */
function addressDj(djId: string, djs: Record<string, Dj>, mentions: Mentions): string {
  const dj = djs[djId];
  if (!dj) return 'Unknown DJ';
  const discordId = mentionableId(dj);
  if (discordId) return mentions.user(discordId);
  return discordName(dj.djName || dj.publicName || 'Unknown DJ');
}

/**
 * The proposed lineup posted in the scheduling channel before announcing (Verify DJs tab). With
 * `confirmLink` (the signup page, where a DJ's Confirm is the verification), each line that
 * mentions a DJ ends with it; a lineup too long for one Discord message with a link on every
 * line gives it once at the end instead.
 */
export function verifyLineupMessage(event: AnnouncementEvent, djs: Record<string, Dj>, confirmLink?: string): string {
  return verifyLineupDiscordMessage(event, djs, confirmLink).content;
}

/** The Verify DJs message with its mentions: the lineup's DJs that have a Discord ID. */
export function verifyLineupDiscordMessage(event: AnnouncementEvent, djs: Record<string, Dj>, confirmLink?: string): DiscordMessage {
  const perLine = verifyLineup(event, djs, confirmLink, true);
  return confirmLink && perLine.content.length > DISCORD_MESSAGE_LIMIT ? verifyLineup(event, djs, confirmLink, false) : perLine;
}

function verifyLineup(event: AnnouncementEvent, djs: Record<string, Dj>, confirmLink: string | undefined, linkPerLine: boolean): DiscordMessage {
  const mentions = new Mentions();
  let linked = false;
  const lines = placeSlots(event, djs).map(({ name, isDebut, startTime, djIds }) => {
    const label = name !== null && isDebut ? `${printedName(name, discordName)} (DEBUTT!)` : printedName(name, discordName);
    const who = djIds.map((id) => addressDj(id, djs, mentions)).join(', ');
    const mentioned = djIds.some((id) => mentionableId(djs[id]) !== null);
    linked ||= mentioned;
    const link = confirmLink && linkPerLine && mentioned ? ` · confirm: <${confirmLink}>` : '';
    return `${discordTime(startTime, 't')} : ${label}${who ? ` - ${who}` : ''}${link}`;
  });
  const confirm = !confirmLink || !linked
    ? null
    : linkPerLine
      ? 'You can also confirm with the link on your line (sign in with Discord): the hosts see it in Lineup at once.'
      : `You can also confirm your slot here (sign in with Discord): <${confirmLink}>`;
  return mentions.message(joinSections([
    `Proposed lineup for ${discordName(event.name)}\nEvent start: ${discordTime(event.startDatetime, 'F')}\nHost: ${hostOr(event.host, 'TBA', discordName)}`,
    lines.length ? lines.join('\n') : 'No slots yet',
    ['DJs listed above: please react to this message if your slot works for you!', confirm].filter(Boolean).join('\n'),
  ]));
}

export type SignupSheetEvent = Pick<LineupEvent, 'name' | 'startDatetime' | 'host'>;

/** Setup tab: the sample message to post when signups open. */
export function signupSheetMessage(event: SignupSheetEvent, signupLink: string): string {
  return [
    `Signups are open for ${discordName(event.name)} on ${discordTime(event.startDatetime, 'F')}!`,
    event.host.trim() ? `Host: ${discordName(event.host)}` : 'Host TBD!',
    `Sign up here: ${signupLink}`,
  ].join('\n');
}

/**
 * A cancelled event's notice (issue 34), for staff to copy or post: the announcement roles first,
 * as the announcement pings them, then that the event is off, in words, and the DJs of its lineup
 * addressed as Verify DJs addresses them, so posting it tells them too.
 */
export function cancellationDiscordMessage(event: AnnouncementEvent, djs: Record<string, Dj>, { announcementRoleIds }: DiscordAnnouncementOptions): DiscordMessage {
  const mentions = new Mentions();
  const lineupDjs = [...new Set(placeSlots(event, djs).flatMap((slot) => slot.djIds))];
  const whom = lineupDjs.map((id) => addressDj(id, djs, mentions));
  return mentions.message(joinSections([
    announcementRoleIds
      .filter((id) => /^\d+$/.test(id))
      .map((id) => mentions.role(id))
      .join(' '),
    `${discordName(event.name)} on ${discordTime(event.startDatetime, 'F')} is cancelled: it will not take place.`,
    whom.length > 0 ? `${whom.join(', ')}: your sets are off. Thank you for signing up, and sorry for the change of plans.` : null,
    `Host: ${hostOr(event.host, 'TBA', discordName)}`,
  ]));
}

export interface DiscordPostInput {
  event: AnnouncementEvent;
  djs: Record<string, Dj>;
  announcementRoleIds: readonly string[];
  /** The event's public signup link (origin plus /eventSignup/{eventId}). */
  signupLink: string;
}

/** The text of each kind of post, with its mentions: what the server posts, built the way the tabs show it. */
export function discordPostMessage(kind: DiscordPostKind, { event, djs, announcementRoleIds, signupLink }: DiscordPostInput): DiscordMessage {
  if (kind === 'verify') return verifyLineupDiscordMessage(event, djs, signupLink);
  if (kind === 'announcement') return discordAnnouncementMessage(event, djs, { announcementRoleIds });
  if (kind === 'cancellation') return cancellationDiscordMessage(event, djs, { announcementRoleIds });
  return new Mentions().message(signupSheetMessage(event, signupLink));
}

/**
 * Whom a post notifies, in words ('Pings the announcement role and 2 DJs (Rex, Nova).'): the
 * roles and DJs the app itself mentioned, which are all a post lets ping.
 */
export function whoIsPinged({ mentions: { users, roles } }: DiscordMessage, djs: Record<string, Dj>): string {
  const byDiscordId = new Map(Object.values(djs).flatMap((dj) => (dj.discordId ? [[dj.discordId, dj.djName || dj.publicName]] : [])));
  const parts = [
    roles.length === 0 ? '' : roles.length === 1 ? 'the announcement role' : `the ${roles.length} announcement roles`,
    users.length === 0 ? '' : `${pluralise(users.length, 'DJ')} (${users.map((id) => byDiscordId.get(id) ?? 'a DJ').join(', ')})`,
  ].filter(Boolean);
  return parts.length === 0 ? 'Pings no one.' : `Pings ${parts.join(' and ')}.`;
}
