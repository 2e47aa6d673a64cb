import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';
import pg from 'pg';
import { RATE_LIMIT_COUNTS } from '../limits.js';

// Every route's `rateLimit` counts here (app.ts registers the plugin with this store): one fixed
// window per route and key (a client address, a DJ), as the plugin's own store keeps them, and a
// request over its route's `max` is refused (decision 037).
//
// - In memory, always first. A request that this instance already knows to be over its limit is
//   answered from memory and writes nothing, so a client flooding a route never reaches the
//   database, and never makes anyone else's count wait.
// - While this instance is the only one (always on SQLite; on PostgreSQL while it hears no other
//   instance, db/notices-pg.ts), memory is the count: a rate limit costs no statement.
// - While several instances share one PostgreSQL database, they allow each limit once together:
//   the count is the rate_limits table's (migration 080), one statement on the database's clock,
//   on a small pool of its own (a counter is not data: it must not move the data version that
//   the read caches watch, db/open.ts). When another instance appears, this one's windows are
//   added to the table first; when it is alone again, it takes the table's windows into memory.

const NOW_MS = '(extract(epoch from clock_timestamp()) * 1000)::bigint';

const COUNT = `
  insert into rate_limits as r (key, count, reset_at)
  values ($1, 1, ${NOW_MS} + $2)
  on conflict (key) do update set
    count = case when r.reset_at <= ${NOW_MS} then 1 else r.count + 1 end,
    reset_at = case when r.reset_at <= ${NOW_MS} then excluded.reset_at else r.reset_at end
  returning count, reset_at - ${NOW_MS} as ttl`;

/** This instance's windows added to the table's (a window of the table's that ended starts again from them). */
const ADD = `
  insert into rate_limits as r (key, count, reset_at)
  select key, count, ${NOW_MS} + ttl from unnest($1::text[], $2::int[], $3::bigint[]) as w(key, count, ttl)
  on conflict (key) do update set
    count = case when r.reset_at <= ${NOW_MS} then excluded.count else r.count + excluded.count end,
    reset_at = case when r.reset_at <= ${NOW_MS} then excluded.reset_at else r.reset_at end`;

const LIVE = `select key, count, reset_at - ${NOW_MS} as ttl from rate_limits where reset_at > ${NOW_MS}`;

const PURGE = `delete from rate_limits where reset_at < ${NOW_MS}`;

interface Window {
  count: number;
  resetAt: number;
}

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

type Counting = 'memory' | 'table';

export interface RateLimitCounts {
  /** The store class for @fastify/rate-limit's `store` option. */
  Store: new (options: FastifyRateLimitOptions) => FastifyRateLimitStore;
  /** Where the counts are now. */
  counting(): Counting;
  close(): Promise<void>;
}

/**
 * `shared`: on PostgreSQL, the database and how many other instances use it now (null while
 * that is not known: then the count is the table's). `changed` hears where the counts go.
 */
