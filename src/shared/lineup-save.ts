// What an event save changes (spec §4 draft editing): the draft against the lineup stored when
// the save began, so the server writes only rows that differ and answers with the lineup as it
// will read back, without reading it again. Signups the draft never saw (DJ submissions that
// arrived after it was loaded) are left as they are.
import type { SlotField } from './domain.js';
import { afterStaffResolved, djAnswersOf } from './dj-update.js';
import { computeDjPlays, eventEnd, placeSlots } from './lineup.js';
import type { EventDetail, LineupEvent, SaveEventBody } from './schemas/events.js';
import { type Signup, type Slot, type StaffSignup, staffSignupSchema } from './schemas/lineup.js';

/** Where a stored signup sits in the Signups column: read back ordered by position, then creation, then uuid. */
export interface SignupPlace {
  position: number;
  createdAt: number;
}

/** A slot's stored times (epoch ms). */
export interface SlotTimes {
  startAt: number;
  endAt: number;
}

/** The event's lineup as stored, read once at the start of the save's transaction. */
export interface StoredLineup {
  /** In stored order. */
  signups: readonly Signup[];
  places: ReadonlyMap<string, SignupPlace>;
  /** By position. */
  slots: readonly Slot[];
  slotTimes: readonly SlotTimes[];
  djPlays: readonly string[];
  endAt: number;
  /** Signups marked No-show on the live board: their DJs have no play of the event (issue 35). */
  noShows?: ReadonlySet<string>;
}

export interface DjRef {
  signupUuid: string;
  djId: string;
  position: number;
}

export interface SlotRow extends SlotTimes {
  position: number;
  slot: Slot;
}

export interface LineupChanges {
  /** Stored signups of the event that the draft removes. */
  deleteSignups: string[];
  /** The draft's signups whose staff-owned fields or position changed, and those not stored in this event (new, or another event's). */
  updateSignups: Array<{ signup: StaffSignup; position: number }>;
  insertSignups: Array<{ signup: StaffSignup; position: number }>;
  /** DJ references to remove from signups that stay, to add, and to move within their signup. */
  removeRefs: Array<Omit<DjRef, 'position'>>;
  addRefs: DjRef[];
  moveRefs: DjRef[];
  /**
   * Signups whose pending DJ update staff resolved (and no newer one came since): applied
   * (`dismissed` null), or dismissed, with what still differs from the DJ's answers.
   */
  clearUpdates: Array<{ uuid: string; dismissed: SlotField[] | null }>;
  /** Slots to write (upsert by position), and how many slots the event keeps. */
  writeSlots: SlotRow[];
  slotCount: number;
  addPlays: string[];
  removePlays: string[];
  /** The event's new end, when it moved. */
  endAt: number | null;
  /** DJs the draft names who already have a signup it neither keeps nor removes. */
  taken: string[];
  /** DJs named after the save who were not before. */
  newlyNamed: string[];
  /** The lineup as it reads back after the writes. */
  after: { signups: Signup[]; slots: Slot[]; djPlays: string[]; endAt: number };
}

const STAFF_FIELDS = Object.keys(staffSignupSchema.shape).filter((field) => field !== 'uuid' && field !== 'djRefs') as Array<
  Exclude<keyof StaffSignup, 'uuid' | 'djRefs'>
>;

const byString = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A DJ update staff resolved: nothing waits, and the lineup goes by the DJ's latest answers (dj-update.ts). */
const resolvedUpdate = (signup: Pick<Signup, 'formData' | 'updatedAnswers'>) => ({ formData: djAnswersOf(signup), updatePendingAt: null, updateFields: [], updatedAnswers: null });

/** Every DJ the signups and legacy slots name (what the event page shows DJ details for). */
export function namedDjs(lineup: { signups: readonly Pick<Signup, 'djRefs'>[]; slots: readonly Slot[] }): string[] {
  return [
    ...new Set([
      ...lineup.signups.flatMap((signup) => signup.djRefs),
      ...lineup.slots.flatMap((slot) => (slot.legacy?.djRef ? [slot.legacy.djRef] : [])),
    ]),
  ];
}

function sameSlot(a: Slot, b: Slot): boolean {
  if (a.signupUuid !== b.signupUuid || a.streamSourceUrl !== b.streamSourceUrl || a.streamSourceType !== b.streamSourceType) return false;
  if (a.legacy === null || b.legacy === null) return a.legacy === b.legacy;
  return (
    a.legacy.djName === b.legacy.djName &&
    a.legacy.djRef === b.legacy.djRef &&
    a.legacy.duration === b.legacy.duration &&
    a.legacy.isDebut === b.legacy.isDebut &&
    a.legacy.slotType === b.legacy.slotType
  );
}

