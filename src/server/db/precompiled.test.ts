import { sql } from 'kysely';
import { startTestApp, type TestApp, testDialects } from '../testing/harness.js';
import { precompiled } from './precompiled.js';

// A precompiled query must answer exactly what the same query built on each call answers, with
// every call's own values, on both databases.

const insertSetting = precompiled((db, values: { key: string; value: string }) =>
  db.insertInto('settings').values({ key: values.key, value: values.value, updated_at: 0 }),
);
// The same value twice, and a constant ('%') the query keeps.
const findSettings = precompiled((db, { prefix }: { prefix: string }) =>
  db
    .selectFrom('settings')
    .select(['key', 'value'])
    .where((eb) => eb.or([eb('key', '=', prefix), eb('key', 'like', sql<string>`${prefix} || ${'%'}`)]))
    .orderBy('key'),
);

describe.each(testDialects)('precompiled queries on %s', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect);
  });
  afterAll(() => app.stop());

  it("runs with each call's values and answers what the query built on each call answers", async () => {
    const { db } = app.ctx.store;
    await insertSetting(db, { key: 'bench.a', value: 'one' });
    await insertSetting(db, { key: 'bench.b', value: 'two' });
    await insertSetting(db, { key: 'other', value: 'three' });

    const built = await db.selectFrom('settings').select(['key', 'value']).where('key', 'like', 'bench.%').orderBy('key').execute();
    expect((await findSettings(db, { prefix: 'bench.' })).rows).toEqual(built);
    expect((await findSettings(db, { prefix: 'other' })).rows).toEqual([{ key: 'other', value: 'three' }]);
    expect((await findSettings(db, { prefix: 'none' })).rows).toEqual([]);
  });

  it('runs inside a transaction, and its writes roll back with it', async () => {
    const { db } = app.ctx.store;
    await expect(
      db.transaction().execute(async (trx) => {
        await insertSetting(trx, { key: 'rolled.back', value: 'x' });
        expect((await findSettings(trx, { prefix: 'rolled.back' })).rows).toHaveLength(1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await findSettings(db, { prefix: 'rolled.back' })).rows).toEqual([]);
  });

  it('refuses a query that transforms or branches on a value instead of passing it through', async () => {
    const transformed = precompiled((db, { key }: { key: string }) => db.selectFrom('settings').selectAll().where('key', '=', key.toUpperCase()));
    await expect(transformed(app.ctx.store.db, { key: 'a' })).rejects.toThrow('key must be passed to the query as they are');
  });
});
