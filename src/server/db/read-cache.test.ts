import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { openStore, type Store } from './open.js';
import type { RosterResponse } from '@shared/schemas/djs.js';
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
    // On PostgreSQL, writes to other databases of the server (other test files run meanwhile)
    // move its snapshot too: that costs a reload, never a stale answer. So the hits are checked
    // when the version held still, and the answers always.
    const quiet = async (reads: () => Promise<void>) => {
      const version = await app.ctx.store.dataVersion!();
      await names();
      const loaded = loads;
      await reads();
      if ((await app.ctx.store.dataVersion!()) === version) expect(loads).toBe(loaded);
    };
    const before = await names();
    await quiet(async () => {
      expect(await names()).toEqual(before);
      // Reads elsewhere leave the version alone.
      await djNames(other);
      expect(await names()).toEqual(before);
    });

    await insertDj(other, 'Zed from elsewhere');
    expect(await names()).toEqual([...before, 'Zed from elsewhere']);
    await quiet(async () => {
      expect(await names()).toEqual([...before, 'Zed from elsewhere']);
    });
  });

  test('the roster endpoint shows a DJ another instance added', async () => {
    const { cookie } = await app.signIn(['host']);
    const roster = async () => (await app.request<RosterResponse>('GET', '/api/djs', { cookie })).body.djs.map((dj) => dj.djName);
    const before = await roster();
    expect(await roster()).toEqual(before);
    await insertDj(other, 'zz Added elsewhere');
    expect(await roster()).toEqual([...before, 'zz Added elsewhere']);
  });
});
