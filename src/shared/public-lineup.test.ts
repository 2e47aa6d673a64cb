import { lineupLines, nextEventFeed, nextEventText, zonedTime, zoneLabel } from './public-lineup.js';
import type { PublicEvent } from './schemas/public.js';

const HOUR = 3_600_000;

/** An event whose slots start at `start` and follow each other, an hour each. */
function event(start: string, names: string[], debut: string[] = []): PublicEvent {
  const at = (index: number) => new Date(Date.parse(start) + index * HOUR).toISOString();
  return {
    id: 'e1',
    name: 'Sunday Service 42',
    startDatetime: start,
    endDatetime: at(names.length),
    host: 'Hal',
    cancelled: false,
    links: [],
    slots: names.map((name, index) => ({ name, startTime: at(index), endTime: at(index + 1), isDebut: debut.includes(name) })),
  };
}

const feed = (e: PublicEvent | null, zones: string[]) =>
  nextEventFeed({ seriesName: 'Sunday Service', zones, event: e, url: 'https://lineup.example.org/lineups/e1', now: '2024-06-01T00:00:00.000Z' });

describe('zone labels', () => {
  test('London is BST in summer and GMT in winter', () => {
    expect(zoneLabel('2024-06-09T19:00:00.000Z', 'Europe/London')).toBe('BST');
    expect(zoneLabel('2024-12-08T20:00:00.000Z', 'Europe/London')).toBe('GMT');
  });
  test('other zones get their abbreviation, else their offset', () => {
    expect(zoneLabel('2024-06-09T19:00:00.000Z', 'America/New_York')).toBe('EDT');
    expect(zoneLabel('2024-12-08T20:00:00.000Z', 'America/New_York')).toBe('EST');
    expect(zoneLabel('2024-06-09T19:00:00.000Z', 'Australia/Sydney')).toBe('AEST');
    expect(zoneLabel('2024-12-08T20:00:00.000Z', 'Australia/Sydney')).toBe('AEDT');
    expect(zoneLabel('2024-06-09T19:00:00.000Z', 'Asia/Tokyo')).toBe('GMT+9');
    expect(zoneLabel('2024-06-09T19:00:00.000Z', 'UTC')).toBe('UTC');
  });
});

describe('zoned times', () => {
  test('a slot after midnight is marked as the next day, in that zone only', () => {
    const start = '2024-06-09T21:00:00.000Z'; // 22:00 BST
    expect(zonedTime('2024-06-09T23:30:00.000Z', 'Europe/London', start)).toEqual({ zone: 'Europe/London', label: 'BST', time: '00:30', dayOffset: 1 });
    expect(zonedTime('2024-06-09T23:30:00.000Z', 'America/New_York', start)).toMatchObject({ time: '19:30', dayOffset: 0 });
  });
});

describe('next-event text', () => {
  test('summer: London times in BST, one line per slot, debut marked', () => {
    const text = nextEventText(feed(event('2024-06-09T19:00:00.000Z', ['Aurora', 'Boreal'], ['Boreal']), ['Europe/London']));
    expect(text).toBe(
      [
        'Sunday Service 42',
        'Sunday 9 June 2024',
        'Host: Hal',
        '',
        '20:00 BST  Aurora',
        '21:00 BST  Boreal (debut)',
        '',
        'https://lineup.example.org/lineups/e1',
        '',
      ].join('\n'),
    );
  });

  test('winter: the same wall-clock lineup is in GMT', () => {
    const text = nextEventText(feed(event('2024-12-08T20:00:00.000Z', ['Aurora']), ['Europe/London']));
    expect(text).toContain('\n20:00 GMT  Aurora\n');
    expect(text).toContain('Sunday 8 December 2024');
  });

  test('several zones on each line, in the order asked for; a lineup crossing midnight marks the next day', () => {
    const e = event('2024-06-09T21:00:00.000Z', ['Late', 'Later', 'Latest']);
    const text = nextEventText(feed(e, ['Europe/London', 'Australia/Sydney', 'America/New_York']));
    const lines = text.split('\n');
    // The first day differs between zones: each is named.
    expect(lines[1]).toBe('Sunday 9 June 2024 (BST) / Monday 10 June 2024 (AEST) / Sunday 9 June 2024 (EDT)');
    expect(lines.slice(4, 7)).toEqual([
      '22:00 BST / 07:00 AEST / 17:00 EDT  Late',
      '23:00 BST / 08:00 AEST / 18:00 EDT  Later',
      '00:00+1 BST / 09:00 AEST / 19:00 EDT  Latest',
    ]);
  });

  test('no host, no lineup, no event', () => {
    const empty = { ...event('2024-06-09T19:00:00.000Z', []), host: ' ' };
    expect(nextEventText(feed(empty, ['Europe/London']))).toContain('Host: TBA\n\nLineup TBA\n');
    expect(nextEventText(feed(null, ['Europe/London']))).toBe('Sunday Service: no upcoming event has been announced yet.\n');
  });

  test('a cancelled event says so under its name, with no lineup (issue 34)', () => {
    const off = { ...event('2024-06-09T19:00:00.000Z', []), cancelled: true };
    expect(nextEventText(feed(off, ['Europe/London']))).toBe(
      ['Sunday Service 42', 'Cancelled: this event will not take place.', 'Sunday 9 June 2024', 'Host: Hal', '', 'https://lineup.example.org/lineups/e1', ''].join('\n'),
    );
    expect(feed(off, ['Europe/London']).event).toMatchObject({ cancelled: true, slots: [] });
  });

  test('the JSON names each zone and times each slot in it', () => {
    const json = feed(event('2024-12-08T20:00:00.000Z', ['Aurora']), ['Europe/London', 'Asia/Tokyo']);
    expect(json.zones).toEqual([
      { zone: 'Europe/London', label: 'GMT' },
      { zone: 'Asia/Tokyo', label: 'GMT+9' },
    ]);
    expect(json.event?.slots[0]?.times).toEqual([
      { zone: 'Europe/London', label: 'GMT', time: '20:00', dayOffset: 0 },
      { zone: 'Asia/Tokyo', label: 'GMT+9', time: '05:00', dayOffset: 0 },
    ]);
  });
});

test('lineup lines in one zone', () => {
  expect(lineupLines(event('2024-06-09T22:30:00.000Z', ['A', 'B'], ['A']), 'Europe/London')).toEqual(['23:30 BST  A (debut)', '00:30+1 BST  B']);
});