export function rateLimitCounts(
  shared?: { databaseUrl: string; otherInstances: () => number | null },
  changed: (counting: Counting) => void = () => {},
): RateLimitCounts {
  /** Each route's windows by key, the least recently used making room (as the plugin's own store). */
  const routes = new Map<string, Map<string, Window>>();
  const pool = shared && new pg.Pool({ connectionString: shared.databaseUrl, max: RATE_LIMIT_COUNTS.pool, connectionTimeoutMillis: 10_000 });
  // An idle client's error (the server restarting) must not crash the process.
  pool?.on('error', () => {});
  const purge = pool && setInterval(() => pool.query(PURGE).catch(() => {}), RATE_LIMIT_COUNTS.purgeEveryMs);
  purge?.unref();

  /** Whether the table is the count: several instances, or not known to be one. */
  let counting: Counting = pool ? 'table' : 'memory';
  /** This instance's windows on their way into the table: table counts wait for them. */
  let adding: Promise<unknown> = Promise.resolve();
  let taking = false;

  const everyWindow = function* () {
    for (const [prefix, windows] of routes) for (const [key, window] of windows) yield [`${prefix}${key}`, window] as const;
  };

  /** Follows the other instances: memory once this one is alone (after taking the table's windows), the table as soon as it is not. */
  const follow = () => {
    if (!pool || !shared) return;
    const alone = shared.otherInstances() === 0;
    if (alone && counting === 'table' && !taking) {
      taking = true;
      void takeTableWindows(pool)
        .then(() => {
          if (shared.otherInstances() !== 0) return;
          counting = 'memory';
          changed(counting);
        })
        .catch(() => {})
        .finally(() => (taking = false));
    } else if (!alone && counting === 'memory') {
      counting = 'table';
      adding = addWindows(pool).catch(() => {});
      changed(counting);
    }
  };
  // Also between requests, so that this instance's windows are in the table before a new instance counts there.
  const following = pool && setInterval(follow, RATE_LIMIT_COUNTS.followEveryMs);
  following?.unref();

  async function takeTableWindows(db: pg.Pool) {
    const { rows } = await db.query<{ key: string; count: number; ttl: string }>(LIVE);
    const now = Date.now();
    for (const row of rows) {
      const split = row.key.indexOf('|') + 1;
      const windows = routes.get(row.key.slice(0, split));
      if (!windows) continue;
      const key = row.key.slice(split);
      const own = windows.get(key);
      const count = Math.max(Number(row.count), own && own.resetAt > now ? own.count : 0);
      windows.set(key, { count, resetAt: now + Number(row.ttl) });
    }
  }

  async function addWindows(db: pg.Pool) {
    const now = Date.now();
    const live = [...everyWindow()].filter(([, window]) => window.resetAt > now && window.count > 0);
    if (live.length === 0) return;
    await db.query(ADD, [live.map(([key]) => key), live.map(([, w]) => w.count), live.map(([, w]) => w.resetAt - now)]);
  }

  class CountingStore implements FastifyRateLimitStore {
    private readonly windows: Map<string, Window>;

    /** `prefix`: the route ('POST /api/signup|'), as the plugin's own stores keep a window per route. */
    constructor(
      _options?: FastifyRateLimitOptions,
      private readonly prefix = '',
    ) {
      let windows = routes.get(prefix);
      if (!windows) routes.set(prefix, (windows = new Map()));
      this.windows = windows;
    }

    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      follow();
      const now = Date.now();
      const known = this.windows.get(key);
      const window = known && known.resetAt > now ? known : { count: 0, resetAt: now + timeWindow };
      // Already over its limit as far as this instance knows (the table's count only grows within a window): memory answers.
      if (counting === 'memory' || window.count >= max) {
        window.count += 1;
        this.keep(key, window);
        return callback(null, { current: window.count, ttl: window.resetAt - now });
      }
      adding
        .then(() => pool!.query<{ count: number; ttl: string }>({ name: 'rate_limit_count', text: COUNT, values: [`${this.prefix}${key}`, timeWindow] }))
        .then(
          ({ rows: [row] }) => {
            const counted = { count: Number(row!.count), resetAt: Date.now() + Math.max(0, Number(row!.ttl)) };
            this.keep(key, counted);
            callback(null, { current: counted.count, ttl: counted.resetAt - Date.now() });
          },
          (error: Error) => callback(error),
        );
    }

    private keep(key: string, window: Window) {
      this.windows.delete(key);
      this.windows.set(key, window);
      if (this.windows.size > RATE_LIMIT_COUNTS.windowsPerRoute) this.windows.delete(this.windows.keys().next().value!);
    }

    child(options: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The plugin passes the route's merged limit options, the route under `routeInfo` (its types say otherwise).
      const { method = '', url = '' } = (options as unknown as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
      return new CountingStore(undefined, `${[method].flat().join(',')} ${url}|`);
    }
  }

  return {
    Store: CountingStore,
    counting: () => counting,
    close: async () => {
      clearInterval(purge);
      clearInterval(following);
      await adding;
      await pool?.end();
    },
  };
}
