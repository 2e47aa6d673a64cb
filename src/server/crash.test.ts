import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { openSession, SESSION_COOKIE } from './auth/sessions.js';
import { openStore, type Store } from './db/open.js';
import { insertOpenEvent, intake } from './testing/fixtures.js';
import { startTestApp, testDialects, type TestApp } from './testing/harness.js';
import { type ServerProcess, startServerProcess } from './testing/server-process.js';

// Crash safety: the real server process takes a signup burst and is killed with SIGKILL in the
// middle of it. After a restart every signup that had been answered 2xx is there, and the
// database is intact. Requests cut off by the kill may or may not have landed; both are fine.

const DJS = 400;
const IN_FLIGHT = 40;
/** Kill once this many have been answered, so plenty are still in flight. */
const KILL_AFTER = 100;

type Server = Pick<ServerProcess, 'child' | 'url'>;

const startServer = (dataDir: string, databaseUrl: string | undefined): Promise<Server> =>
  startServerProcess(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: '0',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: 'never',
      DATABASE_URL: databaseUrl ?? '',
      DISCORD_CLIENT_ID: '',
    },
  });

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((resolve) => child.once('exit', () => resolve()));

describe.each(testDialects)('crash safety on %s', (dialect) => {
  let base: TestApp;
  let store: Store;
  let server: Server | undefined;

  beforeAll(async () => {
    // The harness makes a fresh database (and data directory); the server under test runs as
    // a separate process on it, so it can be killed for real.
    base = await startTestApp(dialect);
    await base.stop();
    store = await openStore({ dataDir: base.dataDir, databaseUrl: base.databaseUrl });
  });
  afterAll(async () => {
    if (server) {
      server.child.kill('SIGKILL');
      await exited(server.child);
    }
    await store?.close();
    await base?.destroy();
  });

  // Two server starts through tsx and a burst: past Vitest's 30 s when the run shares the machine.
  test('every signup answered 2xx before a SIGKILL mid-burst is stored after restart, and the database is intact', async () => {
    const eventId = await insertOpenEvent(store.db);
    const djs: { djId: string; cookie: string }[] = [];
    await store.db.transaction().execute(async (trx) => {
      const now = Date.now();
      for (let i = 0; i < DJS; i++) {
        const djId = randomUUID();
        await trx
          .insertInto('djs')
          .values({ id: djId, discord_id: null, public_name: `P${i}`, dj_name: `D${i}`, rtmp_url: '', twitch_username: '', avatar_url: null, notes: '', created_at: now, updated_at: now })
          .execute();
        const session = await openSession(trx, { djId, discordUserId: String(i), publicName: 'Test person', avatarUrl: null, roles: ['dj'] }, 86_400_000);
        djs.push({ djId, cookie: `${SESSION_COOKIE}=${session.token}` });
      }
    });

    server = await startServer(base.dataDir, base.databaseUrl);
    const { child, url } = server;
    const answered = new Map<string, string>();
    let cutOff = 0;
    let killed = false;
    let next = 0;
    const worker = async () => {
      while (next < djs.length && !killed) {
        const i = next++;
        const { djId, cookie } = djs[i]!;
        const name = `Crash DJ ${i}`;
        try {
          const response = await fetch(`${url}/api/signup`, {
            method: 'POST',
            headers: { cookie, 'content-type': 'application/json' },
            body: JSON.stringify(intake(eventId, { name })),
          });
          await response.arrayBuffer();
          if (response.ok) answered.set(djId, name);
          else throw new Error(`signup ${i} answered ${response.status}`);
        } catch (error) {
          if (!killed) throw error;
          cutOff++;
        }
        if (answered.size >= KILL_AFTER && !killed) {
          killed = true;
          child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    await exited(child);
    expect(child.signalCode).toBe('SIGKILL');
    expect(answered.size).toBeGreaterThanOrEqual(KILL_AFTER);
    // The kill really landed mid-burst: some requests were in flight and got no answer.
    expect(cutOff).toBeGreaterThan(0);

    server = await startServer(base.dataDir, base.databaseUrl);
    const restarted = server;
    for (const { djId, cookie } of djs) {
      const expected = answered.get(djId);
      if (!expected) continue;
      const response = await fetch(`${restarted.url}/api/signup?event_id=${eventId}`, { headers: { cookie } });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { signup: { name: string } | null };
      expect(body.signup?.name, `signup of ${djId}`).toBe(expected);
    }
    // The restarted server takes new signups as usual.
    const late = djs.find(({ djId }) => !answered.has(djId))!;
    const again = await fetch(`${restarted.url}/api/signup`, {
      method: 'POST',
      headers: { cookie: late.cookie, 'content-type': 'application/json' },
      body: JSON.stringify(intake(eventId, { name: 'After the crash' })),
    });
    expect(again.status).toBe(200);
    restarted.child.kill('SIGTERM');
    await exited(restarted.child);
    server = undefined;

    const stored = await store.db.selectFrom('signups').select(['uuid', 'name']).where('event_id', '=', eventId).execute();
    expect(stored.length).toBeGreaterThanOrEqual(answered.size + 1);
    await expectIntact(store);
  }, 90_000);
});

async function expectIntact(store: Store) {
  const { db } = store;
  if (store.dialect === 'sqlite') {
    const integrity = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
    expect(integrity.rows).toEqual([{ integrity_check: 'ok' }]);
    const foreignKeys = await sql`pragma foreign_key_check`.execute(db);
    expect(foreignKeys.rows).toEqual([]);
  } else {
    // PostgreSQL recovers from its WAL itself; check the data is consistent and readable.
    await sql`select 1`.execute(db);
    const indexes = await sql<{ n: number }>`select count(*)::int as n from pg_index where not indisvalid`.execute(db);
    expect(indexes.rows[0]?.n).toBe(0);
  }
  // Every signup names exactly one DJ (the submitter) and no link points at a missing signup.
  const unnamed = await db
    .selectFrom('signups')
    .leftJoin('signup_djs', 'signup_djs.signup_uuid', 'signups.uuid')
    .select('signups.uuid')
    .where('signup_djs.dj_id', 'is', null)
    .execute();
  expect(unnamed).toEqual([]);
  const orphans = await db
    .selectFrom('signup_djs')
    .leftJoin('signups', 'signups.uuid', 'signup_djs.signup_uuid')
    .select('signup_djs.signup_uuid')
    .where('signups.uuid', 'is', null)
    .execute();
  expect(orphans).toEqual([]);
  const doubles = await db
    .selectFrom('signup_djs')
    .select(['event_id', 'dj_id', (eb) => eb.fn.countAll().as('n')])
    .groupBy(['event_id', 'dj_id'])
    .having((eb) => eb.fn.countAll(), '>', 1)
    .execute();
  expect(doubles).toEqual([]);
}
