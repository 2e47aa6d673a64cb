import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { openStore, type Store } from './open.js';
import { readCache } from './read-cache.js';

// The read cache trusts the SQLite store's data version: it must change on every write, whoever
// makes it, and only then.

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

test('without a data version (PostgreSQL) nothing is cached', async () => {
  const cache = readCache<number>({}, 10);
  let loads = 0;
  await cache.get('k', async () => ++loads);
  expect(await cache.get('k', async () => ++loads)).toBe(2);
});
