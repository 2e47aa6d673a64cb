import type { CompiledQuery, Kysely, QueryResult } from 'kysely';
import type { Database } from './schema.js';
import type { OpenTransaction } from './group-commit.js';
import type { CachingSqlite } from './statement-cache.js';

// Precompiled queries (db/precompiled.ts) on SQLite skip Kysely's executor: its promise chain per
// statement cost more than the statement itself on the hot paths (session lookup, signup intake),
// and in a burst every waiting request woke at each statement of the one holding the connection.
// They run the SQL Kysely compiled for them, once, as Kysely's own SQLite driver would
// (docs/decisions/018-group-commit-on-sqlite.md).

/** The store's connection behind its Kysely instance (db/open.ts). */
const connections = new WeakMap<Kysely<Database>, CachingSqlite>();

export function runPrecompiledDirectly(db: Kysely<Database>, connection: CachingSqlite): void {
  connections.set(db, connection);
}

/** A transaction in which only precompiled queries run, straight on the connection. */
export class DirectSqliteTransaction {
  #open = true;

  constructor(
    /** Compiles the precompiled queries (with SQLite's compiler); never runs them. */
    readonly compiler: Kysely<Database>,
    private readonly connection: CachingSqlite,
  ) {}

  /** The connection, while the transaction lasts: a statement kept past its end must not run in whatever comes next. */
  get openConnection(): CachingSqlite {
    if (!this.#open) throw new Error('This transaction has ended.');
    return this.connection;
  }

  end(): void {
    this.#open = false;
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
export function directSqliteTransaction(db: Kysely<Database>, connection: CachingSqlite): OpenTransaction<DirectSqliteTransaction> {
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
