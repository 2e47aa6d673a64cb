import fs from 'node:fs';
import { API } from '@shared/api/index.js';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { openStore, type Store } from './open.js';
import { startTestApp, testDialects, type TestApp } from '../testing/harness.js';
import { readCache } from './read-cache.js';

// The read cache trusts the store's data version: it must change on every write, whoever makes
// it (this process, another connection, another app instance), and only then.

let dir: string;
let store: Store;
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lineup-cache-'));
  store = await openStore({ dataDir: dir });
});
afterEach(async () => {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const insertDj = (s: Store, djName: string) => {
  const now = Date.now();
  return s.db
    .insertInto('djs')
    .values({ id: randomUUID(), discord_id: null, public_name: djName, dj_name: djName, rtmp_url: '', twitch_username: '', avatar_url: null, notes: '', created_at: now, updated_at: now })
    .execute();
};
/**
 * Runs another instance's write and waits until `store` has heard of it: at once on SQLite (the
 * file's data version), with the commit's notice on PostgreSQL (db/notices-pg.ts).
 */
async function writtenElsewhere(store: Store, write: () => Promise<unknown>) {
  const before = await store.dataVersion!();
  await write();
  await until(async () => (await store.dataVersion!()) !== before);
}

async function until(condition: () => Promise<boolean>) {
  for (let tries = 0; !(await condition()); tries += 1) {
    if (tries === 1000) throw new Error('The condition never held.');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const djNames = async (s: Store) => (await s.db.selectFrom('djs').select('dj_name').orderBy('dj_name').execute()).map((row) => row.dj_name);

test('serves the cached answer until this process or another connection writes', async () => {
  const cache = readCache<string[]>(store, 10);
  let loads = 0;
  const names = () => cache.get('djs', async () => (loads++, djNames(store)));

  expect(await names()).toEqual([]);
  expect(await names()).toEqual([]);
  expect(loads).toBe(1);

  await insertDj(store, 'Alpha');
  expect(await names()).toEqual(['Alpha']);
  expect(loads).toBe(2);

  // Another connection to the same file (e.g. a command-line seed while the app runs).
  const other = await openStore({ dataDir: dir });
  try {
    await insertDj(other, 'Beta');
  } finally {
    await other.close();
  }
  expect(await names()).toEqual(['Alpha', 'Beta']);
  expect(await names()).toEqual(['Alpha', 'Beta']);
  expect(loads).toBe(3);
});

test('a write inside a rolled-back transaction only costs a reload; a failed load is not kept', async () => {
  const cache = readCache<string[]>(store, 10);
  await expect(cache.get('djs', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
  expect(await cache.get('djs', () => djNames(store))).toEqual([]);
  await store.db
    .transaction()
    .execute(async (trx) => {
      await trx.insertInto('settings').values({ key: 'x', value: '1', updated_at: 0 }).execute();
      throw new Error('abandon');
    })
    .catch(() => {});
  expect(await cache.get('djs', async () => ['reloaded'])).toEqual(['reloaded']);
});

test('makes room by the least recently used entry, and reloads an entry older than maxAgeMs', async () => {
  const cache = readCache<string>({ dataVersion: () => 'v1' }, 2, { maxAgeMs: 10_000 });
  const loads: string[] = [];
  const get = (key: string) => cache.get(key, async () => (loads.push(key), key));
  vi.useFakeTimers({ now: 0, toFake: ['Date'] });
  try {
    await get('a');
    await get('b');
    await get('a');
    await get('c'); // b was used least recently
    await get('a');
    await get('b');
    expect(loads).toEqual(['a', 'b', 'c', 'b']);
    vi.setSystemTime(10_000);
    await get('b');
    expect(loads).toEqual(['a', 'b', 'c', 'b', 'b']);
  } finally {
    vi.useRealTimers();
  }
});

test('reloads an entry once the time its value names has come (an answer that depends on the clock)', async () => {
  const cache = readCache<{ until: number }>({ dataVersion: () => 'v1' }, 10, { expiresAt: (value) => value.until });
  let loads = 0;
  const get = () => cache.get('upcoming', async () => ({ until: 5_000 + 1_000 * loads++ }));
  vi.useFakeTimers({ now: 0, toFake: ['Date'] });
  try {
    expect(await get()).toEqual({ until: 5_000 });
    vi.setSystemTime(4_999);
    expect(await get()).toEqual({ until: 5_000 });
    vi.setSystemTime(5_000);
    expect(await get()).toEqual({ until: 6_000 });
    expect(loads).toBe(2);
  } finally {
    vi.useRealTimers();
  }
});

test('without a data version nothing is cached', async () => {
  const cache = readCache<number>({}, 10);
  let loads = 0;
  await cache.get('k', async () => ++loads);
  expect(await cache.get('k', async () => ++loads)).toBe(2);
});

describe.each(testDialects)('the read cache on %s, with another app instance writing', (dialect) => {
  let app: TestApp;
  let other: Store;
  beforeEach(async () => {
    app = await startTestApp(dialect);
    // A second instance on the same database: its own connections, its writes unseen by the app.
    other = await openStore({ dataDir: app.dataDir, databaseUrl: app.databaseUrl });
  });
  afterEach(async () => {
    await other.close();
    await app.destroy();
  });

  test('answers from the cache while nothing is written, and reloads after a write anywhere', async () => {
    const cache = readCache<string[]>(app.ctx.store, 10);
    let loads = 0;
    const names = () => cache.get('djs', async () => (loads++, djNames(app.ctx.store)));
    const before = await names();
    expect(await names()).toEqual(before);
    // Reads elsewhere leave the version alone.
    await djNames(other);
    expect(await names()).toEqual(before);
    expect(loads).toBe(1);

    await writtenElsewhere(app.ctx.store, () => insertDj(other, 'Zed from elsewhere'));
    expect(await names()).toEqual([...before, 'Zed from elsewhere']);
    expect(await names()).toEqual([...before, 'Zed from elsewhere']);
    expect(loads).toBe(2);
  });

  test('the roster endpoint shows a DJ another instance added', async () => {
    const { cookie } = await app.signIn(['host']);
    const roster = async () => (await app.call(API.djs.getRoster, {}, { as: { cookie } })).body.djs.map((dj) => dj.djName);
    const before = await roster();
    expect(await roster()).toEqual(before);
    await writtenElsewhere(app.ctx.store, () => insertDj(other, 'zz Added elsewhere'));
    expect(await roster()).toEqual([...before, 'zz Added elsewhere']);
  });

  test('a session another instance changed or ended is taken as it now is', async () => {
    const { cookie } = await app.signIn(['host']);
    expect((await app.call(API.djs.getRoster, {}, { as: { cookie } })).status).toBe(200);
    expect((await app.call(API.djs.getRoster, {}, { as: { cookie } })).status).toBe(200);
    await writtenElsewhere(app.ctx.store, () => other.db.updateTable('sessions').set({ roles: '["dj"]' }).execute());
    expect((await app.call(API.djs.getRoster, {}, { as: { cookie } })).status).toBe(403);
    await writtenElsewhere(app.ctx.store, () => other.db.deleteFrom('sessions').execute());
    expect((await app.call(API.auth.getMe, {}, { as: { cookie } })).status).toBe(401);
  });
});

describe.runIf(testDialects.includes('postgres'))('the data version on PostgreSQL', () => {
  let app: TestApp;
  beforeEach(async () => {
    app = await startTestApp('postgres');
  });
  afterEach(async () => {
    await app.destroy();
  });
  const version = () => app.ctx.store.dataVersion!();

  test('every table sends a notice when a write to it commits', async () => {
    const { rows } = await sql<{ table: string; notifies: boolean }>`
      select c.relname as table, exists (
        select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname = c.relname || '_data_changed'
      ) as notifies
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind = 'r' and c.relname not like 'kysely_%'
    `.execute(app.ctx.store.db);
    expect(rows.length).toBeGreaterThan(10);
    // Rate-limit counters are not data a read cache holds (migration 080).
    expect(rows.filter((row) => !row.notifies).map((row) => row.table)).toEqual(['rate_limits']);
  });

  test("moves when this process's write transaction has committed, not for reads", async () => {
    const start = await version();
    await app.ctx.store.db.transaction().execute((trx) => trx.selectFrom('djs').select('id').execute());
    await djNames(app.ctx.store);
    await sql`with named as materialized (select dj_name from djs) select * from named`.execute(app.ctx.store.db);
    expect(await version()).toBe(start);
    await sql`with gone as (delete from settings where key = ${'none'} returning key) select * from gone`.execute(app.ctx.store.db);
    const afterCteWrite = await version();
    expect(afterCteWrite).not.toBe(start);
    let during = '';
    await app.ctx.store.db.transaction().execute(async (trx) => {
      await trx.insertInto('settings').values({ key: 'x', value: '1', updated_at: 0 }).execute();
      during = await version();
    });
    expect(during).toBe(afterCteWrite);
    expect(await version()).not.toBe(afterCteWrite);
  });

  test('while its notices are not heard it reads the snapshot, and listens again after reconnecting', async () => {
    const listening = await version();
    const killed = await sql<{ killed: boolean }>`
      select pg_terminate_backend(pid) as killed from pg_stat_activity
      where datname = current_database() and application_name = 'lineup notices'
    `.execute(app.ctx.store.db);
    expect(killed.rows.map((row) => row.killed)).toContain(true);
    await until(async () => /^\d+:\d+:/.test(await version()));
    await until(async () => /^\d+:\d+$/.test(await version()));
    expect(await version()).not.toBe(listening);
  });
});
