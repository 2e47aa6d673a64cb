// Lineup rules (spec §4 "Slot layout", "Adding a signup to the lineup", "dj_plays"). A slot points
// at its signup; what it plays (name, DJs, length, type, debut) and when are derived here, once,
// so server, client and announcements agree.
import { DateTime } from 'luxon';
import { SLOT_UNIT_MINUTES, type SignupType, type StreamSourceType } from './domain.js';
import { validHours } from './hours.js';
import type { Dj } from './schemas/djs.js';
import type { Signup, Slot, StaffSignup } from './schemas/lineup.js';
import { normaliseStreamLink, streamSourceOf } from './streams.js';
import { ANY_TIME, type StaffZones, staffTime, toIsoUtc } from './time.js';

// Lengths as people say them live apart from the lineup (no date library), for pages that need only them.
export { formatHours } from './hours.js';

const MS_PER_MINUTE = 60_000;

/** A slot as it plays: resolved against its signup (or its own legacy values) and placed in time. */
export interface PlacedSlot {
  slot: Slot;
  /** Its signup; undefined for a legacy slot (or one whose signup is gone). */
  signup: Signup | undefined;
  /** Null when neither a signup, a legacy name nor a known DJ names the slot. */
  name: string | null;
  /** The DJs it stands for: its signup's (back-to-back partners included), else the legacy DJ. */
  djIds: string[];
  /** Hours. */
  duration: number;
  isDebut: boolean;
  type: SignupType;
  startTime: string;
  endTime: string;
}

function parseStart(eventStart: string): number {
  const start = DateTime.fromISO(eventStart);
  if (!start.isValid) throw new Error('Invalid date format');
  return start.toMillis();
}


const slotLengthMs = (hours: number) => Math.round(SLOT_UNIT_MINUTES * hours * MS_PER_MINUTE);

/** What names a legacy slot: its own DJ name, and the DJ it points at when that DJ is known. */
export interface LegacyNaming {
  djName: string | null | undefined;
  dj: Pick<Dj, 'djName' | 'publicName'> | null | undefined;
}

/**
 * A slot's name, the one rule for every page, staff's and the public's (spec §4: a slot's name
 * comes from its signup or a legacy DJ name): its signup's name, else the legacy slot's own DJ
 * name, else the name of the DJ it points at; null when nothing names it.
 */
export function slotName(signupName: string | null | undefined, legacy: LegacyNaming): string | null {
  return signupName ?? (legacy.djName || legacy.dj?.djName || legacy.dj?.publicName || null);
}

/**
 * Resolves every slot and lays them out back to back from the event start (spec §4): the one
 * place slot times are computed. `djs` only helps name legacy slots that kept just a DJ.
 */
export function placeSlots(
  event: { startDatetime: string; slots: readonly Slot[]; signups: readonly Signup[] },
  djs: Record<string, Dj> = {},
): PlacedSlot[] {
  const byUuid = new Map(event.signups.map((signup) => [signup.uuid, signup]));
  let cursor = parseStart(event.startDatetime);
  return event.slots.map((slot) => {
    const signup = slot.signupUuid === null ? undefined : byUuid.get(slot.signupUuid);
    const legacy = slot.legacy;
    const duration = validHours(signup ? signup.requestedDuration : legacy?.duration);
    const start = cursor;
    cursor += slotLengthMs(duration);
    const legacyDj = legacy?.djRef ? djs[legacy.djRef] : undefined;
    return {
      slot,
      signup,
      name: slotName(signup?.name, { djName: legacy?.djName, dj: legacyDj }),
      djIds: signup ? [...signup.djRefs] : legacy?.djRef ? [legacy.djRef] : [],
      duration,
      isDebut: signup ? signup.isDebut : (legacy?.isDebut ?? false),
      type: signup ? signup.type : (legacy?.slotType ?? 'LIVE'),
      startTime: toIsoUtc(start),
      endTime: toIsoUtc(cursor),
    };
  });
}

/**
 * Whether the stream team has what a slot needs (the one rule for the run sheet and the
 * preflight): a source link, or a prerecord (its signup's type, or the source staff chose), which
 * the team plays from the recording.
 */
