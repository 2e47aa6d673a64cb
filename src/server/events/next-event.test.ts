import { DEFAULT_SETTINGS, type Settings } from '@shared/schemas/settings.js';
import type { BodyOf } from '@shared/api/contract.js';
import { API } from '@shared/api/index.js';
import { malformed } from '@shared/testing/api-client.js';
import { startWithMembers, testDialects, type SignedIn, type TestApp } from '../testing/harness.js';

// 'Create next event' (issue 13) and the same-day warning it shares with Create Event.

// Sunday 9 June 2030, 20:00 in London (BST).
const SUNDAY = '2030-06-09T19:00:00.000Z';

describe.each(testDialects)('next event and same-day events on %s', (dialect) => {
  let app: TestApp;
  let host: SignedIn;

  beforeEach(async () => ({ app, members: [host] } = await startWithMembers(dialect, [['host']])));
  afterEach(() => app.destroy());

  type CreateEventBody = BodyOf<typeof API.events.createEvent>;
  const create = (body: CreateEventBody) => app.call(API.events.createEvent, { body }, { as: host });

  async function createEvent(fields: Partial<CreateEventBody> = {}): Promise<string> {
    const response = await create({
      name: 'Sunday Service #21',
      startDatetime: SUNDAY,
      host: 'Hal',
      message: 'Come chill',
      footer: 'Links below',
      signupsAreOpen: true,
      ...fields,
    });
    return response.body.id;
  }

  const next = (eventId: string, body: BodyOf<typeof API.events.createNextEvent> = {}, as: SignedIn = host) =>
    app.call(API.events.createNextEvent, { params: { eventId }, body }, { as });
  const getEvent = async (id: string) => (await app.call(API.events.getEvent, { params: { eventId: id } }, { as: host })).body;
  const eventCount = async () => (await app.ctx.store.db.selectFrom('events').select('id').execute()).length;
  const saveSettings = async (changes: Partial<Settings>) =>
    expect((await app.call(API.settings.saveSettings, { body: { ...DEFAULT_SETTINGS, ...changes } }, { as: host })).status).toBe(200);

  test('creates the coming week’s event: number plus one, host, message and footer kept, signups closed', async () => {
    const first = await createEvent();
    const created = await next(first);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Sunday Service #22', startDatetime: '2030-06-16T19:00:00.000Z' });

    expect(await getEvent(created.body.id)).toMatchObject({
      name: 'Sunday Service #22',
      startDatetime: '2030-06-16T19:00:00.000Z',
      host: 'Hal',
      message: 'Come chill',
      footer: 'Links below',
      signupsAreOpen: false,
      published: false,
      signups: [],
      slots: [],
    });
  });

  test('takes the weekday, time and zone from the settings', async () => {
    await saveSettings({ defaultWeekday: 5, defaultTime: '21:30', defaultZone: 'America/New_York' });
    const created = await next(await createEvent());
    // Friday 14 June 2030, 21:30 in New York (EDT).
    expect(created.body).toMatchObject({ name: 'Sunday Service #22', startDatetime: '2030-06-15T01:30:00.000Z' });
  });

  test('keeps 20:00 London across the clocks going back', async () => {
    // Sunday 20 October 2030, 20:00 BST; winter time starts on 27 October.
    const created = await next(await createEvent({ startDatetime: '2030-10-20T19:00:00.000Z' }));
    expect(created.body.startDatetime).toBe('2030-10-27T20:00:00.000Z');
  });

  test('a second click finds the first one’s event: refused with its name, created only when confirmed', async () => {
    const first = await createEvent();
    const created = await next(first);
    const again = await next(first);
    expect(again.status).toBe(409);
    expect(again.error).toEqual({
      code: 'same_day_event',
      message: 'There is already an event on that day: Sunday Service #22.',
      sameDayEvent: { id: created.body.id, name: 'Sunday Service #22' },
    });
    expect(await eventCount()).toBe(2);

    const confirmed = await next(first, { confirmSameDay: true });
    expect(confirmed.status).toBe(201);
    expect(confirmed.body.id).not.toBe(created.body.id);
    expect(await eventCount()).toBe(3);
  });

  test('two clicks at the same moment make one event', async () => {
    const first = await createEvent();
    const answers = await Promise.all([next(first), next(first), next(first)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
    expect(await eventCount()).toBe(2);
  });

  test('Create Event warns about an event on the same day, in the series’ zone', async () => {
    await createEvent();
    // 11:00 in London on the same Sunday.
    const sameDay = await create({ name: 'Matinee', startDatetime: '2030-06-09T10:00:00.000Z', host: 'Hal', message: '', footer: '', signupsAreOpen: false });
    expect(sameDay.status).toBe(409);
    expect(sameDay.error).toMatchObject({ code: 'same_day_event', sameDayEvent: { name: 'Sunday Service #21' } });

    // 00:30 on Monday in London: another day.
    const monday = { name: 'Late', startDatetime: '2030-06-09T23:30:00.000Z', host: 'Hal', message: '', footer: '', signupsAreOpen: false };
    expect((await create(monday)).status).toBe(201);
    // In New York that is still Sunday evening, the day of both other events.
    await saveSettings({ defaultZone: 'America/New_York' });
    const nySunday = await create({ ...monday, name: 'Later' });
    expect(nySunday.status).toBe(409);
    expect(nySunday.error.sameDayEvent?.name).toBe('Sunday Service #21');

    expect((await create({ ...monday, name: 'Later', confirmSameDay: true })).status).toBe(201);
    expect(await eventCount()).toBe(3);
  });

  test('staff only; an unknown event is 404 and nothing is created', async () => {
    const first = await createEvent();
    const dj = await app.signIn(['dj']);
    expect((await app.call(API.events.createNextEvent, { params: { eventId: first }, body: {} })).status).toBe(401);
    expect((await next(first, {}, dj)).status).toBe(403);
    const unknown = await next('no-such-event');
    expect(unknown.status).toBe(404);
    expect(unknown.error.message).toBe('Event not found.');
    expect((await app.call(API.events.createNextEvent, malformed({ params: { eventId: first }, body: { confirmSameDay: 'yes' } }), { as: host })).status).toBe(400);
    expect(await eventCount()).toBe(1);
  });
});
