import { SIGNUP_TYPES, STREAM_SOURCE_TYPES } from '../domain.js';
import { computeDjPlays, eventEnd, placeSlots, unnamedSlotError } from '../lineup.js';
import type { Signup, Slot } from '../schemas/lineup.js';
import { signupFormDataSchema } from '../schemas/signup.js';
import { ANY_TIME } from '../time.js';
import { inconsistency, type Read } from './read.js';
import { type Archive, ARCHIVE_FORMAT, ARCHIVE_VERSION, archiveSchema, type ArchiveTables, emptyTables } from './schema.js';

// The original tool's data (spec §3), as a JSON export of its Firestore collections: `events`
// documents with embedded signups, slots and dj_plays, `djs`, and `global/global_settings`.
// Documents are keyed by id (also under `__collections__`, as export tools write them); times are
// Firestore timestamps ({_seconds, _nanoseconds} or {seconds, nanoseconds}) or ISO strings;
// references are paths ("djs/abc"), ids, or reference objects. Mapped to a Lineup archive,
// with every record left out or changed named in `skipped`, so the import says what it did.

export interface FirestoreImport {
  archive: Archive;
  skipped: string[];
}

type Doc = Record<string, unknown>;

const isObject = (value: unknown): value is Doc => value !== null && typeof value === 'object' && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const bool = (value: unknown): boolean => value === true || value === 'true';
const hours = (value: unknown, fallback: number): number => {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && number >= 0 && number <= 24 ? number : fallback;
};

/** An instant from a Firestore timestamp, an ISO string or epoch milliseconds; null if none. */
export function firestoreInstant(value: unknown): string | null {
  if (isObject(value)) {
    if (value.__datatype__ === 'timestamp' || value.__datatype__ === 'timestampValue') return firestoreInstant(value.value);
    const seconds = value._seconds ?? value.seconds;
    const nanos = value._nanoseconds ?? value.nanoseconds ?? 0;
    if (typeof seconds === 'number' && typeof nanos === 'number') return new Date(seconds * 1000 + Math.floor(nanos / 1e6)).toISOString();
    return null;
  }
  const ms = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Date.parse(value) : NaN;
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}

/** The document id a reference names: "djs/abc", "/djs/abc", "abc", or a reference object. */
export function firestoreRef(value: unknown): string | null {
  if (isObject(value)) {
    if (typeof value.value === 'string') return firestoreRef(value.value);
    const segments = isObject(value._path) ? value._path.segments : undefined;
    if (Array.isArray(segments) && segments.length > 0) return firestoreRef(String(segments.at(-1)));
    if (typeof value.path === 'string') return firestoreRef(value.path);
    if (typeof value.id === 'string') return firestoreRef(value.id);
    return null;
  }
  if (typeof value !== 'string' || value.trim() === '') return null;
  return value.split('/').filter(Boolean).at(-1) ?? null;
}

/** A collection's documents by id, from an object keyed by id or an array of documents with `id`. */
function documents(collection: unknown): Array<[string, Doc]> {
  if (Array.isArray(collection)) {
    return collection.flatMap((doc) => (isObject(doc) && text(doc.id ?? doc.__id__) ? [[text(doc.id ?? doc.__id__), doc] as [string, Doc]] : []));
  }
  return isObject(collection) ? Object.entries(collection).flatMap(([id, doc]) => (isObject(doc) ? [[id, doc] as [string, Doc]] : [])) : [];
}

const DISCORD_ID = /^\d{17,20}$/;

