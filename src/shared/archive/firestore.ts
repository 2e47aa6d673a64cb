import { SIGNUP_TYPES, STREAM_SOURCE_TYPES, type StreamSourceType } from '../domain.js';
import { computeDjPlays, eventEnd, placeSlots, unnamedSlotError } from '../lineup.js';
import { pluralise } from '../pluralise.js';
import type { Signup, Slot } from '../schemas/lineup.js';
import { signupFormDataSchema } from '../schemas/signup-answers.js';
import { normaliseStreamLink, streamSourceOf } from '../streams.js';
import { ANY_TIME } from '../time.js';
import { cleanArchiveTables } from './field-rules.js';
import { type Collections, type ImportFile, readFirestoreFiles } from './firestore-files.js';
import { type Availability, readFirestoreAnswers } from './firestore-answers.js';
import { bool, firestoreInstant, firestoreRef, hours, isObject, NUMBER_MARK, numericDiscordId, text } from './firestore-values.js';
import { inconsistency, type Read } from './read.js';
import { type Archive, ARCHIVE_FORMAT, ARCHIVE_VERSION, archiveSchema, type ArchiveTables, emptyTables } from './schema.js';

// The original tool's data (spec §3) from a JSON export of its Firestore collections: `events`
// documents with embedded signups, slots and dj_plays, `djs`, and `global/global_settings`, in
// the shapes the export tools write (firestore-files.ts, firestore-values.ts). Mapped to a Lineup
// archive; everything left out or changed is a line of `skipped` that names the DJ or event, and
// every field and collection Lineup has no place for is named, so an admin knows what stayed behind.

export interface FirestoreImport {
  archive: Archive;
  skipped: string[];
}

type Doc = Record<string, unknown>;

const day = (iso: string) => iso.slice(0, 10);

/** Fields of each kind of document the mapping reads (or knows to be derived); any other is reported. */
const READ_FIELDS = {
  djs: ['id', 'discord_id', 'public_name', 'dj_name', 'rtmp_url', 'twitch_username', 'events', 'notes', 'avatar', '__collections__'],
  events: ['id', 'name', 'start_datetime', 'end_datetime', 'published', 'host', 'message', 'footer', 'signupsAreOpen', 'signups', 'slots', 'dj_plays', 'poster_url', 'poster', '__collections__'],
  signups: ['uuid', 'name', 'dj_refs', 'is_debut', 'debut', 'requested_duration', 'type', 'event_signup_form_data', 'stream_link', 'prerecord_url', 'prerecord_link', 'availability', 'available_from', 'available_to'],
  slots: ['signup_uuid', 'dj_name', 'dj_ref', 'start_time', 'duration', 'is_debut', 'debut', 'slot_type', 'stream_source_url', 'stream_source_type', 'rtmp_url', 'twitch_username', 'prerecord_url', 'name', 'djs', 'reconciled'],
  global: ['signup_url'],
} as const;

/** Why a field of the original tool has no place in Lineup, where it is known. */
const NO_PLACE: Record<string, string> = {
  live_jive: 'Lineup has no Live Jive flag; mark those events in their name or message if you need to',
  social_text: 'Lineup writes the social text from the lineup; copy an override you want to keep from the file',
  social_text_override: 'Lineup writes the social text from the lineup; copy an override you want to keep from the file',
};

/** Fields not carried, by collection and field, with the documents (by name) that had them. */
class LeftBehind {
  private readonly fields = new Map<string, string[]>();
  note(collection: string, doc: Doc, known: readonly string[], name: string) {
    for (const field of Object.keys(doc)) {
      if (known.includes(field)) continue;
      const key = `${collection}\u0000${field}`;
      this.fields.set(key, [...(this.fields.get(key) ?? []), name]);
    }
  }
  lines(): string[] {
    return [...this.fields].map(([key, names]) => {
      const [collection, field] = key.split('\u0000') as [string, string];
      const why = NO_PLACE[field] ?? 'Lineup has no place for it';
      const shown = names.slice(0, 5).join(', ') + (names.length > 5 ? ` and ${pluralise(names.length - 5, 'other')}` : '');
      return `The field "${field}" of ${collection} was not carried (${why}): ${shown}.`;
    });
  }
}

