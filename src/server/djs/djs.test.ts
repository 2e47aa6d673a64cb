import { randomUUID } from 'node:crypto';
import type { CallInput } from '@shared/api/contract.js';
import { API } from '@shared/api/index.js';
import { malformed } from '@shared/testing/api-client.js';
import { DISCORD_ID_MESSAGE } from '@shared/schemas/djs.js';
import type { Dj } from '@shared/schemas/djs.js';
import { refreshDjStats } from './plays.js';
import { startTestApp, testDialects, type TestApp, uniqueDiscordId } from '../testing/harness.js';

const validDj = (overrides: Record<string, string> = {}) => ({
  discordId: uniqueDiscordId(),
  publicName: 'Night Owl',
  djName: 'DJ Owl',
  rtmpUrl: 'rtmp://stream.vrcdn.live/live/owl',
  twitchUsername: 'owl_beats',
  ...overrides,
});

describe.each(testDialects)('DJs API on %s', (dialect) => {
  let app: TestApp;
  let cookie: string;
  beforeEach(async () => {
    app = await startTestApp(dialect);
    ({ cookie } = await app.signIn(['host'], { djName: 'mm Staff' }));
  });
  afterEach(async () => {
    await app.destroy();
  });

  const insertEvent = async (name: string, startIso: string) => {
    const id = randomUUID();
    const start = Date.parse(startIso);
    await app.ctx.store.db
      .insertInto('events')
      .values({
        id, name, start_at: start, end_at: start + 3_600_000, published: 1, host: '', message: '', footer: '',
        signups_open: 0, version: 1, created_at: start, updated_at: start,
      })
      .execute();
    return id;
  };
  const insertDj = async (djName: string, publicName = djName) => {
    const response = await app.call(API.djs.createDj, { body: validDj({ djName, publicName }) }, { as: { cookie } });
    expect(response.status).toBe(201);
    return response.body;
  };
  /** A play recorded as an event save records it: the row, and the DJ's stats with it. */
  const play = (eventId: string, djId: string) =>
    app.ctx.store.db.transaction().execute(async (trx) => {
      await trx.insertInto('dj_plays').values({ event_id: eventId, dj_id: djId }).execute();
      await refreshDjStats(trx, [djId]);
    });
  const djCount = async () =>
    Number((await app.ctx.store.db.selectFrom('djs').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  test('the roster is ordered by Dj Name ignoring case, with totals and the most recent play', async () => {
    const zed = await insertDj('zed');
    const alpha = await insertDj('Alpha');
    const beta = await insertDj('beta');
    const older = await insertEvent('Older', '2024-01-07T20:00:00Z');
    const newer = await insertEvent('Newer', '2024-06-09T19:00:00Z');
    await insertEvent('Nobody played', '2023-01-01T20:00:00Z');
    await play(older, alpha.id);
    await play(newer, alpha.id);
    await play(older, zed.id);

    const response = await app.call(API.djs.getRoster, {}, { as: { cookie } });
    expect(response.status).toBe(200);
    const { djs, meta } = response.body;
    expect(djs.map((dj) => dj.djName)).toEqual(['Alpha', 'beta', 'mm Staff', 'zed']);
    expect(djs[0]).toMatchObject({
      id: alpha.id,
      publicName: 'Alpha',
      discordId: alpha.discordId,
      rtmpUrl: 'rtmp://stream.vrcdn.live/live/owl',
      twitchUsername: 'owl_beats',
      totalPlays: 2,
      mostRecentPlay: { eventId: newer, eventName: 'Newer', startDatetime: '2024-06-09T19:00:00.000Z' },
    });
    expect(djs[1]).toMatchObject({ id: beta.id, totalPlays: 0, mostRecentPlay: null });
    expect(djs[3]).toMatchObject({ id: zed.id, totalPlays: 1, mostRecentPlay: { eventId: older } });
    expect(djs[0]).not.toHaveProperty('notes');
    expect(meta).toEqual({
      total: 4,
      matching: 4,
      earliestEvent: { eventId: older, eventName: 'Older', startDatetime: '2024-01-07T20:00:00.000Z', endDatetime: '2024-01-07T21:00:00.000Z' },
    });
  });

  test('the roster comes in pages, searched on the server by Dj Name, public name or Discord ID', async () => {
    const names = ['Echo', 'delta', 'Charlie', 'bravo', 'Alpha', 'Foxtrot 100%', 'golf_1'];
    const made: Dj[] = [];
    for (const name of names) made.push(await insertDj(name, `${name} person`));
    const page = async (query: NonNullable<CallInput<typeof API.djs.getRoster>['query']>) => {
      const response = await app.call(API.djs.getRoster, { query }, { as: { cookie } });
      expect(response.status).toBe(200);
      return { names: response.body.djs.map((dj) => dj.djName), meta: response.body.meta };
    };

    // Eight DJs with the signed-in staff member ('mm Staff'), three a page, in Dj Name order.
    expect(await page({ limit: 3 })).toMatchObject({ names: ['Alpha', 'bravo', 'Charlie'], meta: { total: 8, matching: 8 } });
    expect((await page({ limit: 3, offset: 3 })).names).toEqual(['delta', 'Echo', 'Foxtrot 100%']);
    expect((await page({ limit: 3, offset: 6 })).names).toEqual(['golf_1', 'mm Staff']);
    expect((await page({ limit: 3, offset: 9 })).names).toEqual([]);

    expect(await page({ search: 'ALP' })).toMatchObject({ names: ['Alpha'], meta: { total: 8, matching: 1 } });
    expect((await page({ search: 'echo person' })).names).toEqual(['Echo']);
    expect((await page({ search: made[2]!.discordId!.slice(-6) })).names).toEqual(['Charlie']);
    // LIKE's wildcards are searched for as typed.
    expect((await page({ search: '100%' })).names).toEqual(['Foxtrot 100%']);
    expect((await page({ search: 'o_f' })).names).toEqual([]);
    expect((await page({ search: 'golf_' })).names).toEqual(['golf_1']);
    expect((await page({ search: '  ' })).meta).toMatchObject({ total: 8, matching: 8 });

    // Archived DJs only with archived=include, searched the same way.
    await app.call(API.djs.archiveDj, { params: { djId: made[4]!.id } }, { as: { cookie } });
    expect(await page({ search: 'alpha' })).toMatchObject({ names: [], meta: { total: 7, matching: 0 } });
    expect(await page({ search: 'alpha', archived: 'include' })).toMatchObject({ names: ['Alpha'], meta: { total: 8, matching: 1 } });
  });

  test('a roster page asked for wrongly is refused with what to fix', async () => {
    for (const query of [{ limit: 0 }, { limit: 101 }, { limit: 'x' }, { offset: -1 }, { offset: 1.5 }, { search: 'x'.repeat(101) }, { search: 'a\nb' }]) {
      const response = await app.call(API.djs.getRoster, malformed({ query }), { as: { cookie } });
      expect(response.status, JSON.stringify(query)).toBe(400);
      expect(response.error.code).toBe('invalid_request');
    }
  });

  test('with no plays the roster has no earliest event', async () => {
    const response = await app.call(API.djs.getRoster, {}, { as: { cookie } });
    expect(response.body.meta).toEqual({ total: 1, matching: 1, earliestEvent: null });
  });

  test('a DJ is created, read with plays newest first, and updated', async () => {
    const input = validDj({ publicName: '  Night Owl  ', twitchUsername: '@owl_beats' });
    const created = await app.call(API.djs.createDj, { body: input }, { as: { cookie } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      discordId: input.discordId, publicName: 'Night Owl', djName: 'DJ Owl', twitchUsername: 'owl_beats', avatarUrl: null,
    });
    const id = created.body.id;
    const first = await insertEvent('First', '2024-01-07T20:00:00Z');
    const second = await insertEvent('Second', '2024-02-04T20:00:00Z');
    await play(first, id);
    await play(second, id);

    const details = await app.call(API.djs.getDj, { params: { djId: id } }, { as: { cookie } });
    expect(details.status).toBe(200);
    expect(details.body.dj.id).toBe(id);
    expect(details.body.plays.map((p) => p.eventName)).toEqual(['Second', 'First']);

    const updated = await app.call(API.djs.updateDj, { params: { djId: id }, body: { ...input, djName: 'DJ Barn Owl', rtmpUrl: '', twitchUsername: '' } }, { as: { cookie } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id, djName: 'DJ Barn Owl', rtmpUrl: '', twitchUsername: '' });
    const reread = await app.call(API.djs.getDj, { params: { djId: id } }, { as: { cookie } });
    expect(reread.body.dj.djName).toBe('DJ Barn Owl');
  });

  test.each([
    ['a short Discord ID', { discordId: '1234567890123456' }, DISCORD_ID_MESSAGE],
    ['letters in the Discord ID', { discordId: '12345678901234567a' }, DISCORD_ID_MESSAGE],
    ['a missing Discord ID', { discordId: '' }, 'Discord ID is required.'],
    ['a too long Discord ID', { discordId: '123456789012345678901' }, 'A Discord ID is at most 20 digits long.'],
    ['a missing public name', { publicName: '   ' }, 'Public name is required.'],
    ['a missing Dj Name', { djName: '' }, 'Dj Name is required.'],
    ['a stream URL that is not a URL', { rtmpUrl: 'not a url' }, 'Stream URL must be a VRCDN link (rtspt://stream.vrcdn.live/live/NAME or vrcdn:NAME)'],
    ['a too long Dj Name', { djName: 'x'.repeat(101) }, 'Dj Name must be at most 100 characters.'],
  ])('create and update refuse %s with 400 and store nothing', async (_label, change, message) => {
    const before = await djCount();
    const created = await app.call(API.djs.createDj, { body: validDj(change) }, { as: { cookie } });
    expect(created.status).toBe(400);
    expect(created.error.message).toContain(message);
    expect(await djCount()).toBe(before);

    const dj = await insertDj('Target');
    const updated = await app.call(API.djs.updateDj, { params: { djId: dj.id }, body: validDj(change) }, { as: { cookie } });
    expect(updated.status).toBe(400);
    expect(updated.error.message).toContain(message);
    const reread = await app.call(API.djs.getDj, { params: { djId: dj.id } }, { as: { cookie } });
    expect(reread.body.dj).toEqual(dj);
  });

  test('a short Discord ID gets exactly the spec message for that field', async () => {
    const response = await app.call(API.djs.createDj, { body: validDj({ discordId: '12345' }) }, { as: { cookie } });
    expect(response.error).toEqual({ code: 'invalid_request', message: DISCORD_ID_MESSAGE });
  });

  test('a second DJ with the same Discord ID is refused with 409, on create and on update', async () => {
    const first = await insertDj('First');
    const before = await djCount();
    const duplicate = await app.call(API.djs.createDj, { body: validDj({ discordId: first.discordId! }) }, { as: { cookie } });
    expect(duplicate).toMatchObject({ status: 409, error: { code: 'duplicate_discord_id', message: 'A DJ with this Discord ID already exists.' } });
    expect(await djCount()).toBe(before);

    const second = await insertDj('Second');
    const update = await app.call(API.djs.updateDj, { params: { djId: second.id }, body: validDj({ discordId: first.discordId!, djName: 'Second' }) }, { as: { cookie } });
    expect(update).toMatchObject({ status: 409, error: { code: 'duplicate_discord_id', message: 'A DJ with this Discord ID already exists.' } });
    // Keeping one's own Discord ID is not a duplicate.
    const same = await app.call(API.djs.updateDj, { params: { djId: second.id }, body: validDj({ discordId: second.discordId! }) }, { as: { cookie } });
    expect(same.status).toBe(200);
  });

  test('an unknown DJ is 404 on read and update', async () => {
    const read = await app.call(API.djs.getDj, { params: { djId: 'no-such-dj' } }, { as: { cookie } });
    expect(read).toMatchObject({ status: 404, error: { message: 'DJ not found.' } });
    const update = await app.call(API.djs.updateDj, { params: { djId: 'no-such-dj' }, body: validDj() }, { as: { cookie } });
    expect(update).toMatchObject({ status: 404, error: { message: 'DJ not found.' } });
  });

  test('signed-out requests get 401 and non-staff get 403, changing nothing', async () => {
    const dj = await app.signIn(['dj']);
    const before = await djCount();
    for (const [as, status] of [[undefined, 401], [dj, 403]] as const) {
      expect((await app.call(API.djs.getRoster, {}, { as })).status).toBe(status);
      expect((await app.call(API.djs.createDj, { body: validDj() }, { as })).status).toBe(status);
      expect((await app.call(API.djs.getDj, { params: { djId: dj.djId } }, { as })).status).toBe(status);
      expect((await app.call(API.djs.updateDj, { params: { djId: dj.djId }, body: validDj() }, { as })).status).toBe(status);
    }
    expect(await djCount()).toBe(before);
    const admin = await app.signIn(['admin']);
    expect((await app.call(API.djs.getRoster, {}, { as: admin })).status).toBe(200);
  });
});
