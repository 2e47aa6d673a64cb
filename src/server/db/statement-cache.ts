import type { Database as SqliteConnection, Statement } from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

export interface CachingSqlite extends SqliteDatabase {
  /** Differs from any earlier value once anything was written, by this connection or another. */
  dataVersion(): string;
}

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
  const otherCommits = database.prepare('pragma data_version').pluck();

  const counted = (statement: Statement): SqliteStatement =>
    statement.readonly
      ? statement
      : {
          reader: statement.reader,
          all: (parameters) => tally(statement.all(parameters)),
          run: (parameters) => tally(statement.run(parameters)),
          iterate: (parameters) => tally(statement.iterate(parameters)),
        };
  const tally = <T>(result: T): T => {
    writes += 1;
    return result;
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
        statement = counted(database.prepare(sql));
        if (cache.size >= capacity) cache.delete(cache.keys().next().value!);
      }
      cache.set(sql, statement);
      return statement;
    },
    dataVersion: () => `${otherCommits.get() as number}:${writes}`,
  };
}
