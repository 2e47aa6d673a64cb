import { describe, expect, it } from 'vitest';
import {
  availabilityOptions,
  comingSundayAt,
  formatAvailability,
  formatEventDate,
  formatEventDay,
  formatLocalTime,
  formatSlotForDj,
  fromDateTimeLocalValue,
  parseDateOrThrow,
  timeBothWays,
  toDateTimeLocalValue,
} from './time.js';

const SUMMER_START = '2024-06-09T19:00:00.000Z'; // Sunday 9 June 2024, 20:00 BST
const WINTER_START = '2024-12-08T20:00:00.000Z'; // Sunday 8 December 2024, 20:00 GMT

describe('comingSundayAt', () => {
  it('defaults to Sunday 20:00 London', () => {
    // Monday 3 June 2024
    expect(comingSundayAt(new Date('2024-06-03T12:00:00Z'))).toBe(SUMMER_START);
  });

  it('uses BST after the clocks go forward (late March 2025)', () => {
    // Monday 24 March 2025 is GMT; Sunday 30 March 20:00 is already BST.
    expect(comingSundayAt(new Date('2025-03-24T10:00:00Z'))).toBe('2025-03-30T19:00:00.000Z');
  });

  it('uses GMT after the clocks go back (late October 2025)', () => {
    // Monday 20 October 2025 is BST; Sunday 26 October 20:00 is GMT.
    expect(comingSundayAt(new Date('2025-10-20T10:00:00Z'))).toBe('2025-10-26T20:00:00.000Z');
  });

  it('keeps the wall-clock time when the next week crosses a DST change', () => {
    // Sunday 30 March 2025 at 21:00 BST: this week's event has passed, next week's is 6 April.
    expect(comingSundayAt(new Date('2025-03-30T20:00:00Z'))).toBe('2025-04-06T19:00:00.000Z');
  });

  it('returns today when the time is still ahead, next week once it has passed', () => {
    expect(comingSundayAt(new Date('2024-06-09T18:59:00Z'))).toBe(SUMMER_START);
    expect(comingSundayAt(new Date(SUMMER_START))).toBe('2024-06-16T19:00:00.000Z');
    expect(comingSundayAt(new Date('2024-06-09T19:01:00Z'))).toBe('2024-06-16T19:00:00.000Z');
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

describe('availabilityOptions', () => {
  it('is Any Time plus seven hourly instants from the start', () => {
    const options = availabilityOptions(SUMMER_START, 'Europe/London');
    expect(options).toEqual([
      { value: 'any', label: 'Any Time' },
      { value: '2024-06-09T19:00:00.000Z', label: '20:00' },
      { value: '2024-06-09T20:00:00.000Z', label: '21:00' },
      { value: '2024-06-09T21:00:00.000Z', label: '22:00' },
      { value: '2024-06-09T22:00:00.000Z', label: '23:00' },
      { value: '2024-06-09T23:00:00.000Z', label: '00:00' },
      { value: '2024-06-10T00:00:00.000Z', label: '01:00' },
      { value: '2024-06-10T01:00:00.000Z', label: '02:00' },
    ]);
  });

  it('labels in the viewer zone', () => {
    const labels = availabilityOptions(WINTER_START, 'America/New_York').map((o) => o.label);
    expect(labels).toEqual(['Any Time', '15:00', '16:00', '17:00', '18:00', '19:00', '20:00', '21:00']);
  });

  it('throws on an unparsable start', () => {
    expect(() => availabilityOptions('nope', 'UTC')).toThrow('Invalid date format');
  });
});

describe('formatAvailability', () => {
  it('formats any, instants and locales', () => {
    expect(formatAvailability('any', 'Europe/London')).toBe('Any Time');
    expect(formatAvailability(SUMMER_START, 'Europe/London')).toBe('20:00');
    // ICU versions differ on the space before PM (U+0020 or U+202F).
    expect(formatAvailability(SUMMER_START, 'America/New_York', 'en-US')).toMatch(/^3:00\sPM$/);
    expect(formatAvailability('garbage', 'UTC')).toBe('garbage');
  });
});

describe('display formats', () => {
  it('formats the event date compactly in the zone', () => {
    expect(formatEventDate(SUMMER_START, 'Europe/London')).toBe('Sun 9 Jun 2024, 20:00');
    expect(formatEventDate(WINTER_START, 'Europe/London')).toBe('Sun 8 Dec 2024, 20:00');
    expect(formatEventDate('2024-09-08T19:00:00.000Z', 'Europe/London')).toBe('Sun 8 Sep 2024, 20:00');
    // Late evening in London is the next day in Tokyo.
    expect(formatEventDate(WINTER_START, 'Asia/Tokyo')).toBe('Mon 9 Dec 2024, 05:00');
    expect(formatEventDate('', 'UTC')).toBe('');
  });

  it('formats local times', () => {
    expect(formatLocalTime(SUMMER_START, 'Europe/London')).toBe('20:00');
    expect(formatLocalTime(SUMMER_START, 'America/New_York')).toBe('15:00');
    expect(formatLocalTime('x', 'UTC')).toBe('');
  });
});

describe('formatSlotForDj', () => {
  const hour = (iso: string) => new Date(Date.parse(iso) + 3_600_000).toISOString();
  it('shows the slot in the series zone and the start in the DJ\'s own, in summer and in winter', () => {
    const summer = { startTime: SUMMER_START, endTime: hour(SUMMER_START) };
    expect(formatSlotForDj(summer, 'Europe/London', 'America/Chicago')).toBe('Sun 20:00–21:00 London, 14:00 your time');
    const winter = { startTime: WINTER_START, endTime: hour(WINTER_START) };
    expect(formatSlotForDj(winter, 'Europe/London', 'America/Chicago')).toBe('Sun 20:00–21:00 London, 14:00 your time');
  });
  it('names the day when it differs for the DJ, and leaves their time out when their clock agrees', () => {
    const summer = { startTime: SUMMER_START, endTime: hour(SUMMER_START) };
    expect(formatSlotForDj(summer, 'Europe/London', 'Australia/Sydney')).toBe('Sun 20:00–21:00 London, Mon 05:00 your time');
    expect(formatSlotForDj(summer, 'Europe/London', 'Europe/London')).toBe('Sun 20:00–21:00 London');
    expect(formatSlotForDj(summer, 'America/New_York', 'Europe/London')).toBe('Sun 15:00–16:00 New York, 20:00 your time');
  });
});

describe('datetime-local values', () => {
  it('round-trips through the zone', () => {
    expect(toDateTimeLocalValue(SUMMER_START, 'Europe/London')).toBe('2024-06-09T20:00');
    expect(toDateTimeLocalValue(WINTER_START, 'America/New_York')).toBe('2024-12-08T15:00');
    expect(fromDateTimeLocalValue('2024-06-09T20:00', 'Europe/London')).toBe(SUMMER_START);
    expect(fromDateTimeLocalValue('2024-12-08T20:00', 'Europe/London')).toBe(WINTER_START);
    expect(fromDateTimeLocalValue('2024-12-08T15:00:00', 'America/New_York')).toBe(WINTER_START);
  });

  it('ignores unparsable values', () => {
    expect(fromDateTimeLocalValue('', 'Europe/London')).toBeNull();
    expect(fromDateTimeLocalValue('2024-13-40T20:00', 'Europe/London')).toBeNull();
    expect(fromDateTimeLocalValue('tomorrow', 'Europe/London')).toBeNull();
    expect(toDateTimeLocalValue('tomorrow', 'Europe/London')).toBe('');
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

describe('a time for the series and for the viewer', () => {
  it('gives the London time and the viewer\'s own, summer and winter', () => {
    expect(timeBothWays(SUMMER_START, 'Europe/London', 'America/New_York')).toBe('20:00 London, 15:00 your time');
    expect(timeBothWays(WINTER_START, 'Europe/London', 'America/New_York')).toBe('20:00 London, 15:00 your time');
    expect(timeBothWays(SUMMER_START, 'Europe/London', 'Australia/Sydney')).toBe('20:00 London, 05:00 your time');
  });

  it('says it once when both clocks show the same', () => {
    expect(timeBothWays(SUMMER_START, 'Europe/London', 'Europe/London')).toBe('20:00 London');
    // Lisbon keeps London's clock in summer and in winter.
    expect(timeBothWays(WINTER_START, 'Europe/London', 'Europe/Lisbon')).toBe('20:00 London');
    expect(timeBothWays(WINTER_START, 'Europe/London', 'UTC')).toBe('20:00 London');
    expect(timeBothWays(SUMMER_START, 'Europe/London', 'UTC')).toBe('20:00 London, 19:00 your time');
  });

  it('gives the day in the series zone', () => {
    expect(formatEventDay(SUMMER_START, 'Europe/London')).toBe('Sun 9 Jun 2024');
    expect(formatEventDay(WINTER_START, 'Australia/Sydney')).toBe('Mon 9 Dec 2024');
  });

  it('is empty for an unparsable time', () => {
    expect(timeBothWays('not a time', 'Europe/London', 'UTC')).toBe('');
    expect(formatEventDay('not a time', 'Europe/London')).toBe('');
  });
});
