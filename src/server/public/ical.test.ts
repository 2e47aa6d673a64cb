import { icalEvents, parseICal } from '../testing/ical.js';
import { djCalendar, seriesCalendar } from './ical.js';

const HOUR = 3_600_000;
const slots = (start: string, names: string[]) =>
  names.map((name, index) => ({
    name,
    startTime: new Date(Date.parse(start) + index * HOUR).toISOString(),
    endTime: new Date(Date.parse(start) + (index + 1) * HOUR).toISOString(),
    isDebut: index === 0,
  }));

const seriesEvent = (id: string, start: string, names: string[]) => ({
  id,
  name: `Night ${id}`,
  startDatetime: start,
  endDatetime: new Date(Date.parse(start) + names.length * HOUR).toISOString(),
  host: 'Hal',
  cancelled: false,
  links: [{ label: 'Watch', url: 'https://twitch.tv/series' }],
  slots: slots(start, names),
  updatedAt: Date.parse('2024-06-01T10:00:00.000Z'),
  url: `https://lineup.example.org/lineups/${id}`,
});

test('the series calendar: UTC times, the lineup in the series zone (BST in summer, GMT in winter)', () => {
  const text = seriesCalendar({
    appName: 'Lineup',
    seriesName: 'Sunday Service',
    zone: 'Europe/London',
    events: [
      seriesEvent('summer', '2024-06-09T22:00:00.000Z', ['Aurora, the first; really', 'Boreal']),
      seriesEvent('winter', '2024-12-08T20:00:00.000Z', []),
    ],
  });
  const calendar = parseICal(text);
  expect(calendar.properties.find((p) => p.name === 'X-WR-CALNAME')?.value).toBe('Sunday Service');
  const [summer, winter] = icalEvents(calendar);
  expect(summer).toMatchObject({
    UID: 'summer@lineup',
    SUMMARY: 'Night summer',
    DTSTART: '20240609T220000Z',
    DTEND: '20240610T000000Z',
    DTSTAMP: '20240601T100000Z',
    URL: 'https://lineup.example.org/lineups/summer',
  });
  expect(summer!.DESCRIPTION).toBe(
    ['Host: Hal', '', 'Lineup (BST):', '23:00 BST  Aurora, the first; really (debut)', '00:00+1 BST  Boreal', '', 'Watch: https://twitch.tv/series', '', 'https://lineup.example.org/lineups/summer'].join('\n'),
  );
  // No lineup yet: an hour long, 'Lineup TBA'.
  expect(winter).toMatchObject({ DTSTART: '20241208T200000Z', DTEND: '20241208T210000Z' });
  expect(winter!.DESCRIPTION).toContain('Lineup TBA');
  // The same input gives the same bytes (so the ETag holds).
  expect(seriesCalendar({ appName: 'Lineup', seriesName: 'Sunday Service', zone: 'Europe/London', events: [seriesEvent('summer', '2024-06-09T22:00:00.000Z', ['A'])] })).toBe(
    seriesCalendar({ appName: 'Lineup', seriesName: 'Sunday Service', zone: 'Europe/London', events: [seriesEvent('summer', '2024-06-09T22:00:00.000Z', ['A'])] }),
  );
});

test("a DJ's calendar: their slots only, named by act and event", () => {
  const text = djCalendar({
    appName: 'Lineup',
    seriesName: 'Sunday Service',
    slots: [
      {
        eventId: 'e1',
        eventName: 'Night 1',
        host: '',
        cancelled: false,
        position: 2,
        name: 'Aurora',
        startTime: '2024-06-09T21:00:00.000Z',
        endTime: '2024-06-09T22:00:00.000Z',
        updatedAt: 0,
        url: 'https://lineup.example.org/lineups/e1',
      },
    ],
  });
  const [slot, ...rest] = icalEvents(parseICal(text));
  expect(rest).toEqual([]);
  expect(slot).toMatchObject({ UID: 'e1.2@lineup-dj', SUMMARY: 'Aurora at Night 1', DTSTART: '20240609T210000Z', DTEND: '20240609T220000Z' });
  expect(slot!.DESCRIPTION).toContain('Host: TBA');
});

test("a DJ's calendar entry is exactly their slot: a half hour is not stretched over the next DJ's (issue 34)", () => {
  const slot = (position: number, name: string, startTime: string, endTime: string) => ({
    eventId: 'e1',
    eventName: 'Night 1',
    host: 'Hal',
    cancelled: false,
    position,
    name,
    startTime,
    endTime,
    updatedAt: 0,
    url: 'https://lineup.example.org/lineups/e1',
  });
  const text = djCalendar({
    appName: 'Lineup',
    seriesName: 'Sunday Service',
    slots: [
      slot(0, 'Aurora', '2024-06-09T20:00:00.000Z', '2024-06-09T20:30:00.000Z'),
      slot(1, 'Aurora b2b Boreal', '2024-06-09T20:30:00.000Z', '2024-06-09T22:00:00.000Z'),
    ],
  });
  const [half, long] = icalEvents(parseICal(text));
  expect(half).toMatchObject({ DTSTART: '20240609T200000Z', DTEND: '20240609T203000Z' });
  expect(long).toMatchObject({ DTSTART: '20240609T203000Z', DTEND: '20240609T220000Z' });
});

test('the series calendar: a half-hour lineup ends after its half hour', () => {
  const event = { ...seriesEvent('short', '2024-06-09T20:00:00.000Z', ['Aurora']), endDatetime: '2024-06-09T20:30:00.000Z' };
  const [short] = icalEvents(parseICal(seriesCalendar({ appName: 'Lineup', seriesName: 'Sunday Service', zone: 'Europe/London', events: [event] })));
  expect(short).toMatchObject({ DTSTART: '20240609T200000Z', DTEND: '20240609T203000Z' });
});

test('a cancelled event stays in both calendars, marked cancelled and named so, with no lineup (issue 34)', () => {
  const series = seriesCalendar({
    appName: 'Lineup',
    seriesName: 'Sunday Service',
    zone: 'Europe/London',
    events: [{ ...seriesEvent('off', '2024-06-09T20:00:00.000Z', []), cancelled: true }],
  });
  const [event] = icalEvents(parseICal(series));
  expect(event).toMatchObject({ SUMMARY: 'Cancelled: Night off', STATUS: 'CANCELLED' });
  expect(event!.DESCRIPTION).toBe(['Cancelled: this event will not take place.', '', 'Host: Hal', '', 'https://lineup.example.org/lineups/off'].join('\n'));

  const mine = djCalendar({
    appName: 'Lineup',
    seriesName: 'Sunday Service',
    slots: [{ eventId: 'off', eventName: 'Night off', host: 'Hal', cancelled: true, position: 0, name: 'Aurora', startTime: '2024-06-09T20:00:00.000Z', endTime: '2024-06-09T21:00:00.000Z', updatedAt: 0, url: 'https://lineup.example.org/lineups/off' }],
  });
  const [slot] = icalEvents(parseICal(mine));
  expect(slot).toMatchObject({ SUMMARY: 'Cancelled: Aurora at Night off', STATUS: 'CANCELLED', DTEND: '20240609T210000Z' });
  expect(slot!.DESCRIPTION!.startsWith('Cancelled: this event will not take place.\n')).toBe(true);
});
