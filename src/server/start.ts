import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from './app.js';
import { deleteExpiredSessions } from './auth/sessions.js';
import { type ChangeBus, inProcessBus, postgresBus } from './changes/bus.js';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { openStore } from './db/open.js';
import { type Clock, SettableClock, systemClock } from './dj-posts/clock.js';
import { PostScheduler } from './dj-posts/scheduler.js';
import { DEFAULT_LIMITS, type Limits } from './limits.js';
import { createLogger, type Logger, silentLogger } from './log.js';
import { seedIfEmpty } from './seed/seed.js';

export interface RunningApp {
  app: FastifyInstance;
  ctx: AppContext;
  url: string;
  stop(): Promise<void>;
}

export interface StartOptions extends BuildOptions {
  /** Shorter timeouts and intervals for tests (never from the environment). */
  limits?: Partial<Limits>;
  /** The process's logger (main.ts makes it first); else one is made here. */
  log?: Logger;
  /** false: no log at all (tests that do not read it). */
  logger?: boolean;
  /** Where the log goes when it is made here (default stdout); tests capture it to check that no secret is logged. */
  logStream?: NodeJS.WritableStream;
  /**
   * The clock posts to DJs are scheduled by, for tests: with it the schedule has no timer, and
   * runs when a change makes a post due now or the test asks (ctx.djPosts.runDue()).
   */
  clock?: Clock;
}

/**
 * Demo data and the development sign-in go together: an empty database gets demo data only when
 * no Discord application is configured, whatever NODE_ENV or the database. With a Discord
 * application the app starts empty; SEED_DEMO_DATA=never turns the demo data off altogether.
 */
const wantsDemoData = (config: Config) => config.seedDemoData && config.discord.devProvider;

/**
 * Opens storage, applies migrations, seeds an empty database when the development sign-in is in
 * use, listens, and deletes expired sessions on a schedule.
 */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningApp> {
  const log = options.log ?? (options.logger === false ? silentLogger() : createLogger(config, options.logStream));
  const store = await openStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, log, instance: true });
  let changes: ChangeBus | undefined;
  let djPosts: PostScheduler | undefined;
  try {
    changes = store.databaseUrl && store.notices ? await postgresBus({ databaseUrl: store.databaseUrl, notices: store.notices }) : inProcessBus();
    const limits = { ...DEFAULT_LIMITS, ...options.limits };
    // TEST_CLOCK: a clock the end-to-end tests set through the app (config.ts refuses it in production).
    const testClock = !options.clock && config.testClock ? new SettableClock() : undefined;
    const clock = options.clock ?? testClock ?? systemClock;
    djPosts = new PostScheduler({ config, store, limits, clock });
    const ctx: AppContext = { config, store, changes, limits, clock, djPosts };
    if (wantsDemoData(config)) await seedIfEmpty(store.db);
    const app = await buildApp(ctx, { clientDir: options.clientDir, log, testClock });
    await djPosts.start(app.log, { timer: !options.clock });
    await app.listen({ host: config.host, port: config.port });
    const purge = startSessionPurge(ctx, app);
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
    let stopping: Promise<void> | undefined;
    const stop = () =>
      (stopping ??= (async () => {
        await purge.stop();
        await djPosts?.stop();
        // close() stops accepting and waits for in-flight requests before we close storage.
        await app.close();
        await changes?.close();
        await store.close();
      })());
    return { app, ctx, url, stop };
  } catch (error) {
    await djPosts?.stop();
    await changes?.close();
    await store.close();
    throw error;
  }
}

/**
 * Expired sessions are deleted on a schedule (resuming one deletes it too, but most are never
 * resumed), and SQLite's planner statistics are refreshed as the data grows (db/open.ts).
 */
function startSessionPurge(ctx: AppContext, app: FastifyInstance) {
  let running: Promise<void> | undefined;
  const purge = async () => {
    try {
      const deleted = await deleteExpiredSessions(ctx.store.db);
      if (deleted > 0) app.log.info({ deleted }, 'expired sessions deleted');
      ctx.store.optimize?.();
    } catch (error) {
      app.log.warn({ err: error }, 'could not delete expired sessions');
    }
  };
  const timer = setInterval(() => {
    running ??= purge().finally(() => (running = undefined));
  }, ctx.limits.sessionPurgeIntervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
