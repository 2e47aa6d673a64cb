import { API } from '@shared/api/index.js';
import { historyLineText } from '@shared/history.js';
import { malformed } from '@shared/testing/api-client.js';
import { SettableClock } from '../dj-posts/clock.js';
import { startTestApp, testDialects, type SignedIn, type TestApp } from '../testing/harness.js';
import { createEventAs, lineupOfActs } from '../testing/staff-saves.js';

// The live board through HTTP (issue 35), on a clock the test sets: staff mark slots On air or
// No-show from the event's start; a no-show is not a play (dj_plays, the DJs' statistics), also
// after a later save; a DJ, another event's slot, a replay or a made-up id changes nothing.

const START = Date.parse('2030-06-09T19:00:00.000Z');
const MINUTE = 60_000;
const LONDON = { viewer: 'Europe/London', series: 'Europe/London' };

describe.each(testDialects)('the live board on %s', (dialect) => {
  let app: TestApp;
  let clock: SettableClock;
  let host: SignedIn;
  let dana: SignedIn;
  let rex: SignedIn;

  beforeEach(async () => {
    clock = new SettableClock(START + 30 * MINUTE);
    app = await startTestApp(dialect, {}, { clock });
    host = await app.signIn(['host', 'dj'], { publicName: 'Hal the host', djName: 'DJ Hal' });
    dana = await app.signIn(['dj'], { publicName: 'Dana', djName: 'DJ Dana' });
    rex = await app.signIn(['dj'], { publicName: 'Rex', djName: 'DJ Rex' });
  });
  afterEach(async () => {
    await app.destroy();
  });

  /** An event at START with Dana's then Rex's signup in its lineup (an hour each). */
  async function nightWithLineup(name = 'Sunday Service', start = START) {
    const eventId = await createEventAs(app, host, { name, startDatetime: new Date(start).toISOString() });
    const { uuids, version } = await lineupOfActs(app, host, eventId, [[dana, 'Dana live'], [rex, 'Rex live']]);
    return { eventId, danaSlot: uuids['Dana live']!, rexSlot: uuids['Rex live']!, version };
  }

  const plays = async (eventId: string) =>
    (await app.ctx.store.db.selectFrom('dj_plays').select('dj_id').where('event_id', '=', eventId).execute()).map((row) => row.dj_id).sort();
  const playCount = async (djId: string) => Number((await app.ctx.store.db.selectFrom('djs').select('play_count').where('id', '=', djId).executeTakeFirstOrThrow()).play_count);
  const mark = (eventId: string, signupUuid: string, value: 'on_air' | 'no_show' | null, as: SignedIn = host) =>
    app.call(API.live.markSlot, { params: { eventId, signupUuid }, body: { mark: value } }, { as });

  test('a No-show is not a play: the DJ loses the event’s play and its count, the history says who marked it; cleared, the play is back', async () => {
    const { eventId, danaSlot, rexSlot, version } = await nightWithLineup();
    expect(await plays(eventId)).toEqual([dana.djId, rex.djId].sort());
    expect(await playCount(dana.djId)).toBe(1);

    const state = await app.call(API.live.getLiveState, { params: { eventId } }, { as: host });
    expect(state.body).toEqual({ now: new Date(START + 30 * MINUTE).toISOString(), marks: {} });

    const noShow = await mark(eventId, danaSlot, 'no_show');
    expect(noShow.status).toBe(200);
    expect(noShow.body.marks).toEqual({ [danaSlot]: 'no_show' });
    clock.advance(MINUTE);
    expect((await mark(eventId, rexSlot, 'on_air')).body.marks).toEqual({ [danaSlot]: 'no_show', [rexSlot]: 'on_air' });
    expect(await plays(eventId)).toEqual([rex.djId]);
    expect(await playCount(dana.djId)).toBe(0);
    expect(await playCount(rex.djId)).toBe(1);

    // A mark is no edit of the draft: the version stays, so a host's open page can still save.
    const detail = (await app.call(API.events.getEvent, { params: { eventId } }, { as: host })).body;
    expect(detail.version).toBe(version);
    expect(detail.djPlays).toEqual([rex.djId]);

    const history = (await app.call(API.history.getEventHistory, { params: { eventId }, query: {} }, { as: host })).body;
    expect(history.entries.slice(0, 2).map((entry) => [entry.kind, entry.actor?.name, ...entry.lines.map((line) => historyLineText(line, LONDON))])).toEqual([
      ['live_mark', 'Hal the host', 'Rex live: On air'],
      ['live_mark', 'Hal the host', 'Dana live: No-show'],
    ]);

    // The same mark again (a replayed request) records nothing more.
    expect((await mark(eventId, danaSlot, 'no_show')).status).toBe(200);
    expect((await app.call(API.history.getEventHistory, { params: { eventId }, query: {} }, { as: host })).body.entries.filter((entry) => entry.kind === 'live_mark')).toHaveLength(2);

    const cleared = await mark(eventId, danaSlot, null);
    expect(cleared.body.marks).toEqual({ [rexSlot]: 'on_air' });
    expect(await plays(eventId)).toEqual([dana.djId, rex.djId].sort());
    expect(await playCount(dana.djId)).toBe(1);
  });

  test('the roster counts the night once it is over by the app’s clock: the DJ who played, not the no-show', async () => {
    const { eventId, danaSlot } = await nightWithLineup();
    expect((await mark(eventId, danaSlot, 'no_show')).status).toBe(200);
    const totals = async () => {
      const { djs } = (await app.call(API.djs.getRoster, { query: {} }, { as: host })).body;
      return Object.fromEntries(djs.filter((dj) => dj.id === dana.djId || dj.id === rex.djId).map((dj) => [dj.id, [dj.totalPlays, dj.nextPlay?.eventId ?? null]]));
    };
    // During the night Rex is booked, not played (decision 040); Dana, a no-show, is neither.
    expect(await totals()).toEqual({ [dana.djId]: [0, null], [rex.djId]: [0, eventId] });
    clock.set(START + 2 * 60 * MINUTE);
    expect(await totals()).toEqual({ [dana.djId]: [0, null], [rex.djId]: [1, null] });
  });

  test('a save after the night keeps a no-show out of the plays', async () => {
    const { eventId, danaSlot } = await nightWithLineup();
    expect((await mark(eventId, danaSlot, 'no_show')).status).toBe(200);
    const current = (await app.call(API.events.getEvent, { params: { eventId } }, { as: host })).body;
    const saved = await app.call(API.events.saveEvent, {
      params: { eventId },
      body: { baseVersion: current.version, event: { ...current, host: 'Hal and friends' }, signups: current.signups, slots: current.slots, removedSignupUuids: [] },
    }, { as: host });
    expect(saved.status).toBe(200);
    expect(saved.body.djPlays).toEqual([rex.djId]);
    expect(await plays(eventId)).toEqual([rex.djId]);
  });

  test('refused: a DJ marking, before the start, another event’s slot, a made-up id, a cancelled event, a bad mark', async () => {
    const { eventId, danaSlot, version } = await nightWithLineup();
    const other = await nightWithLineup('Other Night', START + 7 * 24 * 60 * MINUTE);

    expect((await mark(eventId, danaSlot, 'no_show', dana)).status).toBe(403);
    expect((await mark(eventId, danaSlot, 'on_air', rex)).status).toBe(403);
    expect((await app.call(API.live.getLiveState, { params: { eventId } }, { as: dana })).status).toBe(403);
    expect((await app.call(API.live.getLiveState, { params: { eventId } })).status).toBe(401);
    // Another event's slot, through this event's address: not in this lineup.
    const elsewhere = await mark(eventId, other.danaSlot, 'no_show');
    expect(elsewhere.status).toBe(404);
    expect((await mark('made-up-event', danaSlot, 'no_show')).status).toBe(404);
    expect((await mark(eventId, 'made-up-signup', 'no_show')).status).toBe(404);
    expect((await app.call(API.live.getLiveState, { params: { eventId: 'made-up-event' } }, { as: host })).status).toBe(404);
    const bad = await app.call(API.live.markSlot, malformed({ params: { eventId, signupUuid: danaSlot }, body: { mark: 'gone' } }), { as: host });
    expect(bad.status).toBe(400);
    expect(bad.error.message).toBe('The mark must be one of on_air, no_show, or null to clear it.');

    clock.set(START - MINUTE);
    const early = await mark(eventId, danaSlot, 'no_show');
    expect(early.status).toBe(409);
    expect(early.error.message).toBe('This event has not started yet: its slots can be marked once it has started.');

    clock.set(START + MINUTE);
    expect((await app.call(API.events.cancelEvent, { params: { eventId }, body: { baseVersion: version } }, { as: host })).status).toBe(200);
    expect((await mark(eventId, danaSlot, 'no_show')).status).toBe(409);
    expect(await plays(eventId)).toEqual([dana.djId, rex.djId].sort());
    expect(await plays(other.eventId)).toEqual([dana.djId, rex.djId].sort());
  });
});
