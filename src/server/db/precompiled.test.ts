import { sql } from 'kysely';
import { startTestApp, type TestApp, testDialects } from '../testing/harness.js';
import { precompiled, type QueryTarget } from './precompiled.js';

// A precompiled query must answer exactly what the same query built on each call answers, with
// every call's own values, on both databases; on SQLite it runs straight on the connection
// (db/direct.ts), which must keep transactions as whole as Kysely's do.

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

  it("commits a group commit's writes together, and rolls all of them back when it throws", async () => {
    const { store } = app.ctx;
    await store.groupCommit('settings', async (trx) => {
      await insertSetting(trx, { key: 'together.a', value: 'one' });
      expect((await findSettings(trx, { prefix: 'together.' })).rows).toHaveLength(1);
      await insertSetting(trx, { key: 'together.b', value: 'two' });
    });
    expect((await findSettings(store.db, { prefix: 'together.' })).rows.map((row) => row.key)).toEqual(['together.a', 'together.b']);

    await expect(
      store.groupCommit('settings', async (trx) => {
        await insertSetting(trx, { key: 'undone.a', value: 'one' });
        await insertSetting(trx, { key: 'together.a', value: 'a duplicate key' });
      }),
    ).rejects.toMatchObject({ code: dialect === 'sqlite' ? 'SQLITE_CONSTRAINT_PRIMARYKEY' : '23505' });
    expect((await findSettings(store.db, { prefix: 'undone.' })).rows).toEqual([]);
    // The connection is usable again, by both kinds of transaction.
    await store.groupCommit('settings', (trx) => insertSetting(trx, { key: 'after.a', value: 'x' }));
    await store.db.transaction().execute((trx) => insertSetting(trx, { key: 'after.b', value: 'x' }));
    expect((await findSettings(store.db, { prefix: 'after.' })).rows).toHaveLength(2);
  });

  it('keeps each of several works submitted at once all or nothing: one failing half way leaves the others committed', async () => {
    const { store } = app.ctx;
    await insertSetting(store.db, { key: 'taken', value: 'x' });
    const outcomes = await Promise.allSettled([
      store.groupCommit('settings', (trx) => insertSetting(trx, { key: 'group.a', value: 'x' })),
      store.groupCommit('settings', async (trx) => {
        await insertSetting(trx, { key: 'group.half', value: 'x' });
        await insertSetting(trx, { key: 'taken', value: 'a duplicate key' });
      }),
      store.groupCommit('settings', async (trx) => {
        // Sees what the works before it wrote, as if they had committed first.
        const before = await findSettings(trx, { prefix: 'group.' });
        await insertSetting(trx, { key: 'group.c', value: String(before.rows.length) });
        return before.rows.map((row) => row.key);
      }),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(outcomes[2]).toEqual({ status: 'fulfilled', value: ['group.a'] });
    expect((await findSettings(store.db, { prefix: 'group.' })).rows).toEqual([
      { key: 'group.a', value: 'x' },
      { key: 'group.c', value: '1' },
    ]);
  });

  it('answers each work of a group on its own when several fail, first and last included, and keeps only what the others wrote', async () => {
    const { store } = app.ctx;
    await insertSetting(store.db, { key: 'many.taken', value: 'x' });
    const refusal = new Error('refused after writing');
    const outcomes = await Promise.allSettled([
      store.groupCommit('settings', async (trx) => {
        await insertSetting(trx, { key: 'many.first', value: 'x' });
        throw refusal;
      }),
      store.groupCommit('settings', (trx) => insertSetting(trx, { key: 'many.a', value: 'x' })),
      store.groupCommit('settings', (trx) => insertSetting(trx, { key: 'many.taken', value: 'a duplicate key' })),
      store.groupCommit('settings', async (trx) => {
        const before = await findSettings(trx, { prefix: 'many.' });
        await insertSetting(trx, { key: 'many.b', value: String(before.rows.length) });
      }),
      store.groupCommit('settings', async (trx) => {
        await insertSetting(trx, { key: 'many.last', value: 'x' });
        throw refusal;
      }),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'fulfilled', 'rejected', 'fulfilled', 'rejected']);
    expect(outcomes[0]).toEqual({ status: 'rejected', reason: refusal });
    expect(outcomes[2]).toMatchObject({ reason: { code: dialect === 'sqlite' ? 'SQLITE_CONSTRAINT_PRIMARYKEY' : '23505' } });
    // many.b saw many.taken and many.a: the works before it, as if they had committed first.
    expect((await findSettings(store.db, { prefix: 'many.' })).rows).toEqual([
      { key: 'many.a', value: 'x' },
      { key: 'many.b', value: '2' },
      { key: 'many.taken', value: 'x' },
    ]);
  });

  it('groups only the works with the same key: a group that fails does not run another key’s works again', async () => {
    const { store } = app.ctx;
    let runs = 0;
    const outcomes = await Promise.allSettled([
      store.groupCommit('other', async (trx) => {
        runs += 1;
        await insertSetting(trx, { key: 'keyed.other', value: 'x' });
      }),
      store.groupCommit('settings', async (trx) => {
        await insertSetting(trx, { key: 'keyed.failing', value: 'x' });
        throw new Error('fails');
      }),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected']);
    expect(runs).toBe(1);
    expect((await findSettings(store.db, { prefix: 'keyed.' })).rows.map((row) => row.key)).toEqual(['keyed.other']);
  });

  it('refuses a statement through a transaction that has ended, instead of running it in whatever comes next', async () => {
    let kept!: QueryTarget;
    await app.ctx.store.groupCommit('settings', async (trx) => {
      kept = trx;
      await insertSetting(trx, { key: 'kept', value: 'x' });
    });
    await expect(insertSetting(kept, { key: 'kept.later', value: 'x' })).rejects.toThrow();
    expect((await findSettings(app.ctx.store.db, { prefix: 'kept.' })).rows).toEqual([]);
  });

  it("keeps other queries out of a transaction in progress: they neither see its writes nor join it", async () => {
    const { store } = app.ctx;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inside!: () => void;
    const started = new Promise<void>((resolve) => (inside = resolve));
    // A transaction that waits, with an uncommitted write, while other queries arrive.
    const kyselyTransaction = store.db.transaction().execute(async (trx) => {
      await insertSetting(trx, { key: 'pending.kysely', value: 'x' });
      inside();
      await held;
      throw new Error('roll back');
    });
    await started;
    const reads = Promise.all([findSettings(store.db, { prefix: 'pending.' }), store.db.selectFrom('settings').select('key').where('key', 'like', 'pending.%').execute()]);
    const groupWrite = store.groupCommit('settings', (trx) => insertSetting(trx, { key: 'pending.precompiled', value: 'x' }));
    release();
    await expect(kyselyTransaction).rejects.toThrow('roll back');
    await groupWrite;
    const [precompiledRead, builtRead] = await reads;
    // Neither saw the transaction's write (nor joined it, or they would have). Whether they ran
    // before or after the group commit that came next is up to the pool on PostgreSQL.
    expect(precompiledRead.rows.map((row) => row.key)).not.toContain('pending.kysely');
    expect(builtRead.map((row) => row.key)).not.toContain('pending.kysely');
    expect((await findSettings(store.db, { prefix: 'pending.' })).rows.map((row) => row.key)).toEqual(['pending.precompiled']);

    // The other way round: queries started while a group commit is under way wait for it.
    let during!: Promise<unknown[]>;
    await expect(
      store.groupCommit('settings', async (trx) => {
        await insertSetting(trx, { key: 'pending.undone', value: 'x' });
        during = Promise.all([
          store.db.selectFrom('settings').select('key').where('key', '=', 'pending.undone').execute(),
          store.db.transaction().execute((other) => insertSetting(other, { key: 'pending.other', value: 'x' })),
        ]);
        await findSettings(trx, { prefix: 'pending.' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const [seen] = await during;
    expect(seen).toEqual([]);
    expect((await findSettings(store.db, { prefix: 'pending.' })).rows.map((row) => row.key)).toEqual(['pending.other', 'pending.precompiled']);
  });

  it('refuses a query that transforms or branches on a value instead of passing it through', async () => {
    const transformed = precompiled((db, { key }: { key: string }) => db.selectFrom('settings').selectAll().where('key', '=', key.toUpperCase()));
    await expect(transformed(app.ctx.store.db, { key: 'a' })).rejects.toThrow('key must be passed to the query as they are');
  });
});
