import { randomUUID } from 'node:crypto';
import type { CallInput, Contract } from '@shared/api/contract.js';
import { API } from '@shared/api/index.js';
import { malformed } from '@shared/testing/api-client.js';
import { slotForSignup } from '@shared/lineup.js';
import { eventFieldsSchema } from '@shared/schemas/events.js';
import type { Signup, Slot } from '@shared/schemas/lineup.js';
import { buildLegacySlot, buildSignup } from '@shared/testing/builders.js';
import { intake, storedLineup } from '../testing/fixtures.js';
import { startTestApp, testDialects, type SignedIn, type TestApp } from '../testing/harness.js';

// Archive, restore and merge DJs (issue 13): archiving only hides a DJ from the roster's
// default view and the DJ search; merging moves everything that named one record to the other
// (signups, answers, legacy slots, plays, sign-ins) and deletes it, or refuses and changes nothing.
// The clock is fixed between the 2029 nights (over: plays) and the 2030 ones (booked, upcoming).

const NOW = Date.parse('2029-06-01T12:00:00.000Z');

describe.each(testDialects)('archive and merge DJs on %s', (dialect) => {
  let app: TestApp;
  let host: SignedIn;

  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    app = await startTestApp(dialect);
    host = await app.signIn(['host'], { djName: 'Hosty' });
  });
  afterEach(async () => {
    await app.destroy();
    vi.useRealTimers();
  });

  const db = () => app.ctx.store.db;
  const staff = <C extends Contract>(contract: C, input: CallInput<C>) => app.call(contract, input, { as: host });
  const roster = async (query: CallInput<typeof API.djs.getRoster>['query'] = {}) => (await staff(API.djs.getRoster, { query })).body;
  const details = (djId: string) => staff(API.djs.getDj, { params: { djId } });
  const merge = (djId: string, intoDjId: string) => staff(API.djs.mergeDj, { params: { djId }, body: { intoDjId } });

  /** A record from before Discord sign-in (imported): no Discord ID, no way to sign in. */
  async function legacyDj(djName: string, extra: { notes?: string; rtmpUrl?: string } = {}): Promise<string> {
    const id = randomUUID();
    const now = Date.now();
    await db()
      .insertInto('djs')
      .values({
        id, discord_id: null, public_name: `${djName} person`, dj_name: djName, rtmp_url: extra.rtmpUrl ?? '', twitch_username: '',
        avatar_url: null, notes: extra.notes ?? '', created_at: now, updated_at: now,
      })
      .execute();
    return id;
  }

  async function createEvent(name: string, startDatetime: string): Promise<string> {
    const response = await staff(API.events.createEvent, { body: { name, startDatetime, host: 'Hosty', signupsAreOpen: true, message: '', footer: '' } });
    expect(response.status).toBe(201);
    return response.body.id;
  }

  /** Saves signups (all in the lineup unless `waiting`) and extra legacy slots, as the event page does. */
  async function saveLineup(eventId: string, signups: Signup[], extra: { waiting?: Signup[]; legacy?: Slot[] } = {}) {
    const event = (await staff(API.events.getEvent, { params: { eventId } })).body;
    const response = await staff(API.events.saveEvent, { params: { eventId }, body: {
      baseVersion: event.version,
      event: eventFieldsSchema.parse(event),
      signups: [...event.signups, ...signups, ...(extra.waiting ?? [])],
      slots: [...event.slots, ...signups.map((signup) => slotForSignup(signup)), ...(extra.legacy ?? [])],
      removedSignupUuids: [],
    } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  }
  const signupOf = (name: string, ...djRefs: string[]) => buildSignup(randomUUID(), { name, djRefs });

  describe('archive', () => {
    test('hides the DJ from the default roster only, keeping their plays and signups, until restored', async () => {
      const dj = await legacyDj('Old Owl');
      const event = await createEvent('Owl night', '2029-03-04T20:00:00.000Z');
      await saveLineup(event, [signupOf('Owl set', dj)]);
      const before = await storedLineup(db());

      const archived = await staff(API.djs.archiveDj, { params: { djId: dj } });
      expect(archived.status).toBe(200);
      expect(archived.body).toMatchObject({ archived: true, dj: { id: dj, djName: 'Old Owl' }, plays: [{ eventId: event }] });
      expect((await roster()).djs.map((row) => row.id)).not.toContain(dj);
      expect((await roster()).meta.total).toBe(1);
      const all = await roster({ archived: 'include' });
      expect(all.djs.find((row) => row.id === dj)).toMatchObject({ archived: true, totalPlays: 1 });
      expect(all.djs.find((row) => row.id === host.djId)).toMatchObject({ archived: false });
      expect((await details(dj)).body).toMatchObject({ archived: true });
      // The event still names them.
      expect((await staff(API.events.getEvent, { params: { eventId: event } })).body.djs[dj]).toMatchObject({ djName: 'Old Owl' });
      expect(await storedLineup(db())).toEqual(before);

      const restored = await staff(API.djs.restoreDj, { params: { djId: dj } });
      expect(restored.status).toBe(200);
      expect(restored.body).toMatchObject({ archived: false });
      expect((await roster()).djs.find((row) => row.id === dj)).toMatchObject({ archived: false, totalPlays: 1 });
      expect(await storedLineup(db())).toEqual(before);
    });

    test('an unknown DJ is a 404; a bad roster filter a 400', async () => {
      expect((await staff(API.djs.archiveDj, { params: { djId: randomUUID() } })).status).toBe(404);
      expect((await staff(API.djs.restoreDj, { params: { djId: randomUUID() } })).status).toBe(404);
      expect((await staff(API.djs.getRoster, malformed({ query: { archived: 'all' } }))).status).toBe(400);
    });
  });

  describe('merge', () => {
    test('moves signups, answers, legacy slots, plays and sign-ins to the kept record, then deletes the merged one', async () => {
      // The person signed in with Discord (a new record) and also has an imported one with history.
      const person = await app.signIn(['dj'], { djName: 'Nova', publicName: 'Nova P' });
      const old = await legacyDj('DJ Nova (old)', { notes: 'Played the launch.', rtmpUrl: 'rtmp://old.example/live/nova' });
      const partner = await legacyDj('Partner');

      const played = await createEvent('Launch', '2029-01-07T20:00:00.000Z');
      await saveLineup(played, [signupOf('Nova b2b Partner', old, partner)], { legacy: [buildLegacySlot({ djName: 'Nova legacy', djRef: old })] });
      const both = await createEvent('Both legacy', '2029-02-04T20:00:00.000Z');
      await saveLineup(both, [], { legacy: [buildLegacySlot({ djName: 'Nova', djRef: old }), buildLegacySlot({ djName: 'Nova again', djRef: person.djId })] });
      // A signup the signed-in record made, with answers, and one staff added for the old record.
      const upcoming = await createEvent('Upcoming', '2030-01-06T20:00:00.000Z');
      expect((await app.call(API.signup.submitSignup, { body: intake(upcoming, { name: 'Nova live', dj_notes: 'late please' }) }, { as: person })).status).toBe(200);
      const later = await createEvent('Later', '2030-02-03T20:00:00.000Z');
      await saveLineup(later, [], { waiting: [signupOf('Nova waiting', old)] });

      const before = await storedLineup(db());
      const plays = (await details(old)).body.plays.length + (await details(person.djId)).body.plays.length;
      expect(plays).toBe(3);

      // Keep the old record (its history and name), take the sign-in record's Discord ID and sign-ins.
      const merged = await merge(person.djId, old);
      expect(merged.status, JSON.stringify(merged.body)).toBe(200);
      expect(merged.body.dj).toMatchObject({
        id: old,
        discordId: person.discordId,
        djName: 'DJ Nova (old)',
        rtmpUrl: 'rtmp://old.example/live/nova',
        notes: 'Played the launch.',
      });
      // Both played "Both legacy": one play now.
      expect(merged.body.plays.map((play) => play.eventName)).toEqual(['Both legacy', 'Launch']);
      expect((await details(person.djId)).status).toBe(404);

      // Every row that named the merged record names the kept one; nothing else changed.
      const rename = (rows: string[]) => [...new Set(rows.map((row) => row.replaceAll(person.djId, old)))].sort();
      expect(await storedLineup(db())).toEqual({
        signups: rename(before.signups),
        signupDjs: rename(before.signupDjs),
        slots: rename(before.slots),
        plays: rename(before.plays),
      });
      expect((await storedLineup(db())).signups).toHaveLength(before.signups.length);

      // The person's sign-in carries on as the kept record, with their answers.
      const me = await app.call(API.auth.getMe, {}, { as: person });
      expect(me.body.djId).toBe(old);
      const area = await app.call(API.signup.getSignupArea, { query: { event_id: upcoming } }, { as: person });
      expect(area.body.signup).toMatchObject({ name: 'Nova live', dj_notes: 'late please' });
      expect((await app.call(API.signup.getSignupArea, { query: { event_id: later } }, { as: person })).body.named).toMatchObject({ signupName: 'Nova waiting' });

      const listed = (await roster()).djs;
      expect(listed.map((row) => row.id)).not.toContain(person.djId);
      expect(listed.find((row) => row.id === old)).toMatchObject({ totalPlays: 2, discordId: person.discordId });
    });

    test('with two Discord IDs the kept one stays; sign-ins of the other end', async () => {
      // Staff typed a wrong Discord ID for the record with the history; the DJ signed in with theirs.
      const typedIn = await app.signIn(['dj'], { djName: 'Typed in' });
      const signedIn = await app.signIn(['dj'], { djName: 'Signed in' });
      const event = await createEvent('Past night', '2029-01-07T20:00:00.000Z');
      await saveLineup(event, [signupOf('Typed in set', typedIn.djId)]);
      const before = await storedLineup(db());

      const merged = await merge(typedIn.djId, signedIn.djId);
      expect(merged.status, JSON.stringify(merged.body)).toBe(200);
      expect(merged.body).toMatchObject({ dj: { id: signedIn.djId, discordId: signedIn.discordId }, plays: [{ eventId: event }] });
      const rename = (rows: string[]) => rows.map((row) => row.replaceAll(typedIn.djId, signedIn.djId)).sort();
      expect(await storedLineup(db())).toEqual({ signups: rename(before.signups), signupDjs: rename(before.signupDjs), slots: before.slots, plays: rename(before.plays) });
      expect((await app.call(API.auth.getMe, {}, { as: typedIn })).status).toBe(401);
      expect((await app.call(API.auth.getMe, {}, { as: signedIn })).body.djId).toBe(signedIn.djId);
    });

    test('refuses, changing nothing, when both are on signups of one event, are one record or unknown', async () => {
      const old = await legacyDj('Twin');
      const other = await legacyDj('Twin too');
      const event = await createEvent('Twin night', '2030-01-06T20:00:00.000Z');
      await saveLineup(event, [signupOf('Twin set', old), signupOf('Twin too set', other)]);

      const everything = async () => ({
        lineup: await storedLineup(db()),
        djs: await db().selectFrom('djs').selectAll().orderBy('id').execute(),
        sessions: await db().selectFrom('sessions').select(['id_hash', 'dj_id']).orderBy('id_hash').execute(),
      });
      const before = await everything();

      const sameEvent = await merge(old, other);
      expect(sameEvent.status).toBe(409);
      expect(sameEvent.error.message).toBe(
        "Twin and Twin too are both on the signups of Twin night (Sun 6 Jan 2030, 20:00 London time), and a DJ has one signup per event. Take one of them off that event's signups first, then merge.",
      );
      expect((await merge(old, old)).status).toBe(400);
      expect((await merge(old, randomUUID())).status).toBe(404);
      expect((await merge(randomUUID(), old)).status).toBe(404);
      expect(await everything()).toEqual(before);
    });
  });
});