export function hasStreamSource(placed: Pick<PlacedSlot, 'slot' | 'type'>): boolean {
  return placed.slot.streamSourceUrl.trim() !== '' || isPrerecord(placed);
}

const isPrerecord = (placed: Pick<PlacedSlot, 'slot' | 'type'>) => placed.type === 'PRERECORD' || placed.slot.streamSourceType === 'PRERECORD';

/** End of the last slot; the start itself when there are none. */
export function eventEnd(placed: readonly PlacedSlot[], eventStart: string): string {
  return placed.at(-1)?.endTime ?? toIsoUtc(parseStart(eventStart));
}

/** Whether the event takes signups at `now`: staff opened them and the deadline (if any) is ahead. */
export function signupsOpenAt(event: { signupsAreOpen: boolean; signupsCloseAt: string | null }, now: number): boolean {
  return event.signupsAreOpen && (event.signupsCloseAt === null || now < Date.parse(event.signupsCloseAt));
}


/** Spec §4: in the lineup only if it has DJ references and a slot points at its uuid. */
export function isSignupInLineup(signup: StaffSignup, slots: readonly Slot[]): boolean {
  return signup.djRefs.length > 0 && slots.some((slot) => slot.signupUuid === signup.uuid);
}

/** The Signups column: signups not (yet) in the lineup, in their stored order. */
export function signupsNotInLineup<S extends StaffSignup>(signups: readonly S[], slots: readonly Slot[]): S[] {
  return signups.filter((signup) => !isSignupInLineup(signup, slots));
}

/**
 * The drop-outs the host has to deal with: DJs in the lineup who said they cannot make it (or
 * staff recorded so), in slot order, then DJs who withdrew a signup not in the lineup (issue 34),
 * in the Signups column's order.
 */
export function dropOuts(event: { slots: readonly Slot[]; signups: readonly Signup[] }): Array<{ signup: Signup; djId: string }> {
  const byUuid = new Map(event.signups.map((signup) => [signup.uuid, signup]));
  const declined = (signup: Signup) => signup.djRefs.filter((djId) => signup.confirmations[djId] === 'declined').map((djId) => ({ signup, djId }));
  const inLineup = event.slots.flatMap((slot) => {
    const signup = slot.signupUuid === null ? undefined : byUuid.get(slot.signupUuid);
    return signup ? declined(signup) : [];
  });
  return [...inLineup, ...signupsNotInLineup(event.signups, event.slots).flatMap(declined)];
}

/**
 * dj_plays: unique DJ ids of the whole lineup, in slot order, but for slots whose signup staff
 * marked No-show on the live board (`noShows`, signup uuids): a no-show is not a play (issue 35).
 */
export function computeDjPlays(placed: readonly PlacedSlot[], noShows: ReadonlySet<string> = new Set()): string[] {
  return [...new Set(placed.filter((slot) => slot.slot.signupUuid === null || !noShows.has(slot.slot.signupUuid)).flatMap((slot) => slot.djIds))];
}

/** Spec §5: the error a slot that nothing names reports. */
export const unnamedSlotError = (slot: Slot) =>
  `Unable to find signup with a uuid of ${slot.signupUuid}, and there is no legacy value at slot.dj_name`;

/** Sensible stream source for a slot type; staff pick the real one on Stream Details. */
const DEFAULT_STREAM_SOURCE: Record<SignupType, StreamSourceType> = {
  LIVE: 'VRCDN',
  PRERECORD: 'PRERECORD',
  RTMP: 'RTMP',
  TWITCH: 'TWITCH',
};

type StreamSource = Pick<Slot, 'streamSourceType' | 'streamSourceUrl'>;

/**
 * Where a new slot streams from (issue 13): this week's link from the DJ's signup first, else
 * the first of its DJs' profile links (stream URL, then Twitch), else nothing yet. A prerecord
 * keeps its type: its link, if any, is the recording.
 */
