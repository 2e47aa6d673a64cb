import { describe, expect, it } from 'vitest';
import {
  availabilityOptions,
  formatAvailability,
  formatEventDate,
  formatEventDay,
  formatLocalTime,
  formatSlotForDj,
  formatZonedDate,
  staffClocks,
  staffTime,
  staffZoneNames,
  timeBothWays,
  toDateTimeLocalValue,
  zoneAbbreviation,
  zoneName,
  zonePlace,
} from './time.js';
import { fromDateTimeLocalValue } from './wall-clock.js';

const SUMMER_START = '2024-06-09T19:00:00.000Z'; // Sunday 9 June 2024, 20:00 BST
const WINTER_START = '2024-12-08T20:00:00.000Z'; // Sunday 8 December 2024, 20:00 GMT

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
    expect(formatLocalTime('2024-06-09T23:30:00.000Z', 'Europe/London')).toBe('00:30');
  });

  it('reads offsets, and shows nothing for a zone that does not exist', () => {
    expect(formatEventDate('2024-06-09T20:00:00+01:00', 'Europe/London')).toBe('Sun 9 Jun 2024, 20:00');
    expect(formatEventDate('2024-06-09T19:00:00', 'Europe/London')).toBe('Sun 9 Jun 2024, 20:00');
    expect(formatEventDate(SUMMER_START, 'Nowhere/City')).toBe('');
    expect(formatLocalTime('2024-13-40T20:00:00Z', 'UTC')).toBe('');
    expect(formatAvailability(SUMMER_START, 'Nowhere/City', 'en-US')).toBe(SUMMER_START);
  });
});