/** The export's files mapped to an archive, or why they cannot be. */
export function readFirestoreExport(files: readonly ImportFile[], now: string): Read<FirestoreImport> {
  const read = readFirestoreFiles(files);
  if (!read.ok) return read;
  const { collections, notes } = read.value;
  const skipped = [...notes];
  const leftBehind = new LeftBehind();
  const tables = emptyTables();
  const djNames = mapDjs(Object.entries(collections.djs ?? {}), tables, skipped, leftBehind, now);
  for (const [id, doc] of Object.entries(collections.events ?? {})) mapEvent(id, doc, djNames, tables, skipped, leftBehind, now);
  mapGlobal(collections, tables, leftBehind, now);
  for (const [name, documents] of Object.entries(collections)) {
    if (name in READ_FIELDS) continue;
    skipped.push(`The collection "${name}" (${pluralise(Object.keys(documents).length, 'document')}) was not carried: Lineup has no place for it.`);
  }
  skipped.push(...leftBehind.lines());

  const cleaned = cleanArchiveTables(tables);
  skipped.push(...cleaned.report);
  const archive = archiveSchema.safeParse({ format: ARCHIVE_FORMAT, version: ARCHIVE_VERSION, schema: 'firestore', exportedAt: now, tables: cleaned.tables });
  if (!archive.success) return { ok: false, message: `The export could not be mapped: ${archive.error.issues[0]?.message}` };
  const problem = inconsistency(archive.data.tables);
  return problem ? { ok: false, message: `The export could not be mapped: ${problem}` } : { ok: true, value: { archive: archive.data, skipped } };
}

function mapGlobal(collections: Collections, tables: ArchiveTables, leftBehind: LeftBehind, now: string) {
  const global = collections.global ?? {};
  for (const [id, doc] of Object.entries(global)) {
    if (id !== 'global_settings') {
      leftBehind.note('global', { [id]: true }, [], `the document ${id}`);
      continue;
    }
    leftBehind.note('global', doc, READ_FIELDS.global, 'global_settings');
    const signupUrl = text(doc.signup_url);
    if (signupUrl) tables.settings.push({ key: 'global', value: { signupUrl }, updated_at: now });
  }
}

const DISCORD_ID = /^\d{17,20}$/;

/** The DJ's Discord ID as the file gives it: a string, or a number whose digits were read from the text. */
function discordIdOf(value: unknown, name: string, skipped: string[]): string | null {
  const raw = text(value).trim();
  if (raw.startsWith(NUMBER_MARK)) {
    const digits = raw.slice(NUMBER_MARK.length);
    const exact = numericDiscordId(digits);
    if (exact === null) {
      skipped.push(`DJ "${name}": the Discord ID was written as a number (${digits}), which JSON tools round above 2^53, so it may be someone else's; left empty: enter it on the DJ's page.`);
    }
    return exact;
  }
  if (typeof value === 'number' && !Number.isSafeInteger(value)) {
    skipped.push(`DJ "${name}": the Discord ID was written as a number (${String(value)}), which JSON tools round above 2^53, so it may be someone else's; left empty: enter it on the DJ's page.`);
    return null;
  }
  return raw || null;
}

function mapDjs(djDocs: Array<[string, Doc]>, tables: ArchiveTables, skipped: string[], leftBehind: LeftBehind, now: string): Map<string, string> {
  const owners = new Map<string, string>();
  for (const [id, doc] of djDocs) {
    const name = text(doc.dj_name) || text(doc.public_name) || id;
    leftBehind.note('djs', doc, READ_FIELDS.djs, `"${name}"`);
    let discordId = discordIdOf(doc.discord_id, name, skipped);
    if (discordId && !DISCORD_ID.test(discordId)) {
      skipped.push(`DJ "${name}": "${discordId}" is not a Discord ID (17 to 20 digits); left empty.`);
      discordId = null;
    } else if (discordId && owners.has(discordId)) {
      skipped.push(`DJ "${name}": Discord ID ${discordId} is already DJ "${owners.get(discordId)}"'s; left empty.`);
      discordId = null;
    }
    if (discordId) owners.set(discordId, name);
    tables.djs.push({
      id,
      discord_id: discordId,
      public_name: text(doc.public_name),
      dj_name: text(doc.dj_name),
      rtmp_url: text(doc.rtmp_url),
      twitch_username: text(doc.twitch_username),
      avatar_url: text(doc.avatar) || null,
      notes: Array.isArray(doc.notes) ? doc.notes.map(text).filter(Boolean).join('\n') : text(doc.notes),
      archived_at: null,
      created_at: now,
      updated_at: now,
    });
  }
  return new Map(tables.djs.map((dj) => [dj.id, dj.dj_name || dj.public_name || dj.id]));
}