export function firstStreamSource(signup: StaffSignup & { formData?: Signup['formData'] }, djs: Record<string, Dj> = {}): StreamSource {
  const link = signup.formData?.stream_link.trim() ?? '';
  if (signup.type === 'PRERECORD') return { streamSourceType: 'PRERECORD', streamSourceUrl: normaliseStreamLink(link) };
  if (link) return streamSourceOf(link);
  for (const id of signup.djRefs) {
    const profile = djs[id]?.rtmpUrl || djs[id]?.twitchUsername;
    if (profile) return streamSourceOf(profile);
  }
  return { streamSourceType: DEFAULT_STREAM_SOURCE[signup.type], streamSourceUrl: '' };
}

/** "Add to Lineup": the slot points at the signup; placeSlots gives it its time. */
export function slotForSignup(signup: StaffSignup & { formData?: Signup['formData'] }, djs: Record<string, Dj> = {}): Slot {
  return { signupUuid: signup.uuid, legacy: null, ...firstStreamSource(signup, djs) };
}

/** Swaps a slot with the one `delta` places away; out of range leaves the order unchanged. */
export function moveSlot(slots: readonly Slot[], index: number, delta: number): Slot[] {
  const result = [...slots];
  const target = index + delta;
  const a = result[index];
  const b = result[target];
  if (delta === 0 || a === undefined || b === undefined) return result;
  result[index] = b;
  result[target] = a;
  return result;
}

/** "Send Back to Signups". */
export function removeSlotForSignup(slots: readonly Slot[], uuid: string): Slot[] {
  return slots.filter((slot) => slot.signupUuid !== uuid);
}

/** What a signup staff add starts as, besides its name and DJs: a one-hour live set, no answers. */
export const NEW_SIGNUP = {
  isDebut: false,
  requestedDuration: 1,
  type: 'LIVE',
  formData: null,
  updatePendingAt: null,
  updatedAnswers: null,
  standby: false,
  streamTestedAt: null,
} as const satisfies Omit<Signup, 'uuid' | 'name' | 'djRefs' | 'updateFields' | 'confirmations'>;

/** Spec §4: staff adding an existing or new DJ to the Signups column. */
export function newStaffSignup(dj: Dj, uuid: string): Signup {
  return { uuid, name: dj.djName || dj.publicName, djRefs: [dj.id], ...NEW_SIGNUP, updateFields: [], confirmations: {} };
}

function availabilityMs(value: string | undefined): number | null {
  if (!value || value === ANY_TIME) return null;
  const dt = DateTime.fromISO(value);
  return dt.isValid ? dt.toMillis() : null;
}

/**
 * Warnings for staff, by slot index (only slots that have any): a slot of no length, a slot
 * outside its signup's stated availability, and a DJ booked in more than one slot. Times are
 * shown in `zone`.
 */
export function lineupConflicts(
  placed: readonly PlacedSlot[],
  djNames: Record<string, string>,
  zones: StaffZones,
): Map<number, string[]> {
  const conflicts = new Map<number, string[]>();
  placed.forEach(({ signup, startTime, endTime, djIds, duration }, index) => {
    const warnings: string[] = duration === 0 ? ['This slot has no length: it takes no time in the lineup. Set its duration.'] : [];
    const start = Date.parse(startTime);
    const end = Date.parse(endTime);
    const from = availabilityMs(signup?.formData?.available_from);
    const to = availabilityMs(signup?.formData?.available_to);
    const time = (ms: number) => staffTime(toIsoUtc(ms), zones, 'time');

    if (signup && from !== null && start < from) {
      warnings.push(`Starts at ${time(start)} but ${signup.name} is available from ${time(from)}`);
    }
    if (signup && to !== null && end > to) {
      warnings.push(`Ends at ${time(end)} but ${signup.name} is available until ${time(to)}`);
    }
    for (const djId of new Set(djIds)) {
      placed.forEach((other, otherIndex) => {
        if (otherIndex !== index && other.djIds.includes(djId)) {
          warnings.push(`${djNames[djId] || 'This DJ'} also plays in slot ${otherIndex + 1}`);
        }
      });
    }
    if (warnings.length > 0) conflicts.set(index, warnings);
  });
  return conflicts;
}