export function readFirestoreExport(value: unknown, now: string): Read<FirestoreImport> {
  if (!isObject(value)) return { ok: false, message: 'This is not an export of Firestore collections (it is not a JSON object).' };
  const root = isObject(value.__collections__) ? value.__collections__ : value;
  const eventDocs = documents(root.events);
  const djDocs = documents(root.djs);
  if (eventDocs.length === 0 && djDocs.length === 0) {
    return { ok: false, message: 'This export has no "events" or "djs" collection with documents in it.' };
  }
  const skipped: string[] = [];
  const tables = emptyTables();
  const djIds = mapDjs(djDocs, tables, skipped, now);
  for (const [id, doc] of eventDocs) mapEvent(id, doc, djIds, tables, skipped, now);
  const signupUrl = text(globalSettings(root).signup_url);
  if (signupUrl) tables.settings.push({ key: 'global', value: { signupUrl }, updated_at: now });

  const archive = archiveSchema.safeParse({ format: ARCHIVE_FORMAT, version: ARCHIVE_VERSION, schema: 'firestore', exportedAt: now, tables });
  if (!archive.success) return { ok: false, message: `The export could not be mapped: ${archive.error.issues[0]?.message}` };
  const problem = inconsistency(archive.data.tables);
  return problem ? { ok: false, message: `The export could not be mapped: ${problem}` } : { ok: true, value: { archive: archive.data, skipped } };
}

function globalSettings(root: Doc): Doc {
  const global = documents(root.global).find(([id]) => id === 'global_settings')?.[1];
  return global ?? {};
}