function mapEvent(id: string, doc: Doc, djNames: ReadonlyMap<string, string>, tables: ArchiveTables, skipped: string[], leftBehind: LeftBehind, now: string) {
  const name = text(doc.name) || id;
  const start = firestoreInstant(doc.start_datetime);
  if (!start) {
    skipped.push(`Event "${name}" (${id}): it has no readable start_datetime, so it was left out.`);
    return;
  }
  const where = `Event "${name}" (${day(start)})`;
  leftBehind.note('events', doc, READ_FIELDS.events, `"${name}" (${day(start)})`);
  const signups = mapSignups(id, doc, where, djNames, tables, skipped, leftBehind, now);
  const slots = mapSlots(id, doc, where, signups, djNames, skipped, leftBehind);
  const placed = placeSlots({ startDatetime: start, signups: signups.map(({ domain }) => domain), slots: slots.map(({ domain }) => domain) });
  const plays = computeDjPlays(placed).filter((djId) => djNames.has(djId));
  const extra = (Array.isArray(doc.dj_plays) ? doc.dj_plays : []).map(firestoreRef).filter((ref): ref is string => !!ref && !plays.includes(ref));
  if (extra.length > 0) {
    const named = extra.map((ref) => (djNames.has(ref) ? `"${djNames.get(ref)}"` : `${ref} (not in djs)`)).join(', ');
    skipped.push(`${where}: dj_plays names ${pluralise(extra.length, 'DJ')} not in its lineup (${named}); plays come from the lineup.`);
  }
  const poster = text(doc.poster_url) || text(doc.poster);

  tables.events.push({
    id,
    name,
    start_at: start,
    end_at: eventEnd(placed, start),
    published: bool(doc.published),
    host: text(doc.host),
    message: text(doc.message),
    footer: text(doc.footer),
    signups_open: bool(doc.signupsAreOpen),
    signups_close_at: null,
    signup_cap: null,
    preflight: {},
    public_links: poster ? [{ label: 'Poster', url: poster }] : [],
    cancelled_at: null,
    version: 1,
    created_at: now,
    updated_at: now,
  });
  signups.forEach(({ record, djs }) => {
    tables.signups.push(record);
    djs.forEach((djId, position) => tables.signup_djs.push({ signup_uuid: record.uuid, event_id: id, dj_id: djId, position, confirmation: 'proposed' }));
  });
  slots.forEach(({ record }, index) => tables.slots.push({ ...record, start_at: placed[index]!.startTime, end_at: placed[index]!.endTime }));
  plays.forEach((djId) => tables.dj_plays.push({ event_id: id, dj_id: djId }));
}

interface MappedSignup {
  record: ArchiveTables['signups'][number];
  djs: string[];
  domain: Signup;
  /** A stream link given on the signup itself (a prerecording's, or the live link), for its slot when its answers cannot hold it. */
  streamLink: string;
  prerecord: boolean;
}

