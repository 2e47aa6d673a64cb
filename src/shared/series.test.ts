import { describe, expect, it } from 'vitest';
import { nextEventFields, nextEventName, sameDayEvents, scheduleOf } from './series.js';
import { DEFAULT_SETTINGS } from './schemas/settings.js';

const LONDON_SUNDAY_20 = { weekday: 7, time: '20:00', zone: 'Europe/London' };
const event = (startDatetime: string, name = 'Sunday Service #21') => ({
  name,
  startDatetime,
  host: 'Hal',
  message: 'Come chill',
  footer: 'Links',
  signupsAreOpen: true,
  signupsCloseAt: '2024-06-08T19:00:00.000Z',
  signupCap: 8,
  publicLinks: [{ label: 'Watch', url: 'https://twitch.tv/series' }],
});

describe('nextEventName', () => {
  it('increments the last number of the name', () => {
    expect(nextEventName('Sunday Service #21')).toBe('Sunday Service #22');
    expect(nextEventName('Sunday Service #99')).toBe('Sunday Service #100');
    expect(nextEventName('Night 9 (Halloween)')).toBe('Night 10 (Halloween)');
    expect(nextEventName('Vol. 007')).toBe('Vol. 008');
    expect(nextEventName('2024 Season, week 3')).toBe('2024 Season, week 4');
  });

  it('keeps a name without a number', () => {
    expect(nextEventName('Sunday Service')).toBe('Sunday Service');
  });
});

describe('nextEventFields', () => {
  const now = new Date('2024-06-01T12:00:00.000Z');

  it('is the same weekday and wall-clock time a week later, in summer (BST)', () => {
    const next = nextEventFields(event('2024-06-09T19:00:00.000Z'), LONDON_SUNDAY_20, now);
    expect(next).toEqual({
      name: 'Sunday Service #22',
      startDatetime: '2024-06-16T19:00:00.000Z',
      host: 'Hal',
      message: 'Come chill',
      footer: 'Links',
      signupsAreOpen: false,
      signupsCloseAt: null,
      signupCap: 8,
      publicLinks: [{ label: 'Watch', url: 'https://twitch.tv/series' }],
    });
  });

  it('keeps 20:00 London across the change to winter time (GMT)', () => {
    // Sunday 20 October 2024, 20:00 BST; the clocks go back on 27 October.
    const next = nextEventFields(event('2024-10-20T19:00:00.000Z'), LONDON_SUNDAY_20, now);
    expect(next.startDatetime).toBe('2024-10-27T20:00:00.000Z');
  });

  it('keeps 20:00 London across the change to summer time', () => {
    // Sunday 24 March 2024, 20:00 GMT; the clocks go forward on 31 March.
    const next = nextEventFields(event('2024-03-24T20:00:00.000Z'), LONDON_SUNDAY_20, new Date('2024-03-01T00:00:00Z'));
    expect(next.startDatetime).toBe('2024-03-31T19:00:00.000Z');
  });

  it('follows the schedule from the settings, not the old event’s weekday', () => {
    const fridays = { weekday: 5, time: '21:30', zone: 'America/New_York' };
    expect(nextEventFields(event('2024-06-09T19:00:00.000Z'), fridays, now).startDatetime).toBe('2024-06-15T01:30:00.000Z');
  });

  it('is next week’s even when the event began before the series’ time on its weekday', () => {
    // Sunday 6 December 2026 at 19:00 London (GMT), an hour before the series' 20:00: not that evening.
    const next = nextEventFields(event('2026-12-06T19:00:00.000Z'), LONDON_SUNDAY_20, new Date('2026-11-29T12:00:00Z'));
    expect(next.startDatetime).toBe('2026-12-13T20:00:00.000Z');
  });

  it('is next week’s from an event late on the weekday before, in the series’ zone', () => {
    // Saturday 13 July 2024, 23:30 London (BST) is already Sunday in UTC: the Sunday after it.
    const next = nextEventFields(event('2024-07-13T22:30:00.000Z'), LONDON_SUNDAY_20, now);
    expect(next.startDatetime).toBe('2024-07-14T19:00:00.000Z');
  });

  it('is never in the past: from an old event, the coming one', () => {
    const next = nextEventFields(event('2024-01-07T20:00:00.000Z'), LONDON_SUNDAY_20, now);
    expect(next.startDatetime).toBe('2024-06-02T19:00:00.000Z');
  });
});

describe('scheduleOf', () => {
  it('is the weekday, time and zone of the settings', () => {
    expect(scheduleOf(DEFAULT_SETTINGS)).toEqual(LONDON_SUNDAY_20);
    expect(scheduleOf({ ...DEFAULT_SETTINGS, defaultWeekday: 5, defaultTime: '21:30', defaultZone: 'America/New_York' })).toEqual({
      weekday: 5,
      time: '21:30',
      zone: 'America/New_York',
    });
  });
});

describe('sameDayEvents', () => {
  it('finds events on the same calendar day in the series zone', () => {
    const events = [event('2024-06-09T19:00:00.000Z', 'A'), event('2024-06-09T22:30:00.000Z', 'B'), event('2024-06-10T00:30:00.000Z', 'C')];
    // In London, 00:30 UTC on the 10th is 01:30 on the 10th: not the same day as 20:00 on the 9th.
    expect(sameDayEvents(events, '2024-06-09T18:00:00.000Z', 'Europe/London').map((e) => e.name)).toEqual(['A', 'B']);
    // In New York all three fall on the 9th.
    expect(sameDayEvents(events, '2024-06-09T18:00:00.000Z', 'America/New_York').map((e) => e.name)).toEqual(['A', 'B', 'C']);
  });

  it('uses the zone’s day in winter too (London is then UTC)', () => {
    const events = [event('2024-12-08T23:30:00.000Z', 'Late'), event('2024-12-09T00:30:00.000Z', 'Monday')];
    expect(sameDayEvents(events, '2024-12-08T20:00:00.000Z', 'Europe/London').map((e) => e.name)).toEqual(['Late']);
    // In Tokyo all three instants fall on Monday the 9th.
    expect(sameDayEvents(events, '2024-12-08T20:00:00.000Z', 'Asia/Tokyo').map((e) => e.name)).toEqual(['Late', 'Monday']);
  });
});
