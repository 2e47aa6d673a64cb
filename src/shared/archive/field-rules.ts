import type { z } from 'zod';
import { DJ_LIMITS, djInputSchema } from '../schemas/djs.js';
import { EVENT_LIMITS, eventFieldsSchema, PUBLIC_LINK_LIMITS, publicLinkSchema } from '../schemas/events.js';
import { LINEUP_LIMITS, legacySlotSchema, slotSchema, staffSignupSchema } from '../schemas/lineup.js';
import { withoutNonText } from '../non-text.js';
import type { ArchiveTables } from './schema.js';

// Imported text passes the rules the forms apply (issue 32, Deliver 5), whichever file it came
// from: what a form would refuse is cleaned where that keeps its meaning (a line break in a name
// becomes a space, an invisible direction mark goes, a name over its limit is cut) and left empty
// where it cannot (a link no form takes, a Discord ID that is not one), each with a line in the
// report naming the DJ or event. Values that already pass are kept exactly (only put in the one
// form the forms store, as a link's spelling), so an archive exported and imported again is the
// same archive.

type Schema = z.ZodType<unknown, string>;

const clip = (text: string, max = 60) => {
  const flat = text.replace(/\s+/g, ' ');
  return [...flat].length > max ? `${[...flat].slice(0, max - 1).join('')}…` : flat;
};

/** What a one-line rule refuses, taken out: controls and line breaks become spaces, direction marks and non-text go. */
function oneLineCleaned(value: string, max: number): string {
  const flat = withoutNonText(value)
    .replace(/[\u202a-\u202e\u2066-\u2069]/g, '')
    // eslint-disable-next-line no-control-regex -- control characters are what is taken out
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return [...flat].slice(0, max).join('').trim();
}

interface Rule {
  schema: Schema;
  /** How a text the rule refuses is cleaned to pass (names, texts); links and IDs are left empty instead. */
  clean?: (value: string) => string;
  /** The value kept when the rule refuses even the cleaned text (a required name). */
  fallback?: string;
}

export class FieldCleaner {
  readonly report: string[] = [];

  /** The value as the rule stores it, cleaned or emptied with a report line when the rule refuses it. */
  apply(value: string, rule: Rule, where: string, label: string, empty = ''): string {
    const parsed = rule.schema.safeParse(value);
    if (parsed.success) return parsed.data as string;
    const reason = parsed.error.issues[0]?.message ?? 'it breaks the rules of the form';
    if (rule.clean) {
      const cleaned = rule.clean(value);
      const again = rule.schema.safeParse(cleaned);
      if (again.success && again.data !== '') {
        this.report.push(`${where}: ${label} "${clip(value)}" was cleaned to "${clip(again.data as string)}" (${reason.replace(/\.$/, '')}).`);
        return again.data as string;
      }
      if (rule.fallback !== undefined) {
        this.report.push(`${where}: ${label} "${clip(value)}" could not be used (${reason.replace(/\.$/, '')}); "${rule.fallback}" was put in its place.`);
        return rule.fallback;
      }
    }
    this.report.push(`${where}: ${label} "${clip(value)}" was left empty (${reason.replace(/\.$/, '')}); enter it again in Lineup.`);
    return empty;
  }
}

const oneLine = (max: number) => (value: string) => oneLineCleaned(value, max);
const cut = (max: number) => (value: string) => [...withoutNonText(value)].slice(0, max).join('');
const eventShape = eventFieldsSchema.shape;
const djShape = djInputSchema.shape;
const RULES = {
  eventName: { schema: eventShape.name, clean: oneLine(EVENT_LIMITS.name), fallback: 'Event' },
  host: { schema: eventShape.host, clean: oneLine(EVENT_LIMITS.host) },
  message: { schema: eventShape.message, clean: cut(EVENT_LIMITS.message) },
  footer: { schema: eventShape.footer, clean: cut(EVENT_LIMITS.footer) },
  djName: { schema: djShape.djName, clean: oneLine(DJ_LIMITS.name) },
  publicName: { schema: djShape.publicName, clean: oneLine(DJ_LIMITS.name) },
  rtmpUrl: { schema: djShape.rtmpUrl },
  twitchUsername: { schema: djShape.twitchUsername },
  discordId: { schema: djShape.discordId },
  signupName: { schema: staffSignupSchema.shape.name, clean: oneLine(LINEUP_LIMITS.signupName), fallback: 'Signup' },
  slotDjName: { schema: legacySlotSchema.shape.djName.unwrap(), clean: oneLine(LINEUP_LIMITS.signupName) },
  streamSourceUrl: { schema: slotSchema.shape.streamSourceUrl },
} satisfies Record<string, Rule>;

