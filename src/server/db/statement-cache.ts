import type { Database as SqliteConnection, Statement } from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

export interface CachingSqlite extends SqliteDatabase {
  /** Differs from any earlier value once anything was written, by this connection or another. */
  dataVersion(): string;
  /**
   * Differs from any earlier value once what the event page shows of DJs may have changed: a DJ
   * row, a play, an event's name or start, an event added or deleted (by this connection), or
   * anything written by another connection.
   */
  djDetailsVersion(): string;
  /** True while a transaction is open on the connection. */
  inTransaction(): boolean;
}

/**
 * Writes that can change a DJ's details or other events (djs/plays.ts): to djs or dj_plays, and to
 * events except updates that set neither name nor start (a save's version bump, a preflight tick).
 * Also the bench's ceiling's (scripts/bench/ceiling/sqlite.ts).
 */
export const changesDjDetails = (sql: string) =>
  /^(insert into|delete from|update) "(djs|dj_plays)"/.test(sql) ||
  /^(insert into|delete from) "events"/.test(sql) ||
  (/^update "events" set/.test(sql) && /"(name|start_at)" = /.test(sql.slice(0, sql.indexOf(' where '))));

/**
 * What Kysely's SQLite dialect is given instead of the raw connection:
 * - Statements are cached per SQL text (least recently used evicted): the dialect prepares every
 *   query anew, and preparing costs about as much as running a small query. Safe because it runs
 *   each statement to completion with all() or run() before the next one starts (one connection
 *   behind a mutex); we never stream. SQLite re-prepares a cached statement if the schema changes.
 * - Writes are counted, so read caches can tell when data may have changed (dataVersion): this
 *   connection's writes by the count, other connections' commits by `pragma data_version`.
 */
export function cachingStatements(database: SqliteConnection, capacity = 200): CachingSqlite {
  const cache = new Map<string, SqliteStatement>();
  let writes = 0;
  let djDetailWrites = 0;
  const otherCommits = database.prepare('pragma data_version').pluck();

  const counted = (statement: Statement, sql: string): SqliteStatement => {
    if (statement.readonly) return statement;
    const djDetails = changesDjDetails(sql.trimStart());
    // Counted before running: a statement that fails half way may still have written.
    const tally = <T>(run: () => T): T => {
      writes += 1;
      if (djDetails) djDetailWrites += 1;
      return run();
    };
    return {
      reader: statement.reader,
      all: (parameters) => tally(() => statement.all(parameters)),
      run: (parameters) => tally(() => statement.run(parameters)),
      iterate: (parameters) => tally(() => statement.iterate(parameters)),
    };
  };

  return {
    close: () => {
      cache.clear();
      database.close();
    },
    prepare(sql) {
      let statement = cache.get(sql);
      if (statement) {
        // Re-insert so the Map's order stays least recently used first.
        cache.delete(sql);
      } else {
        statement = counted(database.prepare(sql), sql);
        if (cache.size >= capacity) cache.delete(cache.keys().next().value!);
      }
      cache.set(sql, statement);
      return statement;
    },
    dataVersion: () => `${otherCommits.get() as number}:${writes}`,
    djDetailsVersion: () => `${otherCommits.get() as number}:${djDetailWrites}`,
    inTransaction: () => database.inTransaction,
  };
}