/**
 * The writes a save needs and the lineup they leave. `now` is the creation time of new signups
 * (their place among signups the draft never saw).
 */
export function diffLineup(stored: StoredLineup, draft: Pick<SaveEventBody, 'event' | 'signups' | 'slots' | 'removedSignupUuids' | 'resolvedUpdates'>, now: number): LineupChanges {
  const storedByUuid = new Map(stored.signups.map((signup) => [signup.uuid, signup]));
  const draftUuids = new Set(draft.signups.map((signup) => signup.uuid));
  const deleteSignups = draft.removedSignupUuids.filter((uuid) => storedByUuid.has(uuid));
  const deleted = new Set(deleteSignups);

  const resolved = new Map(draft.resolvedUpdates.map(({ uuid, at }) => [uuid, Date.parse(at)]));
  const cleared = new Set(
    stored.signups
      .filter((signup) => !deleted.has(signup.uuid) && signup.updatePendingAt !== null && resolved.get(signup.uuid) === Date.parse(signup.updatePendingAt))
      .map((signup) => signup.uuid),
  );

  const updateSignups: LineupChanges['updateSignups'] = [];
  const insertSignups: LineupChanges['insertSignups'] = [];
  const removeRefs: LineupChanges['removeRefs'] = [];
  const addRefs: DjRef[] = [];
  const moveRefs: DjRef[] = [];
  const places = new Map(stored.places);
  const afterByUuid = new Map<string, Signup>();

  for (const [position, signup] of draft.signups.entries()) {
    const before = storedByUuid.get(signup.uuid);
    if (!before) insertSignups.push({ signup, position });
    else if (places.get(signup.uuid)?.position !== position || STAFF_FIELDS.some((field) => before[field] !== signup[field])) {
      updateSignups.push({ signup, position });
    }
    places.set(signup.uuid, { position, createdAt: before ? (places.get(signup.uuid)?.createdAt ?? now) : now });

    const storedRefs = before?.djRefs ?? [];
    for (const djId of storedRefs) if (!signup.djRefs.includes(djId)) removeRefs.push({ signupUuid: signup.uuid, djId });
    const confirmations: Signup['confirmations'] = {};
    for (const [refPosition, djId] of signup.djRefs.entries()) {
      const storedPosition = storedRefs.indexOf(djId);
      if (storedPosition < 0) addRefs.push({ signupUuid: signup.uuid, djId, position: refPosition });
      else if (storedPosition !== refPosition) moveRefs.push({ signupUuid: signup.uuid, djId, position: refPosition });
      confirmations[djId] = before?.confirmations[djId] ?? 'proposed';
    }
    const dj = { formData: before?.formData ?? null, updatePendingAt: before?.updatePendingAt ?? null, updateFields: before?.updateFields ?? [], updatedAnswers: before?.updatedAnswers ?? null };
    afterByUuid.set(signup.uuid, { ...signup, djRefs: [...signup.djRefs], ...(cleared.has(signup.uuid) ? resolvedUpdate(dj) : dj), confirmations, streamTestedAt: before?.streamTestedAt ?? null });
  }
  // Signups the draft never saw stay as stored (a resolved update of theirs is cleared all the same).
  for (const signup of stored.signups) {
    if (draftUuids.has(signup.uuid) || deleted.has(signup.uuid)) continue;
    afterByUuid.set(signup.uuid, cleared.has(signup.uuid) ? { ...signup, ...resolvedUpdate(signup) } : signup);
  }
  // Applied when the slot now plays what the DJ asked; dismissed for what still differs.
  const clearUpdates = [...cleared].map((uuid) => {
    const after = afterByUuid.get(uuid)!;
    return { uuid, dismissed: afterStaffResolved(after, after.formData, storedByUuid.get(uuid)?.updateFields ?? [])?.fields ?? null };
  });
  const signups = [...afterByUuid.values()].sort((a, b) => {
    const [pa, pb] = [places.get(a.uuid)!, places.get(b.uuid)!];
    return pa.position - pb.position || pa.createdAt - pb.createdAt || byString(a.uuid, b.uuid);
  });

  const placed = placeSlots({ startDatetime: draft.event.startDatetime, slots: draft.slots, signups });
  const writeSlots: SlotRow[] = [];
  placed.forEach(({ slot, startTime, endTime }, position) => {
    const row = { position, slot, startAt: Date.parse(startTime), endAt: Date.parse(endTime) };
    const before = stored.slots[position];
    const times = stored.slotTimes[position];
    if (!before || !times || !sameSlot(before, slot) || times.startAt !== row.startAt || times.endAt !== row.endAt) writeSlots.push(row);
  });

  const djPlays = computeDjPlays(placed, stored.noShows).sort(byString);
  const storedPlays = new Set(stored.djPlays);
  const playing = new Set(djPlays);
  const endAt = Date.parse(eventEnd(placed, draft.event.startDatetime));

  // A DJ may be on one signup per event: one the save neither keeps nor removes already names them.
  const rewritten = new Set([...draftUuids, ...deleted]);
  const elsewhere = new Set(stored.signups.filter((signup) => !rewritten.has(signup.uuid)).flatMap((signup) => signup.djRefs));
  const named = new Set(namedDjs(stored));

  return {
    deleteSignups,
    updateSignups,
    insertSignups,
    removeRefs,
    addRefs,
    moveRefs,
    clearUpdates,
    writeSlots,
    slotCount: placed.length,
    addPlays: djPlays.filter((djId) => !storedPlays.has(djId)),
    removePlays: stored.djPlays.filter((djId) => !playing.has(djId)),
    endAt: endAt === stored.endAt ? null : endAt,
    taken: [...new Set(draft.signups.flatMap((signup) => signup.djRefs))].filter((djId) => elsewhere.has(djId)),
    newlyNamed: namedDjs({ signups, slots: draft.slots }).filter((djId) => !named.has(djId)),
    after: { signups, slots: draft.slots.map((slot) => ({ ...slot })), djPlays, endAt },
  };
}