function mapSignups(eventId: string, doc: Doc, where: string, djNames: ReadonlyMap<string, string>, tables: ArchiveTables, skipped: string[], leftBehind: LeftBehind, now: string): MappedSignup[] {
  const taken = new Set(tables.signups.map((signup) => signup.uuid));
  const playing = new Set<string>();
  const mapped: MappedSignup[] = [];
  (Array.isArray(doc.signups) ? doc.signups : []).forEach((signup: unknown, index) => {
    if (!isObject(signup)) return;
    const uuid = text(signup.uuid) || `${eventId}-signup-${index + 1}`;
    const label = `signup "${text(signup.name) || uuid}"`;
    leftBehind.note('signups', signup, READ_FIELDS.signups, `${where} ${label}`);
    if (taken.has(uuid)) {
      skipped.push(`${where}: ${label} appears twice (${uuid}); the second was left out.`);
      return;
    }
    taken.add(uuid);
    const djs: string[] = [];
    for (const ref of (Array.isArray(signup.dj_refs) ? signup.dj_refs : []).map(firestoreRef)) {
      if (!ref) continue;
      if (!djNames.has(ref)) skipped.push(`${where}: ${label} names the DJ ${ref}, who is not in djs; that reference was left out.`);
      else if (playing.has(ref)) skipped.push(`${where}: the DJ "${djNames.get(ref)}" is on two signups; kept on the first.`);
      else djs.push(ref);
      playing.add(ref);
    }
    const type = (SIGNUP_TYPES as readonly string[]).includes(text(signup.type)) ? (text(signup.type) as Signup['type']) : 'LIVE';
    const prerecordLink = text(signup.prerecord_url) || text(signup.prerecord_link);
    const streamLink = prerecordLink || text(signup.stream_link);
    const availability = availabilityOf(signup);
    const formData = mapFormData(eventId, signup.event_signup_form_data, { streamLink, availability }, `${where}, ${label}`, skipped);
    if (!formData && availability) skipped.push(`${where}: ${label} gives availability (${availability.from} to ${availability.to}) but no DJ answers to keep it in; not carried.`);
    const name = text(signup.name) || (formData?.name as string | undefined) || uuid;
    const requestedDuration = hours(signup.requested_duration, 1);
    const isDebut = bool(signup.is_debut ?? signup.debut);
    mapped.push({
      record: {
        uuid,
        event_id: eventId,
        position: mapped.length,
        name,
        is_debut: isDebut,
        requested_duration: requestedDuration,
        type,
        hidden: false,
        form_data: formData as ArchiveTables['signups'][number]['form_data'],
        submitted_by: formData && djs[0] ? djs[0] : null,
        update_pending_at: null,
        update_fields: null,
        answers_in_use: null,
        live_mark: null,
        live_marked_at: null,
        update_dismissed_at: null,
        standby: false,
        stream_tested_at: null,
        created_at: now,
        updated_at: now,
      },
      djs,
      domain: { uuid, name, djRefs: djs, isDebut, requestedDuration, type } as Signup,
      streamLink: formData ? '' : streamLink,
      prerecord: prerecordLink !== '' || type === 'PRERECORD',
    });
  });
  return mapped;
}

/** Availability given on the signup itself: a map {from, to} (or start/end), or the two fields. */
function availabilityOf(signup: Doc): Availability | null {
  const map = isObject(signup.availability) ? signup.availability : signup;
  const from = map.from ?? map.start ?? map.available_from;
  const to = map.to ?? map.end ?? map.available_to;
  if (from === undefined && to === undefined) return null;
  const time = (value: unknown) => (value === undefined || value === '' || value === ANY_TIME ? ANY_TIME : (firestoreInstant(value) ?? ANY_TIME));
  return { from: time(from), to: time(to) };
}

/** The DJ's answers in their stored shape (availability times as ISO instants); null when unreadable. */
function mapFormData(eventId: string, value: unknown, given: { streamLink: string; availability: Availability | null }, where: string, skipped: string[]): Record<string, unknown> | null {
  if (!isObject(value)) return null;
  const parsed = signupFormDataSchema.safeParse(readFirestoreAnswers(value, { eventId, ...given }));
  if (parsed.success && given.streamLink && text(value.stream_link) && normaliseStreamLink(text(value.stream_link)) !== normaliseStreamLink(given.streamLink)) {
    skipped.push(`${where}: the signup's own link "${given.streamLink}" was not carried: the DJ's answers give "${text(value.stream_link)}".`);
  }
  if (parsed.success) return parsed.data;
  skipped.push(`${where}: the DJ's answers could not be read (${parsed.error.issues[0]?.message}); left out.`);
  return null;
}

interface MappedSlot {
  record: Omit<ArchiveTables['slots'][number], 'start_at' | 'end_at'>;
  domain: Slot;
}

/** The literal the original tool stored for "this slot plays a prerecording". */
const PRERECORD_LITERAL = /^prerecord(ed)?$/i;

/**
 * A slot's stream source from what the original stored: stream_source_url and its type, or the
 * older fields (rtmp_url, twitch_username, prerecord_url), or the signup's own link.
 */
