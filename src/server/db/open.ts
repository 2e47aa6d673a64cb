import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, type MigrationProvider, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { migrationProvider } from './migrations/index.js';
import { cachingStatements } from './statement-cache.js';
import { directSqliteTransaction, runPrecompiledDirectly } from './direct.js';
import { groupCommits, rerunAroundFailure, savepointEach } from './group-commit.js';
import type { QueryTarget } from './precompiled.js';
import { DATA_CHANGED_CHANNEL } from './migrations/073-data-change-notices.js';
import { listenForNotices, type NoticeListener } from './notices-pg.js';
import { preparingPool } from './prepared-pg.js';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Store {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The PostgreSQL connection string, for the LISTEN connection of the change bus. */
  databaseUrl?: string;
  /**
   * Runs `work`, whose statements are all precompiled (db/precompiled.ts), all or nothing, for
   * the hot write paths, committed together with the others for the same `key` (what the work
   * locks) that arrive at the same moment (db/group-commit.ts); on SQLite straight on the
   * connection (db/direct.ts). A work returns its refusals: a throw costs its group a rerun.
   */
  groupCommit<T>(key: string, work: (trx: QueryTarget) => Promise<T>): Promise<T>;
  /** The SQLite file, for backups. */
  file?: string;
  /**
   * A value that changes whenever stored data may have changed, whoever wrote it (see
   * db/read-cache.ts): SQLite's data version and this connection's write count; on PostgreSQL
   * a count of this process's writes and of other connections' commit notices (migration 073),
   * or the server's snapshot while those are not heard.
   */
  dataVersion?: () => string | Promise<string>;
  /** PostgreSQL's notices, heard on one connection (notices-pg.ts). */
  notices?: NoticeListener;
  /** Changes whenever what the event page shows of DJs may have changed (db/statement-cache.ts); SQLite only. */
  djDetailsVersion?: () => string;
  /**
   * Refreshes the query planner's statistics where they are stale (SQLite's `pragma optimize`):
   * without them SQLite walks a whole index for some ordered reads (every past event for the home
   * page) as the tables grow. Run when the store opens and then on a schedule. SQLite only.
   */
  optimize?: () => void;
  close(): Promise<void>;
}

/** A start-up problem that names the variable to fix. */
export class StorageStartError extends Error {}

// bigint (int8) comes back as a string from pg; our int8 columns hold epoch milliseconds and
// counts, all far below 2^53, so numbers are safe and match what SQLite returns.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

export function sqliteFile(dataDir: string): string {
  return path.resolve(dataDir, 'lineup.db');
}

/** Where migrating says what it does: the server's logger; the command-line tools print it. */
export interface MigrationLog {
  info(fields: object, message: string): void;
}

/**
 * `instance`: the store of an app instance serving requests (start.ts), which other instances on
 * the same PostgreSQL database count (notices-pg.ts); commands and tools leave it out.
 */
export async function openStore(options: { dataDir: string; databaseUrl?: string; log?: MigrationLog; instance?: boolean }): Promise<Store> {
  const store = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options.instance ?? false)
    : openSqlite(options.dataDir);
  try {
    await migrate(store, options.log);
  } catch (error) {
    await store.close();
    throw error;
  }
  store.optimize?.();
  return store;
}

