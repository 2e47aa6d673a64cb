import { randomUUID } from 'node:crypto';
import { API } from '@shared/api/index.js';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { startTestApp, testDialects, type TestApp } from '../testing/harness.js';
import { openStore, type Store } from './open.js';

/**
 * A TCP proxy to PostgreSQL that can go silent on one connection without closing it, as a NAT or
 * firewall that forgot an idle flow does. Connections are known by the local port of their
 * upstream side, which PostgreSQL reports as client_port.
 */
async function silencingProxy(target: URL) {
  const silenced = new Set<number>();
  const ports = new Set<number>();
  const server = net.createServer((down) => {
    const up = net.connect(Number(target.port), target.hostname);
    let port = 0;
    up.on('connect', () => ports.add((port = up.localPort!)));
    down.on('data', (data) => silenced.has(port) || up.write(data));
    up.on('data', (data) => silenced.has(port) || down.write(data));
    for (const socket of [up, down]) socket.on('error', () => {});
    down.on('close', () => up.destroy());
    up.on('close', () => silenced.has(port) || down.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as net.AddressInfo).port);
  return { url: url.toString(), ports, silence: (port: number) => silenced.add(port), close: () => server.close() };
}

describe.runIf(testDialects.includes('postgres'))('the listening connection on PostgreSQL', () => {
  let app: TestApp;
  let other: Store;
  let proxy: Awaited<ReturnType<typeof silencingProxy>>;
  beforeEach(async () => {
    const database = new URL(process.env.TEST_DATABASE_URL!);
    database.pathname = `/lineup_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${database.pathname.slice(1)}`);
    await admin.end();
    proxy = await silencingProxy(database);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lineup-test-'));
    app = await startTestApp('postgres', {}, { reuse: { dataDir, databaseUrl: proxy.url } });
    other = await openStore({ dataDir, databaseUrl: database.toString() });
  });
  afterEach(async () => {
    await other.close();
    await app.destroy();
    proxy.close();
  });

  test('gone silent without closing, it is noticed by its heartbeat: a session another instance ended is refused', async () => {
    const { cookie } = await app.signIn(['host']);
    expect((await app.call(API.auth.getMe, {}, { as: { cookie } })).status).toBe(200);
    expect((await app.call(API.auth.getMe, {}, { as: { cookie } })).status).toBe(200);
    const { rows } = await sql<{ port: number }>`
      select client_port as port from pg_stat_activity where datname = current_database() and application_name = 'lineup notices'
    `.execute(other.db);
    // The app's listener, not the other instance's.
    const listener = rows.filter((row) => proxy.ports.has(row.port));
    expect(listener).toHaveLength(1);
    proxy.silence(listener[0]!.port);

    await other.db.deleteFrom('sessions').execute();
    // The notice of that delete is never delivered; within seconds the missing heartbeat is, and
    // the version falls back to the database's snapshot.
    for (let tries = 0; !/^\d+:\d+:/.test(await app.ctx.store.dataVersion!()); tries += 1) {
      if (tries === 200) throw new Error('The silent connection was never noticed.');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await app.call(API.auth.getMe, {}, { as: { cookie } })).status).toBe(401);
  }, 30_000);
});