function streamSource(slot: Doc, signup: { streamLink: string; prerecord: boolean } | undefined, where: string, skipped: string[]): { streamSourceUrl: string; streamSourceType: StreamSourceType } {
  const url = text(slot.stream_source_url).trim();
  const storedType = text(slot.stream_source_type);
  const legacy: Array<[string, string]> = (['prerecord_url', 'rtmp_url', 'twitch_username'] as const).flatMap((field) => (text(slot[field]).trim() ? [[field, text(slot[field]).trim()]] : []));
  if (PRERECORD_LITERAL.test(url)) return { streamSourceUrl: '', streamSourceType: 'PRERECORD' };
  if (url) {
    for (const [field, value] of legacy) skipped.push(`${where}: its ${field} "${value}" was not carried: the slot's stream source is "${url}".`);
    const type = (STREAM_SOURCE_TYPES as readonly string[]).includes(storedType) ? (storedType as StreamSourceType) : streamSourceOf(url).streamSourceType;
    return { streamSourceUrl: normaliseStreamLink(url), streamSourceType: type };
  }
  const [first, ...rest] = legacy;
  for (const [field, value] of rest) skipped.push(`${where}: its ${field} "${value}" was not carried: the slot streams from its ${first![0]}.`);
  if (first) {
    const [field, value] = first;
    if (field === 'prerecord_url') return { streamSourceUrl: PRERECORD_LITERAL.test(value) ? '' : normaliseStreamLink(value), streamSourceType: 'PRERECORD' };
    return streamSourceOf(value);
  }
  if (signup?.streamLink) {
    if (PRERECORD_LITERAL.test(signup.streamLink)) return { streamSourceUrl: '', streamSourceType: 'PRERECORD' };
    return signup.prerecord ? { streamSourceUrl: normaliseStreamLink(signup.streamLink), streamSourceType: 'PRERECORD' } : streamSourceOf(signup.streamLink);
  }
  return { streamSourceUrl: '', streamSourceType: (STREAM_SOURCE_TYPES as readonly string[]).includes(storedType) ? (storedType as StreamSourceType) : 'VRCDN' };
}

function mapSlots(eventId: string, doc: Doc, where: string, signups: readonly MappedSignup[], djNames: ReadonlyMap<string, string>, skipped: string[], leftBehind: LeftBehind): MappedSlot[] {
  const known = new Map(signups.map((signup) => [signup.record.uuid, signup]));
  const slots: MappedSlot[] = [];
  const linkUsed = new Set<string>();
  (Array.isArray(doc.slots) ? doc.slots : []).forEach((slot: unknown, index) => {
    if (!isObject(slot)) return;
    leftBehind.note('slots', slot, READ_FIELDS.slots, `${where} slot ${index + 1}`);
    const signupUuid = text(slot.signup_uuid) || null;
    const djRef = firestoreRef(slot.dj_ref);
    const legacyDj = djRef && djNames.has(djRef) ? djRef : null;
    if (djRef && !legacyDj && !signupUuid) skipped.push(`${where}: slot ${index + 1} names the DJ ${djRef}, who is not in djs; that reference was left out.`);
    const legacyName = text(slot.dj_name) || null;
    const signup = signupUuid === null ? undefined : known.get(signupUuid);
    if (!signup && !legacyName && !legacyDj) {
      skipped.push(`${where}: slot ${index + 1} was left out: ${unnamedSlotError({ signupUuid } as Slot)}.`);
      return;
    }
    if (signup) linkUsed.add(signup.record.uuid);
    const source = streamSource(slot, signup, `${where}, slot ${index + 1}`, skipped);
    const legacy = signup
      ? null
      : {
          djName: legacyName,
          djRef: legacyDj,
          duration: hours(slot.duration, 1),
          isDebut: bool(slot.is_debut ?? slot.debut),
          slotType: ((SIGNUP_TYPES as readonly string[]).includes(text(slot.slot_type)) ? text(slot.slot_type) : 'LIVE') as Signup['type'],
        };
    slots.push({
      record: {
        event_id: eventId,
        position: slots.length,
        signup_uuid: signupUuid,
        legacy_dj_name: legacy?.djName ?? null,
        legacy_dj_id: legacy?.djRef ?? null,
        legacy_duration: legacy?.duration ?? null,
        legacy_is_debut: legacy ? legacy.isDebut : null,
        legacy_slot_type: legacy?.slotType ?? null,
        stream_source_url: source.streamSourceUrl,
        stream_source_type: source.streamSourceType,
      },
      domain: { signupUuid: signup ? signupUuid : null, legacy, ...source } as Slot,
    });
  });
  for (const signup of signups) {
    if (signup.streamLink && !linkUsed.has(signup.record.uuid)) {
      skipped.push(`${where}: signup "${signup.record.name}" gives the stream link "${signup.streamLink}", but it has no DJ answers and no slot to keep it in; not carried.`);
    }
  }
  return slots;
}
