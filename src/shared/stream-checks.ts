import type { PlacedSlot } from './lineup.js';

// Stream checks (issue 35, decision 045): each slot's stream is tested before a deadline, a set
// number of hours before the event starts. Pure: the Lineup tab, Stream Details and the Preflight
// ask the same questions, with the server's time.

const HOUR = 3_600_000;

/** The instant by which every slot's stream should be tested (ms). */
export const streamCheckDeadline = (eventStart: string, hoursBefore: number): number => Date.parse(eventStart) - hoursBefore * HOUR;

/** The slots whose stream nobody has tested yet (legacy slots have no signup to test). */
export function uncheckedSlots<P extends Pick<PlacedSlot, 'signup'>>(placed: readonly P[]): P[] {
  return placed.filter((slot) => slot.signup !== undefined && slot.signup.streamTestedAt === null);
}

/** Past the deadline and still untested: the slot is flagged, with Swap in standby offered. */
export function streamCheckOverdue(slot: Pick<PlacedSlot, 'signup'>, deadline: number, now: number): boolean {
  return now >= deadline && slot.signup !== undefined && slot.signup.streamTestedAt === null;
}
