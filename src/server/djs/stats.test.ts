import { randomUUID } from 'node:crypto';
import type { CallInput, Contract } from '@shared/api/contract.js';
import { API } from '@shared/api/index.js';
import { slotForSignup } from '@shared/lineup.js';
import type { RosterDj } from '@shared/schemas/djs.js';
import { eventFieldsSchema } from '@shared/schemas/events.js';
import { buildSignup } from '@shared/testing/builders.js';
import { rankedPlays, toPlay } from './plays.js';
import { toCount } from '../db/values.js';
import { startTestApp, testDialects, type TestApp } from '../testing/harness.js';

// Each DJ's play statistics live on their row (djs.play_count, djs.last_play_event_id), kept by
// the writes that change plays. The roster must answer exactly what ranking every play on each
// request answered: that query (djs/plays.ts rankedPlays) is the reference here. The clock is
// fixed after every event of these tests, so every play has happened (shared/plays.ts; the
// roster of plays still booked is tested in plays-as-of.test.ts).

const AFTER_THEM_ALL = Date.parse('2031-06-01T12:00:00.000Z');

const WEEK = 7 * 24 * 3_600_000;
const BASE = Date.parse('2030-01-06T20:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

describe.each(testDialects)('DJ play statistics on %s', (dialect) => {
  let app: TestApp;
  let cookie: string;

  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: AFTER_THEM_ALL });
    app = await startTestApp(dialect);
    cookie = (await app.signIn(['host', 'dj'])).cookie;
  });
  afterEach(async () => {
    await app.destroy();
    vi.useRealTimers();
  });

  /** Staff call the API; the call must succeed. */
  const request = async <C extends Contract>(contract: C, input: CallInput<C>) => (await app.call(contract, input, { as: { cookie } })).body;

  let discordIds = 100_000_000_000_000_000n;
  const addDj = async (djName: string) =>
    (await request(API.djs.createDj, { body: { djName, publicName: `${djName} person`, discordId: String(discordIds++), rtmpUrl: '', twitchUsername: '' } })).id;

  const createEvent = async (name: string, start: number) =>
    (await request(API.events.createEvent, { body: { name, startDatetime: iso(start), host: 'Hal', signupsAreOpen: false, message: '', footer: '', confirmSameDay: true } })).id;

  /** Saves the event with exactly these DJs in its lineup (one slot each), and any field changes. */
  async function saveLineup(eventId: string, djIds: string[], fields: { name?: string; start?: number } = {}) {
    const loaded = await request(API.events.getEvent, { params: { eventId } });
    const signups = djIds.map((djId) => loaded.signups.find((s) => s.djRefs[0] === djId) ?? buildSignup(randomUUID(), { name: `Act ${djId}`, djRefs: [djId] }));
    const event = eventFieldsSchema.parse(loaded);
    return request(API.events.saveEvent, { params: { eventId }, body: {
      baseVersion: loaded.version,
      event: { ...event, ...(fields.name && { name: fields.name }), ...(fields.start !== undefined && { startDatetime: iso(fields.start) }) },
      resolvedUpdates: [],
      signups,
      slots: signups.map((signup) => slotForSignup(signup)),
      removedSignupUuids: loaded.signups.filter((s) => !djIds.includes(s.djRefs[0]!)).map((s) => s.uuid),
    } });
  }

  const roster = async () => (await request(API.djs.getRoster, { query: { archived: 'include', limit: 100 } })).djs;
  const statsOf = (djs: RosterDj[]) => Object.fromEntries(djs.map((dj) => [dj.id, { totalPlays: dj.totalPlays, mostRecentPlay: dj.mostRecentPlay }]));

  /** The old roster query: every play ranked per DJ, newest first, ties by event id. */
  async function reference() {
    const { db } = app.ctx.store;
    const rows = await db.selectFrom(rankedPlays(db, Date.now())).selectAll().where('rank', '=', 1).execute();
    const djs = await db.selectFrom('djs').select('id').execute();
    const byDj = new Map(rows.map((row) => [row.dj_id, row]));
    return Object.fromEntries(
      djs.map(({ id }) => {
        const row = byDj.get(id);
        return [id, { totalPlays: row ? toCount(row.total) : 0, mostRecentPlay: row ? toPlay(row) : null }];
      }),
    );
  }

  const expectSameAsReference = async () => expect(statsOf(await roster())).toEqual(await reference());

  test('after saves, re-saves, moved and renamed events, ties, cancel, merge and delete the roster answers what ranking every play answered', async () => {
    const djs: string[] = [];
    for (const name of ['Ash', 'Birch', 'Cedar', 'Dune', 'Elm', 'Fern', 'Gale', 'Haze']) djs.push(await addDj(name));
    const events: string[] = [];
    for (let i = 0; i < 6; i++) events.push(await createEvent(`Week ${i}`, BASE + i * WEEK));
    const tie = await createEvent('Same start as week 3', BASE + 3 * WEEK);
    await expectSameAsReference();

    // A varied history: different lineups, shared DJs, a DJ who never played.
    for (let i = 0; i < events.length; i++) await saveLineup(events[i]!, djs.filter((_, d) => (d * 5 + i) % 3 !== 0 && d < 7));
    await saveLineup(tie, [djs[0]!, djs[3]!]);
    await expectSameAsReference();
    const before = statsOf(await roster());
    expect(before[djs[7]!]).toEqual({ totalPlays: 0, mostRecentPlay: null });

    // Saving again without changes changes nothing.
    await saveLineup(events[5]!, djs.filter((_, d) => (d * 5 + 5) % 3 !== 0 && d < 7));
    expect(statsOf(await roster())).toEqual(before);

    // A DJ leaves the newest lineup, another joins it.
    await saveLineup(events[5]!, [djs[7]!, djs[2]!]);
    await expectSameAsReference();
    expect(statsOf(await roster())[djs[7]!]).toMatchObject({ totalPlays: 1, mostRecentPlay: { eventId: events[5], eventName: 'Week 5' } });

    // The oldest event moves to the future (and is renamed): it becomes its DJs' most recent play.
    await saveLineup(events[0]!, await lineupOf(events[0]!), { name: 'Moved', start: BASE + 10 * WEEK });
    await expectSameAsReference();
    const moved = statsOf(await roster());
    for (const djId of await lineupOf(events[0]!)) {
      expect(moved[djId]!.mostRecentPlay).toMatchObject({ eventId: events[0], eventName: 'Moved', startDatetime: iso(BASE + 10 * WEEK) });
    }

    // Renaming alone shows on the roster too.
    await saveLineup(events[0]!, await lineupOf(events[0]!), { name: 'Moved and renamed' });
    await expectSameAsReference();

    // A cancelled event's plays still count, as they always did.
    const detail = await request(API.events.getEvent, { params: { eventId: events[4]! } });
    await request(API.events.cancelEvent, { params: { eventId: events[4]! }, body: { baseVersion: detail.version } });
    await expectSameAsReference();

    // Merge: the kept DJ takes over the merged one's plays (an event both played counts once).
    await request(API.djs.mergeDj, { params: { djId: djs[6]! }, body: { intoDjId: djs[7]! } });
    await expectSameAsReference();

    // An event whose lineup was emptied, then deleted.
    const last = await createEvent('Short-lived', BASE + 20 * WEEK);
    await saveLineup(last, [djs[5]!]);
    expect(statsOf(await roster())[djs[5]!]!.mostRecentPlay?.eventId).toBe(last);
    const emptied = await saveLineup(last, []);
    await expectSameAsReference();
    await request(API.events.deleteEvent, { params: { eventId: last }, body: { baseVersion: emptied.version } });
    await expectSameAsReference();
  });

  async function lineupOf(eventId: string) {
    const rows = await app.ctx.store.db.selectFrom('dj_plays').select('dj_id').where('event_id', '=', eventId).execute();
    return rows.map((row) => row.dj_id);
  }
});
