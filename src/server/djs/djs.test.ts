import { randomUUID } from 'node:crypto';
import { DISCORD_ID_MESSAGE, type DjDetailsResponse, type RosterResponse } from '@shared/schemas/djs.js';
import type { Dj } from '@shared/schemas/djs.js';
import { refreshDjStats } from '../db/plays.js';
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
    const response = await app.request<Dj>('POST', '/api/djs', { cookie, body: validDj({ djName, publicName }) });
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

    const response = await app.request<RosterResponse>('GET', '/api/djs', { cookie });
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
      earliestEvent: { eventId: older, eventName: 'Older', startDatetime: '2024-01-07T20:00:00.000Z' },
    });
  });

  test('the roster comes in pages, searched on the server by Dj Name, public name or Discord ID', async () => {
    const names = ['Echo', 'delta', 'Charlie', 'bravo', 'Alpha', 'Foxtrot 100%', 'golf_1'];
    const made: Dj[] = [];
    for (const name of names) made.push(await insertDj(name, `${name} person`));
    const page = async (query: string) => {
      const response = await app.request<RosterResponse>('GET', `/api/djs?${query}`, { cookie });
      expect(response.status).toBe(200);
      return { names: response.body.djs.map((dj) => dj.djName), meta: response.body.meta };
    };

    // Eight DJs with the signed-in staff member ('mm Staff'), three a page, in Dj Name order.
    expect(await page('limit=3')).toMatchObject({ names: ['Alpha', 'bravo', 'Charlie'], meta: { total: 8, matching: 8 } });
    expect((await page('limit=3&offset=3')).names).toEqual(['delta', 'Echo', 'Foxtrot 100%']);
    expect((await page('limit=3&offset=6')).names).toEqual(['golf_1', 'mm Staff']);
    expect((await page('limit=3&offset=9')).names).toEqual([]);

    expect(await page('search=ALP')).toMatchObject({ names: ['Alpha'], meta: { total: 8, matching: 1 } });
    expect((await page('search=echo%20person')).names).toEqual(['Echo']);
    expect((await page(`search=${made[2]!.discordId!.slice(-6)}`)).names).toEqual(['Charlie']);
    // LIKE's wildcards are searched for as typed.
    expect((await page('search=100%25')).names).toEqual(['Foxtrot 100%']);
    expect((await page('search=o_f')).names).toEqual([]);
    expect((await page('search=golf_')).names).toEqual(['golf_1']);
    expect((await page('search=%20%20')).meta).toMatchObject({ total: 8, matching: 8 });

    // Archived DJs only with archived=include, searched the same way.
    await app.request('POST', `/api/djs/${made[4]!.id}/archive`, { cookie });
    expect(await page('search=alpha')).toMatchObject({ names: [], meta: { total: 7, matching: 0 } });
    expect(await page('search=alpha&archived=include')).toMatchObject({ names: ['Alpha'], meta: { total: 8, matching: 1 } });
  });

  test('a roster page asked for wrongly is refused with what to fix', async () => {
    for (const query of ['limit=0', 'limit=101', 'limit=x', 'offset=-1', 'offset=1.5', `search=${'x'.repeat(101)}`, 'search=a%0Ab']) {
      const response = await app.request<{ code: string }>('GET', `/api/djs?${query}`, { cookie });
      expect(response.status, query).toBe(400);
      expect(response.body.code).toBe('invalid_request');
    }
  });

  test('with no plays the roster has no earliest event', async () => {
    const response = await app.request<RosterResponse>('GET', '/api/djs', { cookie });
    expect(response.body.meta).toEqual({ total: 1, matching: 1, earliestEvent: null });
  });

  test('a DJ is created, read with plays newest first, and updated', async () => {
    const input = validDj({ publicName: '  Night Owl  ', twitchUsername: '@owl_beats' });
    const created = await app.request<Dj>('POST', '/api/djs', { cookie, body: input });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      discordId: input.discordId, publicName: 'Night Owl', djName: 'DJ Owl', twitchUsername: 'owl_beats', avatarUrl: null,
    });
    const id = created.body.id;
    const first = await insertEvent('First', '2024-01-07T20:00:00Z');
    const second = await insertEvent('Second', '2024-02-04T20:00:00Z');
    await play(first, id);
    await play(second, id);

    const details = await app.request<DjDetailsResponse>('GET', `/api/djs/${id}`, { cookie });
    expect(details.status).toBe(200);
    expect(details.body.dj.id).toBe(id);
    expect(details.body.plays.map((p) => p.eventName)).toEqual(['Second', 'First']);

    const updated = await app.request<Dj>('PUT', `/api/djs/${id}`, {
      cookie, body: { ...input, djName: 'DJ Barn Owl', rtmpUrl: '', twitchUsername: '' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id, djName: 'DJ Barn Owl', rtmpUrl: '', twitchUsername: '' });
    const reread = await app.request<DjDetailsResponse>('GET', `/api/djs/${id}`, { cookie });
    expect(reread.body.dj.djName).toBe('DJ Barn Owl');
  });

  test.each([
    ['a short Discord ID', { discordId: '1234567890123456' }, DISCORD_ID_MESSAGE],
    ['letters in the Discord ID', { discordId: '12345678901234567a' }, DISCORD_ID_MESSAGE],
    ['a missing Discord ID', { discordId: '' }, 'Discord ID is required.'],
    ['a too long Discord ID', { discordId: '123456789012345678901' }, 'A Discord ID is at most 20 digits long.'],
    ['a missing public name', { publicName: '   ' }, 'Public name is required.'],
    ['a missing Dj Name', { djName: '' }, 'Dj Name is required.'],
    ['a stream URL that is not a URL', { rtmpUrl: 'not a url' }, 'Stream URL must be a URL'],
    ['a too long Dj Name', { djName: 'x'.repeat(101) }, 'Dj Name must be at most 100 characters.'],
  ])('create and update refuse %s with 400 and store nothing', async (_label, change, message) => {
    const before = await djCount();
    const created = await app.request<{ message: string }>('POST', '/api/djs', { cookie, body: validDj(change) });
    expect(created.status).toBe(400);
    expect(created.body.message).toContain(message);
    expect(await djCount()).toBe(before);

    const dj = await insertDj('Target');
    const updated = await app.request<{ message: string }>('PUT', `/api/djs/${dj.id}`, { cookie, body: validDj(change) });
    expect(updated.status).toBe(400);
    expect(updated.body.message).toContain(message);
    const reread = await app.request<DjDetailsResponse>('GET', `/api/djs/${dj.id}`, { cookie });
    expect(reread.body.dj).toEqual(dj);
  });

  test('a short Discord ID gets exactly the spec message for that field', async () => {
    const response = await app.request<{ message: string }>('POST', '/api/djs', { cookie, body: validDj({ discordId: '12345' }) });
    expect(response.body).toEqual({ code: 'invalid_request', message: DISCORD_ID_MESSAGE });
  });

  test('a second DJ with the same Discord ID is refused with 409, on create and on update', async () => {
    const first = await insertDj('First');
    const before = await djCount();
    const duplicate = await app.request<{ message: string }>('POST', '/api/djs', {
      cookie, body: validDj({ discordId: first.discordId! }),
    });
    expect(duplicate).toMatchObject({ status: 409, body: { message: 'A DJ with this Discord ID already exists.' } });
    expect(await djCount()).toBe(before);

    const second = await insertDj('Second');
    const update = await app.request('PUT', `/api/djs/${second.id}`, {
      cookie, body: validDj({ discordId: first.discordId!, djName: 'Second' }),
    });
    expect(update).toMatchObject({ status: 409, body: { message: 'A DJ with this Discord ID already exists.' } });
    // Keeping one's own Discord ID is not a duplicate.
    const same = await app.request('PUT', `/api/djs/${second.id}`, { cookie, body: validDj({ discordId: second.discordId! }) });
    expect(same.status).toBe(200);
  });

  test('an unknown DJ is 404 on read and update', async () => {
    const read = await app.request('GET', '/api/djs/no-such-dj', { cookie });
    expect(read).toMatchObject({ status: 404, body: { message: 'Dj not found.' } });
    const update = await app.request('PUT', '/api/djs/no-such-dj', { cookie, body: validDj() });
    expect(update).toMatchObject({ status: 404, body: { message: 'Dj not found.' } });
  });

  test('signed-out requests get 401 and non-staff get 403, changing nothing', async () => {
    const dj = await app.signIn(['dj']);
    const before = await djCount();
    const cases: [string, string, unknown?][] = [
      ['GET', '/api/djs'],
      ['POST', '/api/djs', validDj()],
      ['GET', `/api/djs/${dj.djId}`],
      ['PUT', `/api/djs/${dj.djId}`, validDj()],
    ];
    for (const [method, url, body] of cases) {
      expect((await app.request(method, url, { body })).status).toBe(401);
      expect((await app.request(method, url, { body, cookie: dj.cookie })).status).toBe(403);
    }
    expect(await djCount()).toBe(before);
    const admin = await app.signIn(['admin']);
    expect((await app.request('GET', '/api/djs', { cookie: admin.cookie })).status).toBe(200);
  });
});
