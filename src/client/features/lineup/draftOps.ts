import type { StreamSourceType } from '@shared/domain';
import type { Dj } from '@shared/schemas/djs';
import type { LineupEvent } from '@shared/schemas/events';
import type { Signup, Slot } from '@shared/schemas/lineup';
import { applyPendingChange, dismissPendingChange } from '@shared/dj-update';
import { moveSlot, newStaffSignup, slotForSignup } from '@shared/lineup';

// The Lineup and Stream Details tabs' edits, as pure functions of the draft (spec §4 "Adding a
// signup", "Removing a signup", B2B). Slot times are left to placeSlots (display and save).

/** Signup ids are made in the browser; randomUUID needs a secure context, so fall back. */
export function newUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const djLabel = (dj: Pick<Dj, 'djName' | 'publicName'>): string => dj.djName || dj.publicName;

/** The signup of this draft that already names the DJ: a DJ has one signup per event. */
export function signupNaming(event: LineupEvent, djId: string): Signup | undefined {
  return event.signups.find((signup) => signup.djRefs.includes(djId));
}

/** 'Add DJ to Signups': a new staff signup for the DJ at the end of the Signups column. */
export function addStaffSignup(event: LineupEvent, dj: Dj, uuid = newUuid()): LineupEvent {
  return { ...event, signups: [...event.signups, newStaffSignup(dj, uuid)] };
}

export type SignupChanges = Partial<Pick<Signup, 'name' | 'isDebut' | 'requestedDuration' | 'type' | 'djRefs'>>;

/** Edits a signup; its slot, if any, plays it as edited (the slot only points at it). */
export function updateSignup(event: LineupEvent, uuid: string, changes: SignupChanges): LineupEvent {
  const signups = event.signups.map((signup) => (signup.uuid === uuid ? { ...signup, ...changes } : signup));
  const signup = signups.find((s) => s.uuid === uuid);
  if (!signup) return event;
  // A signup left without DJs is no longer in the lineup (spec §4), so its slot goes too.
  if (signup.djRefs.length === 0) return { ...event, signups, slots: event.slots.filter((slot) => slot.signupUuid !== uuid) };
  return { ...event, signups };
}

const mapSignup = (event: LineupEvent, uuid: string, change: (signup: Signup) => Signup): LineupEvent => ({
  ...event,
  signups: event.signups.map((signup) => (signup.uuid === uuid ? change(signup) : signup)),
});

/** Apply: the slot plays the DJ's updated name, length and type, and goes by their new answers. */
export const applySignupUpdate = (event: LineupEvent, uuid: string) => mapSignup(event, uuid, applyPendingChange);

/** Dismiss: the slot keeps what it plays; the update no longer waits. */
export const dismissSignupUpdate = (event: LineupEvent, uuid: string) => mapSignup(event, uuid, dismissPendingChange);

/**
 * 'Add DJ to Slot (B2B)'. A signup still named after its DJs ('A', 'A b2b B') is renamed to
 * include the partner; a name the host or DJ chose is kept.
 */
export function addDjToSignup(event: LineupEvent, uuid: string, partner: Dj, djs: Record<string, Dj> = {}): LineupEvent {
  const signup = event.signups.find((s) => s.uuid === uuid);
  if (!signup || signup.djRefs.includes(partner.id)) return event;
  const names = signup.djRefs.map((djId) => (djs[djId] ? djLabel(djs[djId]) : null));
  const namedAfterDjs = names.every((name) => name !== null) && signup.name === names.join(' b2b ');
  return updateSignup(event, uuid, {
    djRefs: [...signup.djRefs, partner.id],
    ...(namedAfterDjs && { name: [...names, djLabel(partner)].join(' b2b ') }),
  });
}

/** 'remove DJ from signup slot'. */
export function removeDjFromSignup(event: LineupEvent, uuid: string, djId: string): LineupEvent {
  const signup = event.signups.find((s) => s.uuid === uuid);
  if (!signup) return event;
  return updateSignup(event, uuid, { djRefs: signup.djRefs.filter((id) => id !== djId) });
}

/** 'Remove Signup': deletes it from the event, with any slot still pointing at it. */
export function removeSignup(event: LineupEvent, uuid: string): LineupEvent {
  return {
    ...event,
    signups: event.signups.filter((signup) => signup.uuid !== uuid),
    slots: event.slots.filter((slot) => slot.signupUuid !== uuid),
  };
}

/**
 * 'Add To Lineup': a slot at the end, or at `at` when dragged there (only for a signup with DJs, or it would not count),
 * streaming from this week's signup link, else its DJs' profile link.
 */
export function addToLineup(event: LineupEvent, uuid: string, djs: Record<string, Dj> = {}, at = event.slots.length): LineupEvent {
  const signup = event.signups.find((s) => s.uuid === uuid);
  if (!signup || signup.djRefs.length === 0 || event.slots.some((slot) => slot.signupUuid === uuid)) return event;
  const slots = [...event.slots];
  // A signup dragged onto a slot takes that slot's place; the rest move one later.
  slots.splice(Math.max(0, Math.min(at, slots.length)), 0, slotForSignup(signup, djs));
  // A standby given a slot of its own is no longer beside the lineup.
  const signups = signup.standby ? event.signups.map((s) => (s === signup ? { ...s, standby: false } : s)) : event.signups;
  return { ...event, signups, slots };
}

/** 'Send Back to Signups' (or, for a legacy slot, removing it): by position, as legacy slots share a null uuid. */
export function removeSlotAt(event: LineupEvent, index: number): LineupEvent {
  return { ...event, slots: event.slots.filter((_, i) => i !== index) };
}

/** Move sooner (-1) / later (+1). */
export function moveSlotBy(event: LineupEvent, index: number, delta: number): LineupEvent {
  return { ...event, slots: moveSlot(event.slots, index, delta) };
}

/** Drag and drop: the slot at `from` lands at `to`, the others keep their order. */
export function reorderSlot(event: LineupEvent, from: number, to: number): LineupEvent {
  if (from === to || !event.slots[from] || to < 0 || to >= event.slots.length) return event;
  const slots = [...event.slots];
  const [moved] = slots.splice(from, 1);
  slots.splice(to, 0, moved!);
  return { ...event, slots };
}

export type StreamChanges = Partial<{ streamSourceType: StreamSourceType; streamSourceUrl: string }>;

/** Stream Details: the source of one slot. */
export function updateSlotStream(event: LineupEvent, index: number, changes: StreamChanges): LineupEvent {
  return { ...event, slots: event.slots.map((slot, i): Slot => (i === index ? { ...slot, ...changes } : slot)) };
}

/** Stable ids for sortable slots: the signup uuid, else the position (legacy slots). */
export function slotIds(slots: readonly Slot[]): string[] {
  const seen = new Set<string>();
  return slots.map((slot, index) => {
    const id = slot.signupUuid && !seen.has(slot.signupUuid) ? slot.signupUuid : `slot-${index}`;
    seen.add(id);
    return id;
  });
}
