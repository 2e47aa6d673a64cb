import type { Dj } from './schemas/djs.js';
import type { Signup, Slot } from './schemas/lineup.js';
import { isSignupInLineup, slotForSignup } from './lineup.js';

// Standby DJs (issue 35, decision 045): signups staff keep beside the lineup, ready to take over a
// slot whose DJ drops out or does not show. Pure: the Lineup tab edits its draft with these, and
// the save, the history and the DJ's pages read the same flag.

type Lineup = { signups: Signup[]; slots: Slot[] };

/** The signups on standby, in the Signups column's order (never one with a slot). */
export function standbySignups<S extends Pick<Signup, 'uuid' | 'standby' | 'djRefs'>>(signups: readonly S[], slots: readonly Slot[]): S[] {
  return signups.filter((signup) => signup.standby && !slots.some((slot) => slot.signupUuid === signup.uuid));
}

/** Put on standby / take off standby: only a signup with DJs and without a slot can be on standby. */
export function setStandby<E extends Lineup>(event: E, uuid: string, standby: boolean): E {
  const signup = event.signups.find((s) => s.uuid === uuid);
  if (!signup || signup.standby === standby) return event;
  if (standby && (signup.djRefs.length === 0 || isSignupInLineup(signup, event.slots))) return event;
  return { ...event, signups: event.signups.map((s) => (s === signup ? { ...s, standby } : s)) };
}

/** A slot's length in hours: its signup's, or what a legacy slot kept. */
function slotHours(event: Lineup, slot: Slot): number | null {
  if (slot.signupUuid === null) return slot.legacy?.duration ?? null;
  return event.signups.find((signup) => signup.uuid === slot.signupUuid)?.requestedDuration ?? slot.legacy?.duration ?? null;
}

/**
 * Swap in standby: the standby takes the slot at `index`, at its place (so its time) and its
 * length, streaming from the standby's own link; the slot's signup goes back to the signups. A
 * standby that is gone, or a slot that is not there, leaves the lineup as it was.
 */
export function swapInStandby<E extends Lineup>(event: E, index: number, standbyUuid: string, djs: Record<string, Dj> = {}): E {
  const slot = event.slots[index];
  const standby = event.signups.find((signup) => signup.uuid === standbyUuid);
  if (!slot || !standby || !standby.standby || standby.djRefs.length === 0 || isSignupInLineup(standby, event.slots)) return event;
  const hours = slotHours(event, slot) ?? standby.requestedDuration;
  const takesOver: Signup = { ...standby, standby: false, requestedDuration: hours };
  return {
    ...event,
    signups: event.signups.map((signup) => (signup === standby ? takesOver : signup)),
    slots: event.slots.map((s, i) => (i === index ? slotForSignup(takesOver, djs) : s)),
  };
}