function mapDjs(djDocs: Array<[string, Doc]>, tables: ArchiveTables, skipped: string[], now: string): Set<string> {
  const owners = new Map<string, string>();
  for (const [id, doc] of djDocs) {
    const name = text(doc.dj_name) || text(doc.public_name) || id;
    let discordId: string | null = text(doc.discord_id).trim() || null;
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
  return new Set(tables.djs.map((dj) => dj.id));
}

function mapEvent(id: string, doc: Doc, djIds: ReadonlySet<string>, tables: ArchiveTables, skipped: string[], now: string) {
  const name = text(doc.name) || id;
  const start = firestoreInstant(doc.start_datetime);
  if (!start) {
    skipped.push(`Event "${name}" (${id}): it has no readable start_datetime, so it was left out.`);
    return;
  }
  const where = `Event "${name}" (${start.slice(0, 10)})`;
  const signups = mapSignups(id, doc, where, djIds, tables, skipped, now);
  const slots = mapSlots(id, doc, where, signups, djIds, skipped);
  const placed = placeSlots({ startDatetime: start, signups: signups.map(({ domain }) => domain), slots: slots.map(({ domain }) => domain) });
  const plays = computeDjPlays(placed).filter((djId) => djIds.has(djId));
  const extra = (Array.isArray(doc.dj_plays) ? doc.dj_plays : []).map(firestoreRef).filter((ref): ref is string => !!ref && !plays.includes(ref));
  if (extra.length > 0) skipped.push(`${where}: dj_plays names ${extra.length} DJ(s) not in its lineup (${extra.join(', ')}); plays come from the lineup.`);

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
    public_links: [],
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
}

function mapSignups(eventId: string, doc: Doc, where: string, djIds: ReadonlySet<string>, tables: ArchiveTables, skipped: string[], now: string): MappedSignup[] {
  const taken = new Set(tables.signups.map((signup) => signup.uuid));
  const playing = new Set<string>();
  const mapped: MappedSignup[] = [];
  (Array.isArray(doc.signups) ? doc.signups : []).forEach((signup: unknown, index) => {
    if (!isObject(signup)) return;
    const uuid = text(signup.uuid) || `${eventId}-signup-${index + 1}`;
    if (taken.has(uuid)) {
      skipped.push(`${where}: signup ${uuid} appears twice; the second was left out.`);
      return;
    }
    taken.add(uuid);
    const djs: string[] = [];
    for (const ref of (Array.isArray(signup.dj_refs) ? signup.dj_refs : []).map(firestoreRef)) {
      if (!ref) continue;
      if (!djIds.has(ref)) skipped.push(`${where}: signup "${text(signup.name)}" names the DJ ${ref}, who is not in djs; that reference was left out.`);
      else if (playing.has(ref)) skipped.push(`${where}: the DJ ${ref} is on two signups; kept on the first.`);
      else djs.push(ref);
      if (ref) playing.add(ref);
    }
    const type = (SIGNUP_TYPES as readonly string[]).includes(text(signup.type)) ? (text(signup.type) as Signup['type']) : 'LIVE';
    const formData = mapFormData(eventId, signup.event_signup_form_data, where, skipped);
    const name = text(signup.name) || (formData?.name as string | undefined) || uuid;
    const requestedDuration = hours(signup.requested_duration, 1);
    mapped.push({
      record: {
        uuid,
        event_id: eventId,
        position: mapped.length,
        name,
        is_debut: bool(signup.is_debut),
        requested_duration: requestedDuration,
        type,
        hidden: false,
        form_data: formData as ArchiveTables['signups'][number]['form_data'],
        submitted_by: formData && djs[0] ? djs[0] : null,
        update_pending_at: null,
        update_fields: null,
        answers_in_use: null,
        update_dismissed_at: null,
        created_at: now,
        updated_at: now,
      },
      djs,
      domain: { uuid, name, djRefs: djs, isDebut: bool(signup.is_debut), requestedDuration, type } as Signup,
    });
  });
  return mapped;
}

/** The DJ's answers in their stored shape (availability times as ISO instants); null when unreadable. */
function mapFormData(eventId: string, value: unknown, where: string, skipped: string[]): Record<string, unknown> | null {
  if (!isObject(value)) return null;
  const availability = (time: unknown) => (time === ANY_TIME || time === undefined || time === '' ? ANY_TIME : (firestoreInstant(time) ?? ANY_TIME));
  const candidate = {
    event_id: eventId,
    name: text(value.name),
    is_b2b: bool(value.is_b2b),
    b2b_members_response: text(value.b2b_members_response),
    requested_duration: hours(value.requested_duration, 1),
    type: text(value.type) || 'LIVE',
    stream_link: text(value.stream_link),
    available_from: availability(value.available_from),
    available_to: availability(value.available_to),
    confirm_expectations: bool(value.confirm_expectations),
    dj_notes: text(value.dj_notes),
  };
  const parsed = signupFormDataSchema.safeParse(candidate);
  if (parsed.success) return parsed.data;
  skipped.push(`${where}: the signup form data of "${candidate.name}" could not be read (${parsed.error.issues[0]?.message}); left out.`);
  return null;
}

interface MappedSlot {
  record: Omit<ArchiveTables['slots'][number], 'start_at' | 'end_at'>;
  domain: Slot;
}

function mapSlots(eventId: string, doc: Doc, where: string, signups: readonly MappedSignup[], djIds: ReadonlySet<string>, skipped: string[]): MappedSlot[] {
  const known = new Set(signups.map(({ record }) => record.uuid));
  const slots: MappedSlot[] = [];
  (Array.isArray(doc.slots) ? doc.slots : []).forEach((slot: unknown, index) => {
    if (!isObject(slot)) return;
    const signupUuid = text(slot.signup_uuid) || null;
    const djRef = firestoreRef(slot.dj_ref);
    const legacyDj = djRef && djIds.has(djRef) ? djRef : null;
    const legacyName = text(slot.dj_name) || null;
    const hasSignup = signupUuid !== null && known.has(signupUuid);
    if (!hasSignup && !legacyName && !legacyDj) {
      skipped.push(`${where}: slot ${index + 1} was left out: ${unnamedSlotError({ signupUuid } as Slot)}.`);
      return;
    }
    const sourceType = (STREAM_SOURCE_TYPES as readonly string[]).includes(text(slot.stream_source_type)) ? text(slot.stream_source_type) : 'VRCDN';
    const legacy = hasSignup
      ? null
      : {
          djName: legacyName,
          djRef: legacyDj,
          duration: hours(slot.duration, 1),
          isDebut: bool(slot.is_debut),
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
        stream_source_url: text(slot.stream_source_url),
        stream_source_type: sourceType,
      },
      domain: { signupUuid: hasSignup ? signupUuid : null, legacy, streamSourceUrl: text(slot.stream_source_url), streamSourceType: sourceType } as Slot,
    });
  });
  return slots;
}