function openSqlite(dataDir: string): Store {
  const dir = path.resolve(dataDir);
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.accessSync(dir, fs.constants.W_OK);
  } catch (error) {
    throw new StorageStartError(`DATA_DIR: cannot write to ${dir} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  const file = sqliteFile(dir);
  let database: SQLite.Database;
  try {
    database = new SQLite(file);
  } catch (error) {
    throw new StorageStartError(`DATA_DIR: cannot open ${file} (${(error as Error).message})`);
  }
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  // NORMAL is durable across process crashes in WAL mode (only an OS crash can lose the last commits).
  database.pragma('synchronous = NORMAL');
  // A 64 MiB page cache (SQLite's default is 2 MiB): the pages a week's staff screens read (the
  // busy events' signups, their DJs and plays) outgrow 2 MiB as the series grows, and every page
  // not in the cache is a read from the operating system.
  database.pragma('cache_size = -65536');
  return sqliteStore(database, file);
}

/** The store on an open SQLite connection (exported for the bench's check of the statements sent). */
export function sqliteStore(database: SQLite.Database, file?: string): Store {
  const connection = cachingStatements(database);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: connection }) });
  runPrecompiledDirectly(db, connection);
  // 0x10002 on the first run: analyse every table that needs it, as SQLite advises for a connection
  // that lives long; later runs only redo what changed enough. analysis_limit keeps each one short.
  database.pragma('analysis_limit = 1000');
  let optimized = false;
  const optimize = () => {
    database.pragma(optimized ? 'optimize' : 'optimize = 0x10002');
    optimized = true;
  };
  return {
    db,
    dialect: 'sqlite',
    groupCommit: groupCommits(savepointEach(directSqliteTransaction(db, connection))),
    file,
    optimize,
    dataVersion: () => connection.dataVersion(),
    djDetailsVersion: () => connection.djDetailsVersion(),
    close: () => db.destroy(),
  };
}

async function openPostgres(databaseUrl: string, instance: boolean): Promise<Store> {
  // pg-pool applies connectionTimeoutMillis to waiting for a free connection too, not only to
  // connecting: a burst of DJ signups queues behind the event row's lock (signup/service.ts), so
  // the wait must outlast a burst on a busy machine, and still end before the request timeout.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, connectionTimeoutMillis: 20_000 });
  // An idle client's error (e.g. the server restarting) must not crash the process.
  pool.on('error', () => {});
  // This process's own commits are counted as they end (preparingPool's `wrote`), so their
  // notices, from its own connections' server processes, are not counted twice.
  const ownBackends = new Set<number>();
  pool.on('connect', (client) => ownBackends.add(backendOf(client)));
  pool.on('remove', (client) => ownBackends.delete(backendOf(client)));
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    await pool.end().catch(() => {});
    throw new StorageStartError(`DATABASE_URL: cannot connect (${describe(error)})`);
  }
  const notices = await listenForNotices(databaseUrl, { instance });
  // Moved by this process's writes once they are visible, and by other connections' commits.
  let changes = 0;
  await notices.listen(DATA_CHANGED_CHANNEL, (_payload, from) => {
    if (!ownBackends.has(from)) changes += 1;
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool, { wrote: () => (changes += 1) }) }) });
  const dataVersion = () => {
    const session = notices.session();
    return session === null ? snapshotOf(pool) : `${session}:${changes}`;
  };
  const close = async () => {
    await notices.close();
    await db.destroy();
  };
  const groupCommit = groupCommits(rerunAroundFailure<QueryTarget>((work) => db.transaction().execute(work)));
  return { db, dialect: 'postgres', groupCommit, databaseUrl, notices, dataVersion, close };
}

/** The server process behind a connection: what PostgreSQL names as a notice's sender. */
const backendOf = (client: pg.PoolClient) => (client as unknown as { processID: number }).processID;

/**
 * The data version while commit notices are not heard (notices-pg.ts): the server's current
 * snapshot ("xmin:xmax:in-progress ids"), what any query would see. It
 * changes when any write transaction commits (xmax passes it, or it leaves the in-progress list),
 * through this process or any other app instance, and never otherwise: two equal snapshots see
 * the same committed data. Reads assign no transaction id, so they leave it alone; no write has
 * to bump anything, so writers never wait on a shared row.
 */
async function snapshotOf(pool: pg.Pool): Promise<string> {
  const result = await pool.query<{ snapshot: string }>({ name: 'data_version', text: 'select pg_current_snapshot()::text as snapshot' });
  return result.rows[0]!.snapshot;
}

function describe(error: unknown): string {
  const e = error as { code?: string; message?: string };
  return [e.code, e.message].filter(Boolean).join(': ') || 'unknown error';
}

/**
 * Applies the migrations this version has and the database has not, each logged as it starts and
 * all of them once done (an upgrade's log says what it changed). A database that a newer version
 * migrated is refused with what to do: this version would not know its tables.
 */
async function migrate(store: Store, log: MigrationLog | undefined): Promise<void> {
  const migrator = new Migrator({ db: store.db, provider: loggedMigrations(log) });
  const { error, results = [] } = await migrator.migrateToLatest();
  const where = store.dialect === 'sqlite' ? `DATA_DIR: the database ${store.file}` : 'DATABASE_URL: the database';
  if (error) {
    const message = error instanceof Error ? error.message : String(error);
    const unknown = /previously executed migration (\S+) is missing/.exec(message)?.[1];
    if (unknown) {
      throw new StorageStartError(
        `${where} was migrated by a newer version of Lineup (its migration ${unknown} is unknown to this one): start the newer version, or restore the backup taken before the upgrade`,
      );
    }
    const failed = results.find((result) => result.status === 'Error')?.migrationName;
    if (!failed) throw error instanceof Error ? error : new Error(message);
    const kept = store.dialect === 'postgres' ? 'nothing was changed' : 'migrations before it stay applied';
    throw new StorageStartError(`${where}: migration ${failed} failed (${message}); ${kept}. Restore the backup taken before the upgrade to go back`);
  }
  const applied = results.filter((result) => result.status === 'Success').map((result) => result.migrationName);
  if (applied.length > 0) log?.info({ migrations: applied }, `database migrated: ${applied.length === 1 ? '1 migration' : `${applied.length} migrations`} applied (${applied.join(', ')})`);
}

function loggedMigrations(log: MigrationLog | undefined): MigrationProvider {
  return {
    async getMigrations() {
      const migrations = await migrationProvider.getMigrations();
      return Object.fromEntries(
        Object.entries(migrations).map(([name, migration]) => [
          name,
          {
            ...migration,
            async up(db: Kysely<unknown>) {
              log?.info({ migration: name }, `applying database migration ${name}`);
              await migration.up(db);
            },
          },
        ]),
      );
    },
  };
}

/** True once the database answers a trivial query. */
export async function ping(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
