import { API } from '@shared/api/index.js';
import { slotForSignup } from '@shared/lineup.js';
import { historyLineText } from '@shared/history.js';
import type { EventDetail, SaveEventBody } from '@shared/schemas/events.js';
import { swapInStandby } from '@shared/standby.js';
import { SettableClock } from '../dj-posts/clock.js';
import { intake } from '../testing/fixtures.js';
import { startTestApp, testDialects, type SignedIn, type TestApp } from '../testing/harness.js';
import { draftOf } from '../testing/staff-saves.js';

// Standby DJs and stream checks (issue 35, Deliver 3 and 4) through HTTP, on both databases, as
// a host and two DJs use them, and as an attacker would try them: a DJ marking another DJ's
// stream tested or a signup on standby, staff naming another event's signup.

const LONDON = { viewer: 'Europe/London', series: 'Europe/London' };
const NOW = Date.parse('2030-06-01T12:00:00.000Z');

describe.each(testDialects)('standby and stream checks on %s', (dialect) => {
  let app: TestApp;
  let host: SignedIn;
  let rex: SignedIn;
  let dana: SignedIn;
  const clock = new SettableClock(NOW);

  beforeEach(async () => {
    clock.set(NOW);
    app = await startTestApp(dialect, {}, { clock });
    host = await app.signIn(['host', 'dj'], { djName: 'Hal' });
    rex = await app.signIn(['dj'], { djName: 'Rex' });
    dana = await app.signIn(['dj'], { djName: 'Dana' });
  });
  afterEach(async () => {
    await app.destroy();
  });

  const getEvent = async (id: string) => (await app.call(API.events.getEvent, { params: { eventId: id } }, { as: host })).body;
  const save = (id: string, body: SaveEventBody, as = host) => app.call(API.events.saveEvent, { params: { eventId: id }, body }, { as });

  /** An event a week after NOW with Rex in the lineup and Dana on standby. */
  async function nightWithStandby(name = 'Sunday Service'): Promise<EventDetail> {
    const created = await app.call(API.events.createEvent, { body: { name, startDatetime: '2030-06-08T19:00:00.000Z', host: 'Hal', signupsAreOpen: true, message: '', footer: '' } }, { as: host });
    const id = created.body.id;
    for (const [dj, act] of [[rex, 'Rex live'], [dana, 'Dana live']] as const) {
      expect((await app.call(API.signup.submitSignup, { body: intake(id, { name: act }) }, { as: dj })).status).toBe(200);
    }
    const loaded = await getEvent(id);
    const [rexSignup, danaSignup] = [loaded.signups.find((s) => s.name === 'Rex live')!, loaded.signups.find((s) => s.name === 'Dana live')!];
    const saved = await save(id, draftOf(loaded, { signups: [rexSignup, { ...danaSignup, standby: true }], slots: [slotForSignup(rexSignup)] }));
    expect(saved.status).toBe(200);
    return saved.body;
  }

  test('staff put a signup on standby; it reads back, the DJ sees it on their Home, and a standby with a slot is refused', async () => {
    const event = await nightWithStandby();
    expect(event.signups.map((s) => [s.name, s.standby])).toEqual([['Rex live', false], ['Dana live', true]]);
    const home = (await app.call(API.me.getDjHome, {}, { as: dana })).body;
    expect(home.signups.map((s) => [s.signupName, s.state])).toEqual([['Dana live', 'standby']]);

    const dana2 = event.signups[1]!;
    const refused = await save(event.id, draftOf(event, { slots: [...event.slots, slotForSignup(dana2)] }));
    expect(refused.status).toBe(400);
    expect(refused.error).toMatchObject({ message: 'Dana live is on standby and in the lineup: take them off standby, or send their slot back to the signups.' });
    expect((await getEvent(event.id)).slots).toHaveLength(1);
  });

  test('a DJ cannot put anyone on standby: the save is staff only', async () => {
    const event = await nightWithStandby();
    const rexSignup = event.signups[0]!;
    const attempt = await save(event.id, draftOf(event, { signups: [{ ...event.signups[1]!, standby: false }, rexSignup] }), dana);
    expect(attempt.status).toBe(403);
    expect((await getEvent(event.id)).signups.map((s) => s.standby)).toEqual([false, true]);
  });

  test('Swap in standby: the standby plays the slot at its time and length, the dropped DJ waits in the signups, the history says so', async () => {
    const event = await nightWithStandby();
    const swapped = swapInStandby(event, 0, event.signups[1]!.uuid);
    const response = await save(event.id, draftOf(event, { signups: swapped.signups, slots: swapped.slots }));
    expect(response.status).toBe(200);
    const after = await getEvent(event.id);
    expect(after.slots.map((slot) => slot.signupUuid)).toEqual([event.signups[1]!.uuid]);
    expect(after.signups.map((s) => [s.name, s.standby])).toEqual([['Rex live', false], ['Dana live', false]]);
    expect(after.endDatetime).toBe(event.endDatetime);
    const history = (await app.call(API.history.getEventHistory, { params: { eventId: event.id }, query: {} }, { as: host })).body;
    expect(history.entries[0]!.lines.map((line) => historyLineText(line, LONDON))).toEqual(['Dana live swapped in from standby for Rex live, at 20:00 London time; Rex live back in the signups']);
    const rexHome = (await app.call(API.me.getDjHome, {}, { as: rex })).body;
    expect(rexHome.signups.map((s) => s.state)).toEqual(['signed_up']);
  });

  test("a DJ's Stream tested marks only their own signup, at the server's time; once, however often pressed", async () => {
    const event = await nightWithStandby();
    for (let i = 0; i < 2; i++) {
      const area = await app.call(API.signup.streamTested, { body: { event_id: event.id } }, { as: rex });
      expect(area.status).toBe(200);
      expect(area.body.named).toMatchObject({ signupName: 'Rex live', streamTestedAt: new Date(NOW).toISOString() });
      clock.advance(60_000);
    }
    const after = await getEvent(event.id);
    expect(after.signups.map((s) => [s.name, s.streamTestedAt])).toEqual([['Rex live', new Date(NOW).toISOString()], ['Dana live', null]]);
    // A standby tests theirs too.
    expect((await app.call(API.signup.streamTested, { body: { event_id: event.id } }, { as: dana })).status).toBe(200);
    const history = (await app.call(API.history.getEventHistory, { params: { eventId: event.id }, query: {} }, { as: host })).body;
    expect(history.entries.filter((entry) => entry.kind === 'stream_check').map((entry) => entry.lines.map((line) => historyLineText(line, LONDON)))).toEqual([
      ['Dana live: stream tested'],
      ['Rex live: stream tested'],
    ]);
  });

  test('a DJ without a slot or standby has no stream to test; a DJ cannot tick anyone\'s stream through the staff endpoint', async () => {
    const event = await nightWithStandby();
    const outsider = await app.signIn(['dj'], { djName: 'Mallory' });
    expect((await app.call(API.signup.streamTested, { body: { event_id: event.id } }, { as: outsider })).status).toBe(409);
    const rexUuid = event.signups[0]!.uuid;
    expect((await app.call(API.streamChecks.setStreamCheck, { params: { eventId: event.id }, body: { signupUuid: rexUuid, tested: true } }, { as: dana })).status).toBe(403);
    // Extra fields (another DJ's signup id) are refused, not used.
    const spelled = await app.request('POST', '/api/signup/stream-check', { body: { event_id: event.id, signupUuid: rexUuid }, cookie: dana.cookie });
    expect(spelled.status).toBe(400);
    expect((await getEvent(event.id)).signups.map((s) => s.streamTestedAt)).toEqual([null, null]);
  });

  test("staff tick a slot's stream in Stream Details and take it back; another event's signup is refused", async () => {
    const event = await nightWithStandby();
    const other = await app.call(API.events.createEvent, { body: { name: 'Other night', startDatetime: '2030-06-15T19:00:00.000Z', host: 'Hal', signupsAreOpen: true, message: '', footer: '' } }, { as: host });
    const rexUuid = event.signups[0]!.uuid;
    const ticked = await app.call(API.streamChecks.setStreamCheck, { params: { eventId: event.id }, body: { signupUuid: rexUuid, tested: true } }, { as: host });
    expect(ticked.status).toBe(200);
    expect(ticked.body.signups[0]!.streamTestedAt).toBe(new Date(NOW).toISOString());
    // No version bump: nobody's open draft goes stale.
    expect(ticked.body.version).toBe(event.version);
    const elsewhere = await app.call(API.streamChecks.setStreamCheck, { params: { eventId: other.body.id }, body: { signupUuid: rexUuid, tested: false } }, { as: host });
    expect(elsewhere.status).toBe(404);
    expect((await getEvent(event.id)).signups[0]!.streamTestedAt).toBe(new Date(NOW).toISOString());
    const untick = await app.call(API.streamChecks.setStreamCheck, { params: { eventId: event.id }, body: { signupUuid: rexUuid, tested: false } }, { as: host });
    expect(untick.body.signups[0]!.streamTestedAt).toBeNull();
  });

  test('the deadline setting: 2 hours by default, saved on its own, refused when out of range; staff only', async () => {
    expect((await app.call(API.streamChecks.getStreamCheckSettings, {}, { as: host })).body).toEqual({ hoursBefore: 2, now: new Date(NOW).toISOString() });
    expect((await app.call(API.streamChecks.saveStreamCheckSettings, { body: { hoursBefore: 3 } }, { as: host })).body).toMatchObject({ hoursBefore: 3 });
    expect((await app.call(API.streamChecks.getStreamCheckSettings, {}, { as: host })).body.hoursBefore).toBe(3);
    const bad = await app.request('PUT', '/api/settings/stream-checks', { body: { hoursBefore: -1 }, cookie: host.cookie });
    expect(bad.status).toBe(400);
    expect((await app.call(API.streamChecks.saveStreamCheckSettings, { body: { hoursBefore: 1 } }, { as: rex })).status).toBe(403);
    expect((await app.call(API.streamChecks.getStreamCheckSettings, {}, { as: host })).body.hoursBefore).toBe(3);
  });

  test("a DJ reads their event's stream test deadline (the setting's hours before the start) with the server's time; an unknown event is a 404", async () => {
    const event = await nightWithStandby();
    const deadline = () => app.call(API.signup.getStreamTestDeadline, { query: { event_id: event.id } }, { as: rex });
    expect((await deadline()).body).toEqual({ deadline: '2030-06-08T17:00:00.000Z', now: new Date(NOW).toISOString() });
    await app.call(API.streamChecks.saveStreamCheckSettings, { body: { hoursBefore: 24 } }, { as: host });
    clock.advance(60_000);
    expect((await deadline()).body).toEqual({ deadline: '2030-06-07T19:00:00.000Z', now: new Date(NOW + 60_000).toISOString() });
    expect((await app.call(API.signup.getStreamTestDeadline, { query: { event_id: 'no-such-event' } }, { as: rex })).status).toBe(404);
    expect((await app.request('GET', `/api/signup/stream-check?event_id=${event.id}`)).status).toBe(401);
  });
});