const day = (iso: string) => iso.slice(0, 10);

/**
 * The tables with every text the forms check put through their rules, and what was changed.
 * A DJ's required names fall back on each other (a roster row may have only one).
 */
export function cleanArchiveTables(tables: ArchiveTables): { tables: ArchiveTables; report: string[] } {
  const cleaner = new FieldCleaner();
  const eventName = new Map<string, string>();
  const events = tables.events.map((event) => {
    const where = `Event "${clip(event.name) || event.id}" (${day(event.start_at)})`;
    const name = cleaner.apply(event.name, RULES.eventName, where, 'the name');
    eventName.set(event.id, `Event "${name}" (${day(event.start_at)})`);
    return {
      ...event,
      name,
      host: cleaner.apply(event.host, RULES.host, where, 'the host'),
      message: cleaner.apply(event.message, RULES.message, where, 'the message'),
      footer: cleaner.apply(event.footer, RULES.footer, where, 'the footer'),
      public_links: publicLinks(event.public_links, where, cleaner),
    };
  });
  const djs = tables.djs.map((dj) => {
    const where = `DJ "${clip(dj.dj_name || dj.public_name) || dj.id}"`;
    const djName = cleaner.apply(dj.dj_name || dj.public_name, { ...RULES.djName, fallback: dj.id }, where, 'the Dj Name');
    const publicName = cleaner.apply(dj.public_name || djName, { ...RULES.publicName, fallback: djName }, where, 'the public name');
    return {
      ...dj,
      dj_name: djName,
      public_name: publicName,
      discord_id: dj.discord_id === null || dj.discord_id === '' ? null : cleaner.apply(dj.discord_id, RULES.discordId, where, 'the Discord ID') || null,
      rtmp_url: cleaner.apply(dj.rtmp_url, RULES.rtmpUrl, where, 'the stream URL'),
      twitch_username: cleaner.apply(dj.twitch_username, RULES.twitchUsername, where, 'the Twitch username'),
    };
  });
  const signups = tables.signups.map((signup) => {
    const where = `${eventName.get(signup.event_id) ?? `Event ${signup.event_id}`}, signup "${clip(signup.name)}"`;
    return { ...signup, name: cleaner.apply(signup.name, RULES.signupName, where, 'the name') };
  });
  const slots = tables.slots.map((slot) => {
    const where = `${eventName.get(slot.event_id) ?? `Event ${slot.event_id}`}, slot ${slot.position + 1}`;
    const legacyName = slot.legacy_dj_name === null ? null : cleaner.apply(slot.legacy_dj_name, RULES.slotDjName, where, 'the DJ name') || null;
    return { ...slot, legacy_dj_name: legacyName, stream_source_url: cleaner.apply(slot.stream_source_url, RULES.streamSourceUrl, where, 'the stream source') };
  });
  return { tables: { ...tables, events, djs, signups, slots }, report: cleaner.report };
}

type Json = ArchiveTables['events'][number]['public_links'];

function publicLinks(value: Json, where: string, cleaner: FieldCleaner): Json {
  if (!Array.isArray(value)) return value;
  const kept = value.filter((candidate) => {
    const parsed = publicLinkSchema.safeParse(candidate);
    if (!parsed.success) cleaner.report.push(`${where}: the public link ${clip(JSON.stringify(candidate))} was left out (${parsed.error.issues[0]?.message.replace(/\.$/, '')}).`);
    return parsed.success;
  });
  if (kept.length > PUBLIC_LINK_LIMITS.links) cleaner.report.push(`${where}: only the first ${PUBLIC_LINK_LIMITS.links} public links were kept.`);
  return kept.slice(0, PUBLIC_LINK_LIMITS.links) as Json;
}
