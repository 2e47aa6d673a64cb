import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { openSession, SESSION_COOKIE } from '../auth/sessions.js';
import { loadConfig } from '../config.js';
import { startServer, type RunningApp } from '../start.js';
import { startSignInAt } from '../testing/fake-discord.js';
import { startTestApp, testDialects, type TestApp } from '../testing/harness.js';

// Errors tell the person what to do and nothing about the inside: no stack traces, SQL, file
// paths or secrets in any response; and no secret (session token, Discord client secret, OAuth
// code, Authorization header) in the logs, even when a request fails on the server. A server
// failure is logged once, with its stack, for the operator; client errors are not.
// Requests are spelled by hand on purpose: broken JSON, unknown paths and forged callbacks.

const CLIENT_SECRET = 'client-secret-do-not-leak-8f3a';
const OAUTH_CODE = 'oauth-code-do-not-leak-77c1';
const BEARER = 'bearer-do-not-leak-5d2e';

const STACK = /\s{2,}at \S.*:\d+:\d+|node_modules|\.[cm]?[jt]s:\d+/;
const INTERNALS = /\b(select|insert|update|delete)\b.+\b(from|into|set)\b|sqlite|postgres|relation|no such table/i;

describe.each(testDialects)('no stack traces or secrets in errors and logs on %s', (dialect) => {
  let base: TestApp;
  let running: RunningApp;
  const logLines: string[] = [];
  let cookie: string;
  let token: string;

  beforeAll(async () => {
    // The harness makes the database; the server is restarted on it with Discord configured
    // (so a client secret exists to leak) and logging at info into a buffer.
    base = await startTestApp(dialect);
    await base.stop();
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: '0',
      LOG_LEVEL: 'info',
      DATA_DIR: base.dataDir,
      SEED_DEMO_DATA: 'never',
      ...(base.databaseUrl ? { DATABASE_URL: base.databaseUrl } : {}),
      DISCORD_CLIENT_ID: '123456789012345678',
      DISCORD_CLIENT_SECRET: CLIENT_SECRET,
      DISCORD_GUILD_ID: '223456789012345678',
      // Nothing listens here: the code exchange fails on the network.
      DISCORD_API_URL: 'http://127.0.0.1:9/api',
    });
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    running = await startServer(config, { logStream });
    const djId = randomUUID();
    const now = Date.now();
    await running.ctx.store.db
      .insertInto('djs')
      .values({ id: djId, discord_id: null, public_name: 'P', dj_name: 'D', rtmp_url: '', twitch_username: '', avatar_url: null, notes: '', created_at: now, updated_at: now })
      .execute();
    token = (await openSession(running.ctx.store.db, { djId, discordUserId: '1', publicName: 'Test person', avatarUrl: null, roles: ['admin', 'dj'] }, 60_000_000)).token;
    cookie = `${SESSION_COOKIE}=${token}`;
  });
  afterAll(async () => {
    await running.stop();
    await base.destroy();
  });

  async function call(method: string, url: string, init: { body?: string; headers?: Record<string, string> } = {}) {
    const response = await fetch(`${running.url}${url}`, {
      method,
      headers: { cookie, authorization: `Bearer ${BEARER}`, ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
      body: init.body,
    });
    return { status: response.status, text: await response.text(), setCookies: response.headers.getSetCookie() };
  }

  test('client errors and a server failure answer with a message only', async () => {
    const pending = await startSignInAt(running.url);
    const state = pending.url.searchParams.get('state') ?? '';
    const pendingCookie = pending.setCookies.find((c) => c.startsWith('lineup_oauth='))?.split(';')[0];
    expect(pendingCookie).toBeTruthy();
    const responses = [
      await call('POST', '/api/djs', { body: '{"djName": ' }),
      await call('POST', '/api/djs', { body: JSON.stringify({ djName: 42 }) }),
      await call('PUT', `/api/events/${randomUUID()}`, { body: JSON.stringify({ baseVersion: 'x' }) }),
      await call('GET', `/api/djs/${randomUUID()}`),
      await call('GET', '/api/nothing-here'),
      await call('POST', '/api/signup', { body: JSON.stringify({ __proto__: { admin: true }, event_id: 'x' }) }),
      await call('POST', '/api/auth/callback', {
        body: JSON.stringify({ code: OAUTH_CODE, state: 'wrong', redirect_uri: `${running.url}/discordRedirect` }),
      }),
      // A real exchange attempt: the client secret and the code go to "Discord", which is down.
      await call('POST', '/api/auth/callback', {
        headers: { cookie: `${cookie}; ${pendingCookie}` },
        body: JSON.stringify({ code: OAUTH_CODE, state, redirect_uri: `${running.url}/discordRedirect` }),
      }),
    ];
    expect(responses.at(-1)?.status).toBe(502);
    await sql`drop table settings`.execute(running.ctx.store.db);
    const failure = await call('GET', '/api/settings');
    expect(failure.status).toBe(500);
    expect(JSON.parse(failure.text)).toEqual({ code: 'server_error', message: 'Something went wrong on the server. Please try again.' });

    for (const { status, text } of [...responses, failure]) {
      expect(status).toBeGreaterThanOrEqual(400);
      const body = JSON.parse(text) as { message?: unknown };
      expect(typeof body.message).toBe('string');
      expect(text).not.toMatch(STACK);
      expect(text).not.toMatch(INTERNALS);
      for (const secret of [token, CLIENT_SECRET, OAUTH_CODE, BEARER]) expect(text).not.toContain(secret);
    }
  });

  test('the logs hold no secret, and a stack only for the server failure', () => {
    const log = logLines.join('\n');
    // The exchange with Discord was really attempted (and failed on the network).
    expect(log).toMatch(/"msg":"sign-in failed"/);
    expect(log).toContain('request failed');
    for (const secret of [token, CLIENT_SECRET, OAUTH_CODE, BEARER]) expect(log).not.toContain(secret);
    const withStack = logLines.filter((line) => STACK.test(line));
    expect(withStack.length).toBeGreaterThan(0);
    for (const line of withStack) {
      const entry = JSON.parse(line) as { level: number; msg: string };
      expect(entry.level).toBeGreaterThanOrEqual(50);
      expect(entry.msg).toBe('request failed');
    }
  });
});
