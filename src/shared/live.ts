// The night itself (issue 35, the live board): which slot plays now and which comes next, by the
// server's clock, and until when that holds (the next slot boundary). The staff's live board, the
// public page and /feeds/next.json all ask here, so they agree on the second.
import type { LiveMark } from './domain.js';
import { type StaffZones, staffTime } from './time.js';

/** A slot in time; `mark` is what staff marked it on the live board (null: not marked). */
export interface TimedSlot {
  startTime: string;
  endTime: string;
  mark?: LiveMark | null;
}

export type LivePhase = 'before' | 'during' | 'after';

export interface NowAndNext {
  /** Before the event's start, from its start to its end, or after its end. */
  phase: LivePhase;
  /** The index of the slot whose time holds `now`, if any (a gap between slots has none). */
  current: number | null;
  /** The index of the first slot to start after `now`. */
  next: number | null;
  /** When this answer stops holding (epoch ms): the earliest boundary after `now`; Infinity after the end. */
  until: number;
}

/**
 * Now and next at `now` (epoch ms). The event runs from its start to its end (the last slot's
 * end); a slot holds `now` from its start (inclusive) to its end (exclusive), so at a boundary
 * the next slot is current.
 */
export function nowAndNext(event: { startDatetime: string; endDatetime: string }, slots: readonly TimedSlot[], now: number): NowAndNext {
  const start = Date.parse(event.startDatetime);
  const end = Date.parse(event.endDatetime);
  const times = slots.map((slot) => ({ start: Date.parse(slot.startTime), end: Date.parse(slot.endTime) }));
  const firstAfter = times.findIndex((time) => time.start > now);
  const next = firstAfter === -1 ? null : firstAfter;
  if (now >= end) return { phase: 'after', current: null, next: null, until: Infinity };
  if (now < start) return { phase: 'before', current: null, next, until: start };
  const found = times.findIndex((time) => time.start <= now && now < time.end);
  const current = found === -1 ? null : found;
  const boundaries = [end, ...times.flatMap((time) => [time.start, time.end])].filter((at) => at > now);
  return { phase: 'during', current, next, until: Math.min(...boundaries) };
}

/**
 * What the public sees while the event runs: the slot playing now (none when its DJ was marked
 * No-show) and the next slot whose DJ is not marked No-show. Null outside the event.
 */
export function publicNowAndNext<S extends TimedSlot>(
  event: { startDatetime: string; endDatetime: string },
  slots: readonly S[],
  now: number,
): { nowPlaying: S | null; upNext: S | null; until: number } | null {
  const { phase, current, next, until } = nowAndNext(event, slots, now);
  if (phase !== 'during') return null;
  const playing = current === null ? null : slots[current]!;
  const upNext = next === null ? null : (slots.slice(next).find((slot) => slot.mark !== 'no_show') ?? null);
  return { nowPlaying: playing?.mark === 'no_show' ? null : playing, upNext, until };
}

/** A countdown as a clock: '4:05' under an hour, '1:02:03' from an hour; never negative. */
export function countdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const [hours, minutes, seconds] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  const two = (n: number) => String(n).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${minutes}:${two(seconds)}`;
}

/** What the live board says outside the event, with its time as staff pages write times (decision 042). */
export function liveBoardNotice(phase: LivePhase, event: { startDatetime: string; endDatetime: string }, zones: StaffZones): string | null {
  if (phase === 'before') return `This event has not started yet. It starts ${staffTime(event.startDatetime, zones)}.`;
  if (phase === 'after') return `This event is over. It ended ${staffTime(event.endDatetime, zones)}.`;
  return null;
}
