import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/**
 * What Kysely's PostgreSQL dialect is given instead of the pool: each SQL text with parameters
 * runs as a named prepared statement, so a connection parses and analyses it once rather than on
 * every call (pg keeps, per connection, which names it has prepared). The PostgreSQL counterpart
 * of SQLite's statement cache (statement-cache.ts).
 *
 * Names are handed out per text, for the process, up to `capacity` texts; later texts run
 * unnamed, so each connection holds at most `capacity` statements on the server. A text keeps its
 * name for good (pg refuses one name for two texts). Queries without parameters (transaction
 * control, the migrations' DDL) stay on the simple protocol, which also allows several statements.
 */
export function preparingPool(pool: pg.Pool, capacity = 200): PostgresPool {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (name === undefined && names.size < capacity) {
      name = `lineup_${names.size + 1}`;
      names.set(text, name);
    }
    return name;
  };

  // Only the (text, parameters) form: the dialect has no cursor configured, so Kysely never
  // passes one (streaming fails before it reaches the client).
  const query = (client: pg.PoolClient, text: string, parameters: readonly unknown[]) => {
    const name = parameters.length > 0 ? nameOf(text) : undefined;
    return client.query({ text, values: [...parameters], ...(name ? { name } : {}) });
  };
  const preparing = (client: pg.PoolClient) =>
    ({
      query: (text: string, parameters: readonly unknown[]) => query(client, text, parameters),
      release: () => client.release(),
    }) as unknown as PostgresPoolClient;

  return {
    connect: async () => preparing(await pool.connect()),
    end: () => pool.end(),
  };
}
