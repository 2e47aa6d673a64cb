// Plain-text generators for the Messaging, Verify DJs and Setup tabs. Output is pasted into
// Discord or social media as is, so names are never visibly escaped; every piece of text a
// person typed (event name, host, message, footer, signup and DJ names) goes through
// neutralise(), which only adds invisible characters where the text would ping someone or
// format the message. Only the app's own tokens stay live: DJ pings <@id>, role pings <@&id>
// and timestamp tags <t:…>. Slot times always come from layoutSlots, never from the stored
// start times, which may be stale.
import { DateTime } from 'luxon';
import { neutralise } from './discord-text.js';
import type { Dj, LineupEvent, Slot } from './domain.js';
import { layoutSlots } from './lineup.js';

export type AnnouncementEvent = Pick<
  LineupEvent,
  'name' | 'startDatetime' | 'host' | 'message' | 'footer' | 'slots' | 'signups'
>;

export interface DiscordAnnouncementOptions {
  announcementRoleIds: readonly string[];
}

const MISSING_SIGNUP = 'Error : Unable to find signup for this slot';
const SOCIAL_ZONE = 'Europe/London';

/** Discord timestamp tag; F = full date and time, t = short time, in each reader's own zone. */
function discordTime(iso: string, style: 'F' | 't'): string {
  return `<t:${Math.floor(Date.parse(iso) / 1000)}:${style}>`;
}

function hostOr(host: string, fallback: string): string {
  return host.trim() ? neutralise(host) : fallback;
}

interface AnnouncedSlot {
  slot: Slot;
  /** Neutralised, as printed. Null when neither a signup, a legacy dj_name nor a known DJ names the slot. */
  name: string | null;
  djIds: string[];
}

/**
 * Resolves each laid-out slot once. Same rule as slotName (signup, then legacy dj_name) but,
 * instead of throwing, old slots that only kept a DJ reference are named after that DJ and a
 * slot nobody can name yields null so the text can show the spec's error line.
 */
function announcedSlots(event: AnnouncementEvent, djs: Record<string, Dj>): AnnouncedSlot[] {
  return layoutSlots(event.startDatetime, event.slots, event.signups).map((slot) => {
    const signup = event.signups.find((s) => s.uuid === slot.signupUuid);
    if (signup) return { slot, name: neutralise(signup.name), djIds: [...signup.djRefs] };
    const legacyDj = slot.djRef ? djs[slot.djRef] : undefined;
    const name = slot.djName || legacyDj?.djName || legacyDj?.publicName || null;
    return { slot, name: name === null ? null : neutralise(name), djIds: slot.djRef ? [slot.djRef] : [] };
  });
}

/** Sections separated by one blank line; empty sections (no message, no roles) are dropped. */
function joinSections(sections: Array<string | null>): string {
  return sections.filter((section): section is string => !!section && section.trim() !== '').join('\n\n');
}

/** The Discord tab of Public Announcements. */
export function discordAnnouncement(
  event: AnnouncementEvent,
  djs: Record<string, Dj>,
  { announcementRoleIds }: DiscordAnnouncementOptions,
): string {
  const slots = announcedSlots(event, djs);
  const lineup = slots.length
    ? slots
        .map(({ slot, name }) => {
          const text = name === null ? MISSING_SIGNUP : slot.isDebut ? `${name} (DEBUTT!)` : name;
          return `${discordTime(slot.startTime, 't')} : ${text}`;
        })
        .join('\n')
    : 'TBA';
  return joinSections([
    neutralise(event.name),
    neutralise(event.message),
    `Event start: ${discordTime(event.startDatetime, 'F')}\nHost: ${hostOr(event.host, 'TBA')}`,
    `Lineup:\n${lineup}`,
    neutralise(event.footer),
    // Settings only accept digit ids; anything else is never written as a live mention.
    announcementRoleIds
      .filter((id) => /^\d+$/.test(id))
      .map((id) => `<@&${id}>`)
      .join(' '),
  ]);
}

/** '8pm', '8:30pm', '12am'. */
function socialTime(dt: DateTime): string {
  return dt.setLocale('en-US').toFormat(dt.minute === 0 ? 'ha' : 'h:mma').toLowerCase();
}

/** 'BST' or 'GMT', whatever the runtime's ICU data calls the offset. */
function londonZoneName(dt: DateTime): string {
  const name = dt.setLocale('en-GB').toFormat('ZZZZ');
  if (name === 'BST' || name === 'GMT') return name;
  return dt.isInDST ? 'BST' : 'GMT';
}

/** The Social Media tab: London times, written the way people read them ('8pm'). */
export function socialAnnouncement(event: AnnouncementEvent, djs: Record<string, Dj>): string {
  const start = DateTime.fromISO(event.startDatetime, { zone: SOCIAL_ZONE });
  const lines = announcedSlots(event, djs).map(({ slot, name }) => {
    const time = socialTime(DateTime.fromISO(slot.startTime, { zone: SOCIAL_ZONE }));
    const text = name === null ? MISSING_SIGNUP : slot.isDebut ? `${name} - DEBUTT` : name;
    return `${time} - ${text}`;
  });
  return joinSections([
    [neutralise(event.name), start.setLocale('en-US').toFormat('cccc d LLLL'), `Host: ${hostOr(event.host, 'TBA')}`].join('\n'),
    [`Lineup: (times ${londonZoneName(start)})`, ...(lines.length ? lines : ['TBA'])].join('\n'),
    neutralise(event.footer),
  ]);
}

/** A DJ as Verify DJs addresses them: a mention when they have a Discord ID, else by name. */
function addressDj(djId: string, djs: Record<string, Dj>): string {
  const dj = djs[djId];
  if (!dj) return 'Unknown DJ';
  const discordId = dj.discordId?.trim();
  if (discordId && /^\d+$/.test(discordId)) return `<@${discordId}>`;
  return neutralise(dj.djName || dj.publicName || 'Unknown DJ');
}

/** The proposed lineup posted in the scheduling channel before announcing (Verify DJs tab). */
export function verifyLineupMessage(event: AnnouncementEvent, djs: Record<string, Dj>): string {
  const lines = announcedSlots(event, djs).map(({ slot, name, djIds }) => {
    const label = name === null ? MISSING_SIGNUP : slot.isDebut ? `${name} (DEBUTT!)` : name;
    const who = djIds.map((id) => addressDj(id, djs)).join(', ');
    return `${discordTime(slot.startTime, 't')} : ${label}${who ? ` - ${who}` : ''}`;
  });
  return joinSections([
    `Proposed lineup for ${neutralise(event.name)}\nEvent start: ${discordTime(event.startDatetime, 'F')}\nHost: ${hostOr(event.host, 'TBA')}`,
    lines.length ? lines.join('\n') : 'No slots yet',
    'DJs listed above: please react to this message if your slot works for you!',
  ]);
}

export type SignupSheetEvent = Pick<LineupEvent, 'name' | 'startDatetime' | 'host'>;

/** Setup tab: the sample message to post when signups open. */
export function signupSheetMessage(event: SignupSheetEvent, signupLink: string): string {
  return [
    `Signups are open for ${neutralise(event.name)} on ${discordTime(event.startDatetime, 'F')}!`,
    event.host.trim() ? `Host: ${neutralise(event.host)}` : 'Host TBD!',
    `Sign up here: ${signupLink}`,
  ].join('\n');
}
