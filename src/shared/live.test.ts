import { describe, expect, it } from 'vitest';
import { countdown, liveBoardNotice, nowAndNext, publicNowAndNext, type TimedSlot } from './live.js';

// Now and next on the night (issue 35), by a fixed clock: every test says what "now" is. Slot
// times are instants, so London's summer (BST, UTC+1) and winter (GMT) and the night the clocks
// go back change nothing but how the notice writes them.

const MIN = 60_000;
const HOUR = 60 * MIN;
const at = (iso: string, plus = 0) => Date.parse(iso) + plus;
const iso = (ms: number) => new Date(ms).toISOString();

/** Back-to-back slots of these lengths (hours) from `start`, and the event they make. */
function night(start: string, hours: number[]) {
  let cursor = Date.parse(start);
  const slots: TimedSlot[] = hours.map((length) => {
    const slot = { startTime: iso(cursor), endTime: iso(cursor + length * HOUR) };
    cursor += length * HOUR;
    return slot;
  });
  return { event: { startDatetime: start, endDatetime: iso(cursor) }, slots };
}

// 20:00 London time in summer (19:00 UTC) and in winter (20:00 UTC).
const SUMMER = night('2026-06-14T19:00:00.000Z', [1, 1, 0.5]);
const WINTER = night('2026-12-13T20:00:00.000Z', [1, 1, 0.5]);

describe('nowAndNext', () => {
  it('before the start: nothing plays, the first slot is next, and it holds until the start', () => {
    expect(nowAndNext(SUMMER.event, SUMMER.slots, at(SUMMER.event.startDatetime, -5 * MIN))).toEqual({
      phase: 'before',
      current: null,
      next: 0,
      until: at(SUMMER.event.startDatetime),
    });
  });

  it('during a slot: it plays, the one after it is next, until its end', () => {
    for (const { event, slots } of [SUMMER, WINTER]) {
      expect(nowAndNext(event, slots, at(event.startDatetime, 70 * MIN))).toEqual({ phase: 'during', current: 1, next: 2, until: at(slots[1]!.endTime) });
    }
  });

  it('at a boundary the next slot is current; the last slot has no next and holds until the end', () => {
    const { event, slots } = WINTER;
    expect(nowAndNext(event, slots, at(slots[1]!.startTime))).toMatchObject({ current: 1, next: 2 });
    expect(nowAndNext(event, slots, at(slots[2]!.startTime, MIN))).toEqual({ phase: 'during', current: 2, next: null, until: at(event.endDatetime) });
  });

  it('from the end on: over, nothing plays and nothing is next, for good', () => {
    const { event, slots } = SUMMER;
    expect(nowAndNext(event, slots, at(event.endDatetime))).toEqual({ phase: 'after', current: null, next: null, until: Infinity });
  });

  it('through the night the clocks go back in London (01:00 UTC, 25 October 2026) the slots keep their real lengths', () => {
    // 23:30 BST to 02:30 GMT: three hours of real time.
    const { event, slots } = night('2026-10-24T22:30:00.000Z', [1, 1, 1]);
    expect(nowAndNext(event, slots, at('2026-10-25T01:15:00.000Z'))).toEqual({ phase: 'during', current: 2, next: null, until: at('2026-10-25T01:30:00.000Z') });
  });

  it('an event with no slots is never running: before its start, then over', () => {
    const event = { startDatetime: '2026-06-14T19:00:00.000Z', endDatetime: '2026-06-14T19:00:00.000Z' };
    expect(nowAndNext(event, [], at(event.startDatetime, -MIN)).phase).toBe('before');
    expect(nowAndNext(event, [], at(event.startDatetime)).phase).toBe('after');
  });
});

describe('publicNowAndNext', () => {
  const named = SUMMER.slots.map((slot, index) => ({ ...slot, name: `DJ ${index + 1}` }));

  it('names the slot playing now and the one up next while the event runs, and nothing outside it', () => {
    const now = at(SUMMER.event.startDatetime, 10 * MIN);
    expect(publicNowAndNext(SUMMER.event, named, now)).toMatchObject({ nowPlaying: { name: 'DJ 1' }, upNext: { name: 'DJ 2' }, until: at(named[0]!.endTime) });
    expect(publicNowAndNext(SUMMER.event, named, at(SUMMER.event.startDatetime, -MIN))).toBeNull();
    expect(publicNowAndNext(SUMMER.event, named, at(SUMMER.event.endDatetime))).toBeNull();
  });

  it('a No-show plays nothing and is never up next', () => {
    const marked = named.map((slot, index) => ({ ...slot, mark: index < 2 ? ('no_show' as const) : null }));
    expect(publicNowAndNext(SUMMER.event, marked, at(SUMMER.event.startDatetime, 10 * MIN))).toMatchObject({ nowPlaying: null, upNext: { name: 'DJ 3' } });
    const onAir = named.map((slot) => ({ ...slot, mark: 'on_air' as const }));
    expect(publicNowAndNext(SUMMER.event, onAir, at(SUMMER.event.startDatetime, 10 * MIN))?.nowPlaying?.name).toBe('DJ 1');
  });
});

describe('countdown', () => {
  it('writes minutes and seconds under an hour, hours from an hour, never below zero', () => {
    expect(countdown(4 * MIN + 5_000)).toBe('4:05');
    expect(countdown(HOUR + 2 * MIN + 3_000)).toBe('1:02:03');
    expect(countdown(999)).toBe('0:01');
    expect(countdown(-5_000)).toBe('0:00');
  });
});

describe('liveBoardNotice', () => {
  const zones = (viewer: string) => ({ viewer, series: 'Europe/London' });

  it('before the start it gives the start in the viewer’s zone and the series’ (summer and winter)', () => {
    expect(liveBoardNotice('before', SUMMER.event, zones('Europe/London'))).toBe('This event has not started yet. It starts Sun 14 Jun 2026, 20:00 London time.');
    expect(liveBoardNotice('before', WINTER.event, zones('America/New_York'))).toBe(
      'This event has not started yet. It starts Sun 13 Dec 2026, 15:00 New York time (20:00 London time).',
    );
  });

  it('after the end it says so, with the end; while it runs it says nothing', () => {
    expect(liveBoardNotice('after', SUMMER.event, zones('Europe/Paris'))).toBe('This event is over. It ended Sun 14 Jun 2026, 23:30 Paris time (22:30 London time).');
    expect(liveBoardNotice('during', SUMMER.event, zones('Europe/London'))).toBeNull();
  });
});