const pick = <T>(record: Record<string, T>, keys: readonly string[]): Record<string, T> =>
  Object.fromEntries(keys.flatMap((key) => (record[key] === undefined ? [] : [[key, record[key]]])));

/**
 * The save's answer, as the event page loads it: the event's fields as they read back, the
 * lineup after the save, and what is known of the DJs (DJ rows, other events) for those it names.
 */
export function savedDetail(
  event: Omit<LineupEvent, 'signups' | 'slots' | 'djPlays'>,
  after: LineupChanges['after'],
  known: Pick<EventDetail, 'djs' | 'otherEventsByDj'>,
): EventDetail {
  const named = namedDjs(after);
  return {
    ...event,
    signups: after.signups,
    slots: after.slots,
    djPlays: after.djPlays,
    djs: pick(known.djs, named),
    otherEventsByDj: pick(known.otherEventsByDj, named),
  };
}

/** Mistakes visible in the draft alone (no database needed): 400 for a malformed draft, 409 for a DJ on two signups. */
export function draftProblem(draft: Pick<SaveEventBody, 'signups' | 'slots' | 'removedSignupUuids'>): { status: 400 | 409; message: string } | null {
  const uuids = new Set<string>();
  const djOwner = new Map<string, string>();
  for (const signup of draft.signups) {
    if (uuids.has(signup.uuid)) return { status: 400, message: `The signup ${signup.name} appears twice in the draft.` };
    uuids.add(signup.uuid);
    for (const djId of signup.djRefs) {
      const other = djOwner.get(djId);
      if (other !== undefined) {
        return {
          status: 409,
          message:
            other === signup.name
              ? `A DJ is named twice on the signup ${signup.name}.`
              : `A DJ is on both ${other} and ${signup.name}: a DJ can have only one signup per event. Remove them from one of them.`,
        };
      }
      djOwner.set(djId, signup.name);
    }
  }
  const removed = new Set(draft.removedSignupUuids);
  if (draft.removedSignupUuids.some((uuid) => uuids.has(uuid))) {
    return { status: 400, message: 'A signup cannot be both kept and removed in the same save.' };
  }
  if (draft.slots.some((slot) => slot.signupUuid !== null && removed.has(slot.signupUuid))) {
    return { status: 400, message: 'A lineup slot still belongs to a removed signup. Send it back to the signups first.' };
  }
  const inLineup = new Set(draft.slots.map((slot) => slot.signupUuid));
  const standbyInSlot = draft.signups.find((signup) => signup.standby && inLineup.has(signup.uuid));
  if (standbyInSlot) return { status: 400, message: `${standbyInSlot.name} is on standby and in the lineup: take them off standby, or send their slot back to the signups.` };
  return null;
}
