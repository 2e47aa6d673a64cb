import { API } from '@shared/api/index.js';
import { slotForSignup } from '@shared/lineup.js';
import { dropOuts } from '@shared/lineup.js';
import { historyLineText } from '@shared/history.js';
import { intake } from '../testing/fixtures.js';
import { startTestApp, testDialects, type SignedIn, type TestApp } from '../testing/harness.js';

// Issue 34 item 3: a DJ withdraws their own signup while signups are open, after a second
// question (the page's): recorded once in the history, the hosts told by the drop-out notice
// (the signup stays, its DJ 'declined', until staff remove it), and never someone else's.

describe.each(testDialects)('withdrawing a signup on %s', (dialect) => {
  let app: TestApp;
  let host: SignedIn;
  let dana: SignedIn;
  let rex: SignedIn;

  beforeEach(async () => {
    app = await startTestApp(dialect);
    host = await app.signIn(['host', 'dj'], { publicName: 'Hal the host', djName: 'DJ Hal' });
    dana = await app.signIn(['dj'], { publicName: 'Dana', djName: 'DJ Dana' });
    rex = await app.signIn(['dj'], { publicName: 'Rex', djName: 'DJ Rex' });
  });
  afterEach(async () => {
    await app.destroy();
  });

  async function createEvent(extra: Partial<{ signupCap: number | null }> = {}): Promise<string> {
    const body = { name: 'Sunday Service', startDatetime: '2030-06-09T19:00:00.000Z', host: 'Hal', signupsAreOpen: true, message: '', footer: '', ...extra };
    const response = await app.call(API.events.createEvent, { body }, { as: host });
    expect(response.status).toBe(201);
    return response.body.id;
  }
  const event = async (eventId: string) => (await app.call(API.events.getEvent, { params: { eventId } }, { as: host })).body;
  const history = async (eventId: string) => {
    const page = (await app.call(API.history.getEventHistory, { params: { eventId }, query: {} }, { as: host })).body;
    return page.entries.map((entry) => [entry.kind, entry.actor?.name ?? 'system', ...entry.lines.map((line) => historyLineText(line, { viewer: 'Europe/London', series: 'Europe/London' }))]);
  };
  const signUp = (who: SignedIn, eventId: string, name: string) => app.call(API.signup.submitSignup, { body: intake(eventId, { name }) }, { as: who });
  const withdraw = (who: SignedIn, eventId: string) => app.call(API.signup.withdrawSignup, { body: { event_id: eventId } }, { as: who });
  const save = async (eventId: string, edit: (detail: Awaited<ReturnType<typeof event>>) => Partial<{ slots: ReturnType<typeof slotForSignup>[]; removedSignupUuids: string[]; signups: Awaited<ReturnType<typeof event>>['signups'] }>) => {
    const current = await event(eventId);
    const body = { baseVersion: current.version, event: current, signups: current.signups, slots: current.slots, removedSignupUuids: [] as string[], ...edit(current) };
    return app.call(API.events.saveEvent, { params: { eventId }, body }, { as: host });
  };

  test("a DJ withdraws their own signup: the hosts see the drop-out, the history says so once, Rex's stays", async () => {
    const eventId = await createEvent();
    expect((await signUp(dana, eventId, 'Dana live')).status).toBe(200);
    expect((await signUp(rex, eventId, 'Rex live')).status).toBe(200);

    const [first, again] = await Promise.all([withdraw(dana, eventId), withdraw(dana, eventId)]);
    expect(first).toMatchObject({ status: 200, body: { named: { signupName: 'Dana live', slot: null, confirmation: 'declined' }, signup: { name: 'Dana live' } } });
    expect(again.status).toBe(200);

    const detail = await event(eventId);
    expect(detail.signups.map((signup) => [signup.name, Object.values(signup.confirmations)])).toEqual([
      ['Dana live', ['declined']],
      ['Rex live', ['proposed']],
    ]);
    expect(dropOuts(detail).map(({ signup }) => signup.name)).toEqual(['Dana live']);
    expect((await history(eventId))[0]).toEqual(['signup_withdrawn', 'Dana', 'Signup withdrawn: Dana live']);
    expect((await history(eventId)).filter(([kind]) => kind === 'signup_withdrawn')).toHaveLength(1);

    // A host's save of a draft that has the signup keeps the drop-out; removing it is theirs to do.
    expect((await save(eventId, () => ({}))).status).toBe(200);
    expect(Object.values((await event(eventId)).signups[0]!.confirmations)).toEqual(['declined']);
    const danaUuid = detail.signups[0]!.uuid;
    expect((await save(eventId, (current) => ({ signups: current.signups.filter((s) => s.uuid !== danaUuid), removedSignupUuids: [danaUuid] }))).status).toBe(200);
    expect((await event(eventId)).signups.map((signup) => signup.name)).toEqual(['Rex live']);
  });

  test("a DJ's home says withdrawn, and signing up again takes the signup back", async () => {
    const eventId = await createEvent();
    expect((await signUp(dana, eventId, 'Dana live')).status).toBe(200);
    expect((await withdraw(dana, eventId)).status).toBe(200);
    const home = await app.call(API.me.getDjHome, {}, { as: dana });
    expect(home.body.signups).toMatchObject([{ eventId, state: 'withdrawn' }]);

    expect((await signUp(dana, eventId, 'Dana live')).status).toBe(200);
    const detail = await event(eventId);
    expect(detail.signups).toHaveLength(1);
    expect(Object.values(detail.signups[0]!.confirmations)).toEqual(['proposed']);
    expect((await history(eventId)).slice(0, 2)).toEqual([
      ['signup_submitted', 'Dana', 'Signup added: Dana live'],
      ['signup_withdrawn', 'Dana', 'Signup withdrawn: Dana live'],
    ]);
    expect((await app.call(API.me.getDjHome, {}, { as: dana })).body.signups).toMatchObject([{ eventId, state: 'signed_up' }]);
  });

  test('a withdrawn signup takes no place under Maximum signups; taking it back needs one', async () => {
    const eventId = await createEvent({ signupCap: 1 });
    expect((await signUp(dana, eventId, 'Dana live')).status).toBe(200);
    expect((await signUp(rex, eventId, 'Rex live')).status).toBe(409);
    expect((await withdraw(dana, eventId)).status).toBe(200);
    expect((await signUp(rex, eventId, 'Rex live')).status).toBe(200);
    const area = await app.call(API.signup.getSignupArea, { query: { event_id: eventId } }, { as: dana });
    expect(area.body.event.full).toBe(true);
    expect(await signUp(dana, eventId, 'Dana live')).toMatchObject({ status: 409, error: { code: 'signups_full' } });
  });

  test("never someone else's: a partner staff added, a DJ without a signup, a closed or cancelled event", async () => {
    const eventId = await createEvent();
    expect((await signUp(dana, eventId, 'Dana b2b Rex')).status).toBe(200);
    // Staff add Rex to Dana's signup as her back-to-back partner.
    expect((await save(eventId, (current) => ({ signups: current.signups.map((signup) => ({ ...signup, djRefs: [...signup.djRefs, rex.djId] })) }))).status).toBe(200);
    expect(await withdraw(rex, eventId)).toMatchObject({ status: 409, error: { code: 'not_signup_owner' } });
    expect(await withdraw(host, eventId)).toMatchObject({ status: 409, error: { message: 'You have no signup for this event to withdraw.' } });
    expect(Object.values((await event(eventId)).signups[0]!.confirmations)).toEqual(['proposed', 'proposed']);

    const closed = await event(eventId);
    expect((await save(eventId, () => ({ event: { ...closed, signupsAreOpen: false } } as never))).status).toBe(200);
    expect(await withdraw(dana, eventId)).toMatchObject({ status: 409, error: { code: 'signups_closed' } });
    const current = await event(eventId);
    expect((await app.call(API.events.cancelEvent, { params: { eventId }, body: { baseVersion: current.version } }, { as: host })).status).toBe(200);
    expect(await withdraw(dana, eventId)).toMatchObject({ status: 409, error: { code: 'signups_closed' } });
    expect((await history(eventId)).some(([kind]) => kind === 'signup_withdrawn')).toBe(false);
  });

  test('in the lineup, withdrawing is the drop-out the slot shows', async () => {
    const eventId = await createEvent();
    expect((await signUp(dana, eventId, 'Dana live')).status).toBe(200);
    expect((await save(eventId, (current) => ({ slots: current.signups.map((signup) => slotForSignup(signup)) }))).status).toBe(200);
    expect((await withdraw(dana, eventId)).body).toMatchObject({ named: { confirmation: 'declined', slot: expect.anything() } });
    expect(dropOuts(await event(eventId))).toHaveLength(1);
  });
});
