import { randomUUID } from 'node:crypto';
import type { CallInput, Contract } from '@shared/api/contract.js';
import { API } from '@shared/api/index.js';
import { slotForSignup } from '@shared/lineup.js';
import { possibleDebut } from '@shared/plays.js';
import { eventFieldsSchema } from '@shared/schemas/events.js';
import { buildSignup } from '@shared/testing/builders.js';
import { type SignedIn, startTestApp, testDialects, type TestApp, uniqueDiscordId } from '../testing/harness.js';

// Issue 34 item 10, with a fixed clock: dj_plays keep every event whose lineup names a DJ, as the
// spec derives them, but a booked event that is not over yet is upcoming, not a play that
// happened. The roster, a DJ's page, the lineup's debut hint and "last play", the DJ's Home and the
// exports all say the same (shared/plays.ts playHappened), read on 27 November with the DJ booked
// for 6 December, and again once December's nights are over.

const at = (iso: string) => Date.parse(iso);
const NOV_27 = at('2030-11-27T12:00:00.000Z');

describe.each(testDialects)('plays that happened and plays booked, on %s', (dialect) => {
  let app: TestApp;
  let admin: SignedIn;

  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOV_27 });
    app = await startTestApp(dialect);
    admin = await app.signIn(['admin', 'dj'], { publicName: 'Ada Admin' });
  });
  afterEach(async () => {
    await app.destroy();
    vi.useRealTimers();
  });

  const staff = async <C extends Contract>(contract: C, input: CallInput<C>) => {
    const answer = await app.call(contract, input, { as: admin });
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
    return answer.body;
  };
  const addDj = async (djName: string) =>
    (await staff(API.djs.createDj, { body: { djName, publicName: djName, discordId: uniqueDiscordId(), rtmpUrl: '', twitchUsername: '' } })).id;

  /** An event at `start` whose lineup is these DJs, one hour each. */
  async function night(name: string, start: string, djIds: string[]): Promise<string> {
    const { id } = await staff(API.events.createEvent, { body: { name, startDatetime: start, host: 'Hal', signupsAreOpen: false, message: '', footer: '', confirmSameDay: true } });
    const loaded = await staff(API.events.getEvent, { params: { eventId: id } });
    const signups = djIds.map((djId) => buildSignup(randomUUID(), { name: `Act ${djId}`, djRefs: [djId] }));
    await staff(API.events.saveEvent, { params: { eventId: id }, body: { baseVersion: loaded.version, event: eventFieldsSchema.parse(loaded), signups, slots: signups.map((signup) => slotForSignup(signup)), removedSignupUuids: [] } });
    return id;
  }

  const rosterRow = async (djId: string) => (await staff(API.djs.getRoster, { query: { archived: 'include', limit: 100 } })).djs.find((dj) => dj.id === djId)!;
  const exported = async () => (await staff(API.archive.exportCsv, { params: { view: 'djs' } })) as unknown as string;
  const csvRow = async (djName: string) => (await exported()).split('\r\n').find((line) => line.startsWith(`${djName},`));

  test('booked for 6 December, read on 27 November: upcoming everywhere, never "Most Recent Play"; a play once it is over', async () => {
    const rex = await addDj('Rex');
    const ada = await addDj('Ada');
    const bo = await addDj('Bo');
    const nov17 = await night('Night 17', '2030-11-17T20:00:00.000Z', [ada]);
    const nov29 = await night('Night 29', '2030-11-29T20:00:00.000Z', [bo]);
    const dec6 = await night('Night 6', '2030-12-06T20:00:00.000Z', [rex, ada, bo]);

    // The roster: Rex has no play yet, 6 December is upcoming; Ada played on the 17th.
    expect(await rosterRow(rex)).toMatchObject({ totalPlays: 0, mostRecentPlay: null, nextPlay: { eventId: dec6, eventName: 'Night 6' } });
    expect(await rosterRow(ada)).toMatchObject({ totalPlays: 1, mostRecentPlay: { eventId: nov17 }, nextPlay: { eventId: dec6 } });
    expect(await rosterRow(bo)).toMatchObject({ totalPlays: 0, mostRecentPlay: null, nextPlay: { eventId: nov29 } });
    expect((await staff(API.djs.getRoster, {})).meta.earliestEvent).toMatchObject({ eventId: nov17 });

    // The lineup of 6 December: Rex and Bo never played before it... but Bo will have, on the 29th.
    const detail = await staff(API.events.getEvent, { params: { eventId: dec6 } });
    expect(possibleDebut(detail.otherEventsByDj[rex])).toBe(true);
    expect(detail.otherEventsByDj[ada]!.playedBefore).toMatchObject({ eventId: nov17 });
    expect(detail.otherEventsByDj[bo]!.playedBefore).toMatchObject({ eventId: nov29 });
    expect(possibleDebut((await staff(API.events.getEvent, { params: { eventId: nov29 } })).otherEventsByDj[bo])).toBe(true);

    // The DJ's page lists 6 December with its end, so the page shows it as upcoming.
    expect((await staff(API.djs.getDj, { params: { djId: rex } })).plays).toEqual([
      { eventId: dec6, eventName: 'Night 6', startDatetime: '2030-12-06T20:00:00.000Z', endDatetime: '2030-12-06T23:00:00.000Z' },
    ]);
    // The export counts as the roster does.
    expect(await csvRow('Rex')).toBe('Rex,Rex,' + (await rosterRow(rex)).discordId + ',0,,,,');
    expect(await csvRow('Ada')).toMatch(/^Ada,Ada,\d+,1,2030-11-17,/);

    // 7 December: the 6th is over, a play for all three. (A sign-in is rechecked with Discord
    // after a day: the admin signs in again.)
    vi.setSystemTime(at('2030-12-07T09:00:00.000Z'));
    admin = await app.signIn(['admin', 'dj'], { publicName: 'Ada Admin' });
    expect(await rosterRow(rex)).toMatchObject({ totalPlays: 1, mostRecentPlay: { eventId: dec6 }, nextPlay: null });
    expect(await rosterRow(bo)).toMatchObject({ totalPlays: 2, mostRecentPlay: { eventId: dec6 }, nextPlay: null });
    expect(await csvRow('Rex')).toMatch(/^Rex,Rex,\d+,1,2030-12-06,/);
  });

  test("an event in progress is not a play yet; a DJ's Home lists it as theirs once it is over", async () => {
    const dj = await app.signIn(['dj'], { djName: 'Tonight', publicName: 'Tonight' });
    const tonight = await night('Tonight', '2030-11-27T11:00:00.000Z', [dj.djId]);
    // 12:00: the night runs 11:00–12:00; it ends at 12:00, so it is over exactly now.
    vi.setSystemTime(at('2030-11-27T11:30:00.000Z'));
    expect(await rosterRow(dj.djId)).toMatchObject({ totalPlays: 0, nextPlay: { eventId: tonight } });
    expect((await app.call(API.me.getDjHome, {}, { as: dj })).body.pastPlays).toEqual([]);
    vi.setSystemTime(at('2030-11-27T12:00:00.000Z'));
    expect(await rosterRow(dj.djId)).toMatchObject({ totalPlays: 1, mostRecentPlay: { eventId: tonight }, nextPlay: null });
    expect((await app.call(API.me.getDjHome, {}, { as: dj })).body.pastPlays).toMatchObject([{ eventId: tonight }]);
  });
});
