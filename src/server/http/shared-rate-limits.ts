import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';
import pg from 'pg';

// Several app instances on one PostgreSQL database allow a rate limit's `max` together, not
// each: the counters live in the rate_limits table (migration 080), one fixed window per route
// and key, counted in one statement on the database's clock so instances agree. Every route's
// `rateLimit` config uses this store once app.ts registers the plugin with it.
//
// The counters are written on a small pool of their own: a counter is not data, so it must not
// move the data version that the read caches watch (db/open.ts), as writes through the store do.

const COUNT = `
  insert into rate_limits as r (key, count, reset_at)
  values ($1, 1, (extract(epoch from clock_timestamp()) * 1000)::bigint + $2)
  on conflict (key) do update set
    count = case when r.reset_at <= (extract(epoch from clock_timestamp()) * 1000)::bigint then 1 else r.count + 1 end,
    reset_at = case when r.reset_at <= (extract(epoch from clock_timestamp()) * 1000)::bigint then excluded.reset_at else r.reset_at end
  returning count, reset_at - (extract(epoch from clock_timestamp()) * 1000)::bigint as ttl`;

const PURGE = 'delete from rate_limits where reset_at < (extract(epoch from clock_timestamp()) * 1000)::bigint';

/** How often windows that have ended are deleted. */
const PURGE_EVERY_MS = 10 * 60_000;

export interface SharedRateLimits {
  /** The store class for @fastify/rate-limit's `store` option. */
  Store: new (options: FastifyRateLimitOptions) => FastifyRateLimitStore;
  close(): Promise<void>;
}

export function sharedRateLimits(databaseUrl: string): SharedRateLimits {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4, connectionTimeoutMillis: 10_000 });
  // An idle client's error (the server restarting) must not crash the process.
  pool.on('error', () => {});
  const purge = setInterval(() => pool.query(PURGE).catch(() => {}), PURGE_EVERY_MS);
  purge.unref();

  class DatabaseStore implements FastifyRateLimitStore {
    /** `prefix`: the route ('POST /api/signup|'), as the plugin's own stores keep a window per route. */
    constructor(
      _options?: FastifyRateLimitOptions,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      pool.query<{ count: number; ttl: string }>({ name: 'rate_limit_count', text: COUNT, values: [`${this.prefix}${key}`, timeWindow] }).then(
        ({ rows: [row] }) => callback(null, { current: Number(row!.count), ttl: Math.max(0, Number(row!.ttl)) }),
        (error: Error) => callback(error),
      );
    }

    child(options: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The plugin passes the route's merged limit options, the route under `routeInfo` (its types say otherwise).
      const { method = '', url = '' } = (options as unknown as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
      return new DatabaseStore(undefined, `${[method].flat().join(',')} ${url}|`);
    }
  }

  return {
    Store: DatabaseStore,
    close: async () => {
      clearInterval(purge);
      await pool.end();
    },
  };
}
