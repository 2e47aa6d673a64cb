import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { preparingPool } from './prepared-pg.js';

// PostgreSQL only: a throwaway pool of one connection, so pg_prepared_statements (per session)
// shows what that connection holds.
describe.skipIf(!process.env.TEST_DATABASE_URL)('preparingPool', () => {
  let db: Kysely<unknown>;
  beforeEach(() => {
    const pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 1 });
    db = new Kysely({ dialect: new PostgresDialect({ pool: preparingPool(pool, { capacity: 1 }) }) });
  });
  afterEach(() => db.destroy());

  const prepared = async () =>
    (await sql<{ statement: string }>`select statement from pg_prepared_statements order by prepare_time`.execute(db)).rows.map((row) => row.statement);

  it('prepares a text with parameters once per connection, and answers each call with its own values', async () => {
    expect((await sql<{ n: number }>`select ${1}::int + 1 as n`.execute(db)).rows).toEqual([{ n: 2 }]);
    expect((await sql<{ n: number }>`select ${41}::int + 1 as n`.execute(db)).rows).toEqual([{ n: 42 }]);
    expect(await prepared()).toEqual(['select $1::int + 1 as n']);
  });

  it('runs texts beyond its capacity unnamed, and queries without parameters on the simple protocol', async () => {
    await sql`select ${1}::int as first`.execute(db);
    expect((await sql<{ second: string }>`select ${'b'}::text as second`.execute(db)).rows).toEqual([{ second: 'b' }]);
    // Several statements in one text work only on the simple protocol.
    await sql`select 1; select 2`.execute(db);
    expect(await prepared()).toEqual(['select $1::int as first']);
  });

  it('keeps working in a transaction, and a failed statement leaves the connection usable', async () => {
    await expect(sql`select ${1}::int / 0`.execute(db)).rejects.toThrow(/division by zero/);
    const n = await db.transaction().execute(async (trx) => (await sql<{ n: number }>`select ${1}::int / 1 as n`.execute(trx)).rows[0]!.n);
    expect(n).toBe(1);
  });

  it('does not take a transaction for committed when a statement in it failed, even if its error was swallowed', async () => {
    await sql`create temporary table kept (n int)`.execute(db);
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`insert into kept values (${1}::int)`.execute(trx);
        await sql`select ${1}::int / 0`.execute(trx).catch(() => {});
      }),
    ).rejects.toMatchObject({ code: '25P02', message: 'The transaction was rolled back: one of its statements had failed.' });
    expect((await sql<{ n: number }>`select count(*)::int as n from kept`.execute(db)).rows).toEqual([{ n: 0 }]);
  });
});
