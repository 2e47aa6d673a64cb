import { djRow as newDjRow, startTestApp, testDialects, type TestApp } from '../testing/harness.js';
import { UniqueViolation, withDbErrors } from './errors.js';

const djRow = (discordId: string | null) => newDjRow({ discordId });

describe.each(testDialects)('storage on %s', (dialect) => {
  let app: TestApp;
  beforeEach(async () => {
    app = await startTestApp(dialect);
  });
  afterEach(async () => {
    await app.destroy();
  });

  test('migrations apply to an empty database and again on restart without changes', async () => {
    const health = await app.request('GET', '/healthz');
    expect(health).toMatchObject({ status: 200, body: { status: 'ok', database: dialect } });
    app = await app.restart();
    expect((await app.request('GET', '/healthz')).status).toBe(200);
  });

  test('data survives a restart of the server', async () => {
    const row = djRow('123456789012345678');
    await app.ctx.store.db.insertInto('djs').values(row).execute();
    app = await app.restart();
    const found = await app.ctx.store.db.selectFrom('djs').selectAll().where('id', '=', row.id).executeTakeFirst();
    expect(found).toMatchObject({ dj_name: 'DJ Someone', discord_id: '123456789012345678', created_at: row.created_at });
  });

  test('a transaction that fails midway leaves nothing behind', async () => {
    const first = djRow('223456789012345678');
    await expect(
      app.ctx.store.db.transaction().execute(async (trx) => {
        await trx.insertInto('djs').values(first).execute();
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const count = await app.ctx.store.db.selectFrom('djs').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  test('a duplicate Discord ID becomes a typed UniqueViolation', async () => {
    await app.ctx.store.db.insertInto('djs').values(djRow('323456789012345678')).execute();
    const second = withDbErrors(() => app.ctx.store.db.insertInto('djs').values(djRow('323456789012345678')).execute());
    await expect(second).rejects.toBeInstanceOf(UniqueViolation);
  });

  test('DJs without a Discord ID do not collide', async () => {
    await app.ctx.store.db.insertInto('djs').values([djRow(null), djRow(null)]).execute();
  });

  test('an unknown API path is a JSON 404', async () => {
    // Spelled by hand on purpose: no contract has this path.
    const response = await app.request('GET', '/api/does-not-exist');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ code: 'not_found', message: 'Not found.' });
  });
});