describe('formatSlotForDj', () => {
  const hour = (iso: string) => new Date(Date.parse(iso) + 3_600_000).toISOString();
  it('shows the slot in the series zone and the start in the DJ\'s own, in summer and in winter', () => {
    const summer = { startTime: SUMMER_START, endTime: hour(SUMMER_START) };
    expect(formatSlotForDj(summer, 'Europe/London', 'America/Chicago')).toBe('Sun 20:00–21:00 London time, 14:00 Chicago time');
    const winter = { startTime: WINTER_START, endTime: hour(WINTER_START) };
    expect(formatSlotForDj(winter, 'Europe/London', 'America/Chicago')).toBe('Sun 20:00–21:00 London time, 14:00 Chicago time');
  });
  it('names the day when it differs for the DJ, and leaves their time out when their clock agrees', () => {
    const summer = { startTime: SUMMER_START, endTime: hour(SUMMER_START) };
    expect(formatSlotForDj(summer, 'Europe/London', 'Australia/Sydney')).toBe('Sun 20:00–21:00 London time, Mon 05:00 Sydney time');
    const winter = { startTime: WINTER_START, endTime: hour(WINTER_START) };
    expect(formatSlotForDj(winter, 'Europe/London', 'Australia/Sydney')).toBe('Sun 20:00–21:00 London time, Mon 07:00 Sydney time');
    expect(formatSlotForDj(summer, 'Europe/London', 'Europe/London')).toBe('Sun 20:00–21:00 London time');
    expect(formatSlotForDj(summer, 'America/New_York', 'Europe/London')).toBe('Sun 15:00–16:00 New York time, 20:00 London time');
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

describe('zoneAbbreviation', () => {
  it('names the zone as people read it, summer and winter', () => {
    expect(zoneAbbreviation('2024-06-09T19:00:00.000Z', 'Europe/London')).toBe('BST');
    expect(zoneAbbreviation('2024-12-08T20:00:00.000Z', 'Europe/London')).toBe('GMT');
    expect(zoneAbbreviation('2024-06-09T19:00:00.000Z', 'America/New_York')).toBe('EDT');
    expect(zoneAbbreviation('2024-06-09T19:00:00.000Z', 'Europe/Berlin')).toBe('CEST');
    expect(zoneAbbreviation('2024-06-09T19:00:00.000Z', 'UTC')).toBe('UTC');
    expect(zoneAbbreviation('nonsense', 'Europe/London')).toBe('');
  });
});

describe('a time for the series and for the viewer', () => {
  it('gives the London time and the viewer\'s own, summer and winter', () => {
    expect(timeBothWays(SUMMER_START, 'Europe/London', 'America/New_York')).toBe('20:00 London time, 15:00 New York time');
    expect(timeBothWays(WINTER_START, 'Europe/London', 'America/New_York')).toBe('20:00 London time, 15:00 New York time');
  });

  it("gives the viewer's own day when it is not London's, so a London date beside it never disagrees", () => {
    // Sunday evening in London is Monday morning in Sydney: AEST in June, AEDT in December.
    expect(timeBothWays(SUMMER_START, 'Europe/London', 'Australia/Sydney')).toBe('20:00 London time, Mon 10 Jun 05:00 Sydney time');
    expect(timeBothWays(WINTER_START, 'Europe/London', 'Australia/Sydney')).toBe('20:00 London time, Mon 9 Dec 07:00 Sydney time');
    // Earlier in the day in Los Angeles, still Sunday.
    expect(timeBothWays(WINTER_START, 'Europe/London', 'America/Los_Angeles')).toBe('20:00 London time, 12:00 Los Angeles time');
  });

  it('says it once when both clocks show the same', () => {
    expect(timeBothWays(SUMMER_START, 'Europe/London', 'Europe/London')).toBe('20:00 London time');
    // Lisbon keeps London's clock in summer and in winter.
    expect(timeBothWays(WINTER_START, 'Europe/London', 'Europe/Lisbon')).toBe('20:00 London time');
    expect(timeBothWays(WINTER_START, 'Europe/London', 'UTC')).toBe('20:00 London time');
    expect(timeBothWays(SUMMER_START, 'Europe/London', 'UTC')).toBe('20:00 London time, 19:00 UTC');
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

describe('every time names its zone', () => {
  it("names a zone's place as people say it (the public pages' 'in London')", () => {
    expect(zonePlace('Europe/London')).toBe('London');
    expect(zonePlace('America/New_York')).toBe('New York');
  });
  it('names a zone as people say it beside a time', () => {
    expect(zoneName('Europe/London')).toBe('London time');
    expect(zoneName('America/New_York')).toBe('New York time');
    expect(zoneName('America/Argentina/Buenos_Aires')).toBe('Buenos Aires time');
    expect(zoneName('UTC')).toBe('UTC');
    expect(zoneName('Etc/UTC')).toBe('UTC');
    expect(zoneName('Etc/GMT-10')).toBe('GMT-10');
  });

  it('writes a date and time with its zone, the date being that zone\'s', () => {
    expect(formatZonedDate(SUMMER_START, 'Europe/London')).toBe('Sun 9 Jun 2024, 20:00 London time');
    expect(formatZonedDate(WINTER_START, 'Europe/London')).toBe('Sun 8 Dec 2024, 20:00 London time');
    expect(formatZonedDate(SUMMER_START, 'Australia/Sydney')).toBe('Mon 10 Jun 2024, 05:00 Sydney time');
    expect(formatZonedDate(WINTER_START, 'Australia/Sydney')).toBe('Mon 9 Dec 2024, 07:00 Sydney time');
    expect(formatZonedDate(WINTER_START, 'UTC')).toBe('Sun 8 Dec 2024, 20:00 UTC');
    expect(formatZonedDate('not a time', 'Europe/London')).toBe('');
  });
});

describe('times on staff pages: the viewer\'s zone, the series\' beside where it differs', () => {
  const london = (viewer: string) => ({ viewer, series: 'Europe/London' });
  const hourLater = (iso: string) => new Date(Date.parse(iso) + 3_600_000).toISOString();

  it('writes the viewer\'s time first and the series\' in brackets, summer and winter', () => {
    expect(staffTime(SUMMER_START, london('America/New_York'))).toBe('Sun 9 Jun 2024, 15:00 New York time (20:00 London time)');
    expect(staffTime(WINTER_START, london('America/New_York'))).toBe('Sun 8 Dec 2024, 15:00 New York time (20:00 London time)');
    expect(staffTime(SUMMER_START, london('Europe/Paris'), 'time')).toBe('21:00 Paris time (20:00 London time)');
    expect(staffTime(WINTER_START, london('Europe/Paris'), 'dayTime')).toBe('Sun 8 Dec 21:00 Paris time (20:00 London time)');
  });

  it('says it once where both clocks agree', () => {
    expect(staffTime(SUMMER_START, london('Europe/London'))).toBe('Sun 9 Jun 2024, 20:00 London time');
    // UTC keeps London's clock in winter only.
    expect(staffTime(WINTER_START, london('UTC'), 'time')).toBe('20:00 UTC');
    expect(staffTime(SUMMER_START, london('UTC'), 'time')).toBe('19:00 UTC (20:00 London time)');
  });

  it('names the series\' day in the bracket when it is not the viewer\'s', () => {
    expect(staffTime(SUMMER_START, london('Australia/Sydney'))).toBe('Mon 10 Jun 2024, 05:00 Sydney time (Sun 9 Jun 20:00 London time)');
    expect(staffTime(WINTER_START, london('Australia/Sydney'), 'time')).toBe('07:00 Sydney time (Sun 20:00 London time)');
    expect(staffTime(WINTER_START, london('Australia/Sydney'), 'day')).toBe('Mon 9 Dec 2024 (Sun 8 Dec in London)');
    expect(staffTime(WINTER_START, london('America/New_York'), 'day')).toBe('Sun 8 Dec 2024');
  });

  it('writes a span with both ends in each zone', () => {
    const slot = { start: SUMMER_START, end: hourLater(SUMMER_START) };
    expect(staffTime(slot, london('America/New_York'), 'time')).toBe('15:00–16:00 New York time (20:00–21:00 London time)');
    expect(staffTime(slot, london('Europe/London'))).toBe('Sun 9 Jun 2024, 20:00–21:00 London time');
  });

  it('gives the clocks apart for lists whose heading names the zones', () => {
    expect(staffClocks(SUMMER_START, london('Europe/Paris'))).toEqual({ viewer: '21:00', series: '20:00' });
    expect(staffClocks(WINTER_START, london('UTC'))).toEqual({ viewer: '20:00', series: null });
    expect(staffZoneNames(london('Europe/Paris'), SUMMER_START)).toBe('Paris time · London time below');
    expect(staffZoneNames(london('UTC'), WINTER_START)).toBe('UTC');
  });

  it('is empty for an unparsable time', () => {
    expect(staffTime('not a time', london('UTC'))).toBe('');
    expect(staffTime({ start: SUMMER_START, end: 'x' }, london('UTC'), 'time')).toBe('');
    expect(staffTime('not a time', london('UTC'), 'day')).toBe('');
  });
});
