// Lineup rules (spec §4 "Slot layout", "Adding a signup to the lineup", "dj_plays"). Each derived
// value has exactly one function here so server, client and announcements agree.
import { DateTime } from 'luxon';
import {
  DEFAULT_SLOT_HOURS,
  SLOT_UNIT_MINUTES,
  type Dj,
  type Signup,
  type SignupType,
  type Slot,
  type StreamSourceType,
} from './domain.js';
import { ANY_TIME, formatLocalTime, toIsoUtc } from './time.js';

const MS_PER_MINUTE = 60_000;

function findSignup(uuid: string | null, signups: readonly Signup[]): Signup | undefined {
  return uuid == null ? undefined : signups.find((signup) => signup.uuid === uuid);
}

function parseStart(eventStart: string): number {
  const start = DateTime.fromISO(eventStart);
  if (!start.isValid) throw new Error('Invalid date format');
  return start.toMillis();
}

/** Hours; 0 ('None' in the staff editor) is a real choice, anything not a number is the default. */
function validHours(hours: number | null | undefined): number {
  return typeof hours === 'number' && Number.isFinite(hours) && hours >= 0 ? hours : DEFAULT_SLOT_HOURS;
}

function slotLengthMs(hours: number): number {
  return Math.round(SLOT_UNIT_MINUTES * hours * MS_PER_MINUTE);
}

/**
 * Lays slots out back to back from the event start. A slot lasts its signup's requested
 * duration (the signup is the source of truth once linked); legacy slots keep their own.
 */
export function layoutSlots(eventStart: string, slots: readonly Slot[], signups: readonly Signup[]): Slot[] {
  let cursor = parseStart(eventStart);
  return slots.map((slot) => {
    const signup = findSignup(slot.signupUuid, signups);
    const duration = validHours(signup ? signup.requestedDuration : slot.duration);
    const laidOut: Slot = { ...slot, startTime: toIsoUtc(cursor), duration };
    cursor += slotLengthMs(duration);
    return laidOut;
  });
}

/** End of the last slot of an already laid-out lineup; the start itself when there are none. */
export function eventEnd(eventStart: string, slots: readonly Slot[]): string {
  const total = slots.reduce((ms, slot) => ms + slotLengthMs(validHours(slot.duration)), 0);
  return toIsoUtc(parseStart(eventStart) + total);
}

/** Spec §4: in the lineup only if it has DJ references and a slot points at its uuid. */
export function isSignupInLineup(signup: Signup, slots: readonly Slot[]): boolean {
  return signup.djRefs.length > 0 && slots.some((slot) => slot.signupUuid === signup.uuid);
}

/** The Signups column: signups not (yet) in the lineup, in their stored order. */
export function signupsNotInLineup(signups: readonly Signup[], slots: readonly Slot[]): Signup[] {
  return signups.filter((signup) => !isSignupInLineup(signup, slots));
}

/** The DJ ids one slot stands for: its signup's DJs (B2B partners included), else the legacy ref. */
export function slotDjIds(slot: Slot, signups: readonly Signup[]): string[] {
  const signup = findSignup(slot.signupUuid, signups);
  if (signup) return [...signup.djRefs];
  return slot.djRef ? [slot.djRef] : [];
}

/** dj_plays: unique DJ ids of the whole lineup, in slot order. */
export function computeDjPlays(slots: readonly Slot[], signups: readonly Signup[]): string[] {
  return [...new Set(slots.flatMap((slot) => slotDjIds(slot, signups)))];
}

/** Spec §5: a slot is named by its signup, or by the legacy dj_name of pre-signup events. */
export function slotName(slot: Slot, signups: readonly Signup[]): string {
  const signup = findSignup(slot.signupUuid, signups);
  if (signup) return signup.name;
  if (slot.djName) return slot.djName;
  throw new Error(
    `Unable to find signup with a uuid of ${slot.signupUuid}, and there is no legacy value at slot.dj_name`,
  );
}

/** Sensible stream source for a slot type; staff pick the real one on Stream Details. */
const DEFAULT_STREAM_SOURCE: Record<SignupType, StreamSourceType> = {
  LIVE: 'VRCDN',
  PRERECORD: 'PRERECORD',
  RTMP: 'RTMP',
  TWITCH: 'TWITCH',
};

/** "Add to Lineup": the slot is only provisional in time; layoutSlots places it. */
export function slotForSignup(signup: Signup, startTime: string): Slot {
  return {
    signupUuid: signup.uuid,
    djName: null,
    djRef: signup.djRefs[0] ?? null,
    startTime,
    duration: signup.requestedDuration,
    isDebut: signup.isDebut,
    slotType: signup.type,
    streamSourceUrl: '',
    streamSourceType: DEFAULT_STREAM_SOURCE[signup.type],
  };
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

/** Spec §4: staff adding an existing or new DJ to the Signups column. */
export function newStaffSignup(dj: Dj, uuid: string): Signup {
  return {
    uuid,
    name: dj.djName || dj.publicName,
    djRefs: [dj.id],
    isDebut: false,
    requestedDuration: 1,
    type: 'LIVE',
    hidden: false,
    formData: null,
  };
}

function availabilityMs(value: string | undefined): number | null {
  if (!value || value === ANY_TIME) return null;
  const dt = DateTime.fromISO(value);
  return dt.isValid ? dt.toMillis() : null;
}

/**
 * Warnings for staff, by slot index (only slots that have any): a slot outside its signup's
 * stated availability, and a DJ booked in more than one slot. Times are shown in `zone`.
 */
export function lineupConflicts(
  eventStart: string,
  slots: readonly Slot[],
  signups: readonly Signup[],
  djNames: Record<string, string>,
  zone: string,
): Map<number, string[]> {
  const laidOut = layoutSlots(eventStart, slots, signups);
  const djIdsBySlot = laidOut.map((slot) => slotDjIds(slot, signups));
  const conflicts = new Map<number, string[]>();

  laidOut.forEach((slot, index) => {
    const warnings: string[] = [];
    const signup = findSignup(slot.signupUuid, signups);
    const start = Date.parse(slot.startTime);
    const end = start + slotLengthMs(slot.duration);
    const from = availabilityMs(signup?.formData?.available_from);
    const to = availabilityMs(signup?.formData?.available_to);
    const time = (ms: number) => formatLocalTime(toIsoUtc(ms), zone);

    if (signup && from !== null && start < from) {
      warnings.push(`Starts at ${time(start)} but ${signup.name} is available from ${time(from)}`);
    }
    if (signup && to !== null && end > to) {
      warnings.push(`Ends at ${time(end)} but ${signup.name} is available until ${time(to)}`);
    }
    for (const djId of new Set(djIdsBySlot[index])) {
      djIdsBySlot.forEach((others, otherIndex) => {
        if (otherIndex !== index && others.includes(djId)) {
          warnings.push(`${djNames[djId] || 'This DJ'} also plays in slot ${otherIndex + 1}`);
        }
      });
    }
    if (warnings.length > 0) conflicts.set(index, warnings);
  });
  return conflicts;
}
