import type { CompiledQuery, Kysely, PostgresPool, PostgresPoolClient, QueryResult } from 'kysely';
import type { Database } from './schema.js';
import type { OpenTransaction } from './group-commit.js';
import type { CachingSqlite } from './statement-cache.js';

// Precompiled queries (db/precompiled.ts) in a group commit (group-commit.ts), and on SQLite outside
// any transaction, skip Kysely's executor: its promise chain per statement cost more than the
// statement itself on the hot paths (session lookup, signup intake), and in a burst on SQLite every
// waiting request woke at each statement of the one holding the connection. They run the SQL
// Kysely compiled for them, once, as Kysely's own drivers would
// (docs/decisions/018-group-commit-on-sqlite.md).

/** The store's connection behind its Kysely instance (db/open.ts). */
const connections = new WeakMap<Kysely<Database>, CachingSqlite>();

export function runPrecompiledDirectly(db: Kysely<Database>, connection: CachingSqlite): void {
  connections.set(db, connection);
}

/**
 * A transaction in which only precompiled queries run, on the database driver itself rather than
 * through Kysely's executor (each statement a chain of promises that cost more than a small
 * statement does). Kysely only compiles their SQL, once.
 */
export abstract class DirectTransaction {
  #open = true;

  constructor(readonly compiler: Kysely<Database>) {}

  protected abstract execute<R>(query: CompiledQuery<R>): QueryResult<R> | Promise<QueryResult<R>>;

  run<R>(query: CompiledQuery<R>): QueryResult<R> | Promise<QueryResult<R>> {
    // A statement kept past the transaction's end must not run in whatever comes next.
    if (!this.#open) throw new Error('This transaction has ended.');
    return this.execute(query);
  }

  end(): void {
    this.#open = false;
  }
}

class DirectSqliteTransaction extends DirectTransaction {
  constructor(
    compiler: Kysely<Database>,
    private readonly connection: CachingSqlite,
  ) {
    super(compiler);
  }

  protected execute<R>(query: CompiledQuery<R>): QueryResult<R> {
    return runOn(this.connection, query);
  }
}

/** On PostgreSQL: a connection of the pool that names prepared statements (prepared-pg.ts). */
class DirectPostgresTransaction extends DirectTransaction {
  constructor(
    compiler: Kysely<Database>,
    private readonly client: PostgresPoolClient,
  ) {
    super(compiler);
  }

  protected async execute<R>(query: CompiledQuery<R>): Promise<QueryResult<R>> {
    const { command, rowCount, rows } = await this.client.query<R>(query.sql, [...query.parameters]);
    const wrote = command === 'INSERT' || command === 'UPDATE' || command === 'DELETE';
    return { rows: rows ?? [], ...(wrote && { numAffectedRows: BigInt(rowCount ?? 0) }) };
  }
}

/**
 * The connection a query for `db` may run on at once: a statement run synchronously cannot
 * interleave with anything, unless a transaction is open on the connection (awaiting between its
 * statements), which must not see it. Kysely's own transactions are other instances: never direct.
 */
export function idleConnection(db: Kysely<Database>): CachingSqlite | undefined {
  const connection = connections.get(db);
  return connection && !connection.inTransaction() ? connection : undefined;
}

export function runOn<R>(connection: CachingSqlite, query: CompiledQuery<R>): QueryResult<R> {
  const statement = connection.prepare(query.sql);
  if (statement.reader) return { rows: statement.all(query.parameters) as R[] };
  const { changes } = statement.run(query.parameters);
  return { numAffectedRows: BigInt(changes), rows: [] };
}

/**
 * Runs `work` in one transaction on the store's SQLite connection, straight on it. Kysely's hold
 * on the connection is kept throughout, so no other query runs inside the transaction; `work` may
 * await only its own statements, which answer at once, so it takes no turn of the event loop.
 */
export function directSqliteTransaction(db: Kysely<Database>): OpenTransaction<DirectTransaction> {
  const connection = connections.get(db)!;
  const run = (sql: string) => connection.prepare(sql).run([]);
  return (work) =>
    db.connection().execute(async () => {
      // Immediate: the write lock is taken (or waited for, up to the busy timeout) before the first
      // read, so another process's commit cannot fail the transaction when it first writes.
      run('begin immediate');
      const trx = new DirectSqliteTransaction(db, connection);
      try {
        const result = await work(trx, async (sql) => void run(sql));
        run('commit');
        return result;
      } catch (error) {
        // A failed commit or statement may have ended the transaction already.
        if (connection.inTransaction()) run('rollback');
        throw error;
      } finally {
        trx.end();
      }
    });
}

/** Runs `work` in one transaction on a connection of the store's PostgreSQL pool. */
export function directPostgresTransaction(db: Kysely<Database>, pool: PostgresPool): OpenTransaction<DirectTransaction> {
  return async (work) => {
    const client = await pool.connect();
    const trx = new DirectPostgresTransaction(db, client);
    const statement = async (sql: string) => void (await client.query(sql, []));
    try {
      await statement('begin');
      try {
        const result = await work(trx, statement);
        await statement('commit');
        return result;
      } catch (error) {
        await statement('rollback').catch(() => {});
        throw error;
      }
    } finally {
      trx.end();
      client.release();
    }
  };
}
