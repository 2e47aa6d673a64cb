import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from './schemas/settings.js';
import { scheduleOf } from './series.js';
import { comingSundayAt, parseDateOrThrow } from './wall-clock.js';

// The settings' default schedule (spec §9: Sunday 20:00 London).
const DEFAULT_SCHEDULE = scheduleOf(DEFAULT_SETTINGS);

const SUMMER_START = '2024-06-09T19:00:00.000Z'; // Sunday 9 June 2024, 20:00 BST

describe('comingSundayAt', () => {
  it('the default schedule is Sunday 20:00 London', () => {
    // Monday 3 June 2024
    expect(comingSundayAt(new Date('2024-06-03T12:00:00Z'), DEFAULT_SCHEDULE)).toBe(SUMMER_START);
  });

  it('uses BST after the clocks go forward (late March 2025)', () => {
    // Monday 24 March 2025 is GMT; Sunday 30 March 20:00 is already BST.
    expect(comingSundayAt(new Date('2025-03-24T10:00:00Z'), DEFAULT_SCHEDULE)).toBe('2025-03-30T19:00:00.000Z');
  });

  it('uses GMT after the clocks go back (late October 2025)', () => {
    // Monday 20 October 2025 is BST; Sunday 26 October 20:00 is GMT.
    expect(comingSundayAt(new Date('2025-10-20T10:00:00Z'), DEFAULT_SCHEDULE)).toBe('2025-10-26T20:00:00.000Z');
  });

  it('keeps the wall-clock time when the next week crosses a DST change', () => {
    // Sunday 30 March 2025 at 21:00 BST: this week's event has passed, next week's is 6 April.
    expect(comingSundayAt(new Date('2025-03-30T20:00:00Z'), DEFAULT_SCHEDULE)).toBe('2025-04-06T19:00:00.000Z');
  });

  it('returns today when the time is still ahead, next week once it has passed', () => {
    expect(comingSundayAt(new Date('2024-06-09T18:59:00Z'), DEFAULT_SCHEDULE)).toBe(SUMMER_START);
    expect(comingSundayAt(new Date(SUMMER_START), DEFAULT_SCHEDULE)).toBe('2024-06-16T19:00:00.000Z');
    expect(comingSundayAt(new Date('2024-06-09T19:01:00Z'), DEFAULT_SCHEDULE)).toBe('2024-06-16T19:00:00.000Z');
  });

  it('judges "today" in the target zone, not in UTC', () => {
    // Saturday 23:30 UTC is already Sunday 08:30 in Tokyo.
    const tokyo = { weekday: 7, time: '20:00', zone: 'Asia/Tokyo' };
    expect(comingSundayAt(new Date('2024-06-08T23:30:00Z'), tokyo)).toBe('2024-06-09T11:00:00.000Z');
  });

  it('honours other schedules', () => {
    const fridayNy = { weekday: 5, time: '21:30', zone: 'America/New_York' };
    expect(comingSundayAt(new Date('2024-06-09T19:00:00Z'), fridayNy)).toBe('2024-06-15T01:30:00.000Z');
  });

  it('rejects a bad schedule', () => {
    const now = new Date(SUMMER_START);
    expect(() => comingSundayAt(now, { weekday: 7, time: '25:00', zone: 'Europe/London' })).toThrow();
    expect(() => comingSundayAt(now, { weekday: 0, time: '20:00', zone: 'Europe/London' })).toThrow();
    expect(() => comingSundayAt(now, { weekday: 7, time: '20:00', zone: 'Nowhere/City' })).toThrow(
      'Invalid time zone: Nowhere/City',
    );
  });
});

describe('parseDateOrThrow', () => {
  it('normalises instants to ISO UTC', () => {
    expect(parseDateOrThrow('2024-06-09T20:00:00+01:00')).toBe(SUMMER_START);
    expect(parseDateOrThrow('2024-06-09T19:00:00')).toBe(SUMMER_START);
    expect(parseDateOrThrow(new Date(SUMMER_START))).toBe(SUMMER_START);
    expect(parseDateOrThrow(Date.parse(SUMMER_START))).toBe(SUMMER_START);
  });

  it('throws the spec error for anything else', () => {
    for (const bad of ['', 'not a date', '2024-02-30T10:00', null, undefined, {}, new Date('x'), NaN]) {
      expect(() => parseDateOrThrow(bad)).toThrow('Invalid date format');
    }
  });
});
