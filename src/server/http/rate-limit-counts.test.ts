import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { API } from '@shared/api/index.js';
import { openStore, type Store } from '../db/open.js';
import { SIGNUP_RATE_LIMIT } from '../signup/routes.js';
import { insertOpenEvent, intake } from '../testing/fixtures.js';
import { createPostgresDatabase, dropPostgresDatabase, startTestApp } from '../testing/harness.js';
import { rateLimitCounts, type RateLimitCounts } from './rate-limit-counts.js';

// Rate limits count in memory while an instance is alone, in the rate_limits table while
// several instances share a PostgreSQL database, and a request already over its limit writes
// nothing either way (decision 037). The other instances are a stand-in here (what the
// notices listener would say); the database is real.

const WINDOW = 60_000;
const MAX = 5;

async function until(condition: () => boolean | Promise<boolean>, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('The condition never held.');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** One route's store, as the plugin makes it for a route. */
const routeStore = (counts: RateLimitCounts) => new counts.Store({}).child({ routeInfo: { method: 'POST', url: '/api/signup' } } as never);

const count = (store: FastifyRateLimitStore, key: string) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) => store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), WINDOW, MAX));

describe.runIf(process.env.TEST_DATABASE_URL)('rate limit counts on PostgreSQL', () => {
  let databaseUrl: string;
  let dataDir: string;
  let store: Store;
  let others: number | null;
  let counts: RateLimitCounts;

  const table = async () =>
    Object.fromEntries((await store.db.selectFrom('rate_limits').select(['key', 'count']).execute()).map((row) => [row.key, Number(row.count)]));

  beforeEach(async () => {
    databaseUrl = await createPostgresDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lineup-limits-'));
    store = await openStore({ dataDir, databaseUrl });
    others = null;
    counts = rateLimitCounts({ databaseUrl, otherInstances: () => others });
  });
  afterEach(async () => {
    await counts.close();
    await store.close();
    await dropPostgresDatabase(databaseUrl);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('while it cannot tell whether it is alone, an instance counts in the table', async () => {
    const route = routeStore(counts);
    expect(counts.counting()).toBe('table');
    expect((await count(route, 'dj-1')).current).toBe(1);
    expect(await table()).toEqual({ 'POST /api/signup|dj-1': 1 });
  });

  test('alone, it counts in memory: nothing is written, and past the limit it refuses', async () => {
    const route = routeStore(counts);
    others = 0;
    await until(() => counts.counting() === 'memory');
    const answers = [];
    for (let i = 0; i < MAX + 3; i++) answers.push((await count(route, 'dj-1')).current);
    expect(answers).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(await table()).toEqual({});
  });

  test('with other instances, the table counts for all; once over its limit, a request writes nothing more', async () => {
    const route = routeStore(counts);
    others = 2;
    for (let i = 1; i <= MAX; i++) expect((await count(route, 'dj-1')).current).toBe(i);
    expect(await table()).toEqual({ 'POST /api/signup|dj-1': MAX });
    for (let i = 1; i <= 20; i++) expect((await count(route, 'dj-1')).current).toBeGreaterThan(MAX);
    expect(await table()).toEqual({ 'POST /api/signup|dj-1': MAX });
    // Another instance's requests are in the table: this one's next count includes them.
    await store.db.updateTable('rate_limits').set({ count: 2 }).execute();
    const fresh = rateLimitCounts({ databaseUrl, otherInstances: () => 2 });
    try {
      expect((await count(routeStore(fresh), 'dj-1')).current).toBe(3);
    } finally {
      await fresh.close();
    }
  });

  test("another instance appears: this one's counts go into the table; alone again, the table's come back to memory", async () => {
    const route = routeStore(counts);
    others = 0;
    await until(() => counts.counting() === 'memory');
    for (let i = 0; i < 3; i++) await count(route, 'dj-1');
    expect(await table()).toEqual({});

    others = 1;
    await until(async () => (await table())['POST /api/signup|dj-1'] === 3);
    expect(counts.counting()).toBe('table');
    expect((await count(route, 'dj-1')).current).toBe(4);

    // The other instance counted once more, then stopped.
    await store.db.updateTable('rate_limits').set({ count: 5 }).execute();
    others = 0;
    await until(() => counts.counting() === 'memory');
    expect((await count(route, 'dj-1')).current).toBe(6);
    expect(await table()).toEqual({ 'POST /api/signup|dj-1': 5 });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('one app instance on PostgreSQL', () => {
  test('once it has heard no other instance, a signup costs no rate-limit statement, and the limit still holds', async () => {
    const lines: string[] = [];
    const app = await startTestApp('postgres', { LOG_LEVEL: 'info' }, { logLines: lines });
    try {
      await until(() => lines.some((line) => line.includes('rate limits counted in memory')), 15_000);
      const eventId = await insertOpenEvent(app.ctx.store.db);
      const dj = await app.signIn(['dj']);
      for (let i = 1; i <= SIGNUP_RATE_LIMIT.max; i++) {
        expect((await app.call(API.signup.submitSignup, { body: intake(eventId, { name: `Take ${i}` }) }, { as: dj })).status).toBe(200);
      }
      for (let i = 0; i < 3; i++) expect((await app.call(API.signup.submitSignup, { body: intake(eventId) }, { as: dj })).status).toBe(429);
      expect(await app.ctx.store.db.selectFrom('rate_limits').selectAll().execute()).toEqual([]);
    } finally {
      await app.destroy();
    }
  });
});
