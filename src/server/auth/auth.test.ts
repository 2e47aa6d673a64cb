import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { Role } from '@shared/domain.js';
import { AUTH_MESSAGES, type Me } from '@shared/schemas/auth.js';
import { loadConfig } from '../config.js';
import { startServer } from '../start.js';
import { startTestApp, testDialects, type TestApp } from '../testing/harness.js';
import { SESSION_COOKIE } from './sessions.js';

// Sign-in against a tiny fake Discord reached through DISCORD_API_URL.

const CLIENT_ID = '555000000000000001';
const CLIENT_SECRET = 'fake-discord-secret-do-not-leak-4f9a1c';
const GUILD = '555000000000000002';
const ADMIN_ROLE = '555000000000000010';
const HOST_ROLE = '555000000000000011';
const DJ_ROLE = '555000000000000012';
const OTHER_ROLE = '555000000000000013';

interface FakePerson {
  user: { id: string; username: string; global_name: string | null; avatar: string | null; discriminator?: string };
  /** null: not a member of the guild. */
  member: { nick: string | null; avatar: string | null; roles: string[] } | null;
}

/** Discord's three endpoints, keyed by authorization code. Codes come from `person()`. */
async function startFakeDiscord() {
  const people = new Map<string, FakePerson>();
  let challenge = '';
  let failProfile = false;
  const seen: { path: string; authorization?: string; body: string }[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      seen.push({ path: request.url ?? '', authorization: request.headers.authorization, body });
      const send = (status: number, json: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(json));
      };
      const bearer = request.headers.authorization?.replace('Bearer ', '') ?? '';
      const person = people.get(bearer.replace(/^token-/, ''));
      if (request.method === 'POST' && request.url === '/oauth2/token') {
        const form = new URLSearchParams(body);
        const basic = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;
        if (request.headers.authorization !== basic) return send(401, { error: 'invalid_client' });
        const pkceOk = createHash('sha256').update(form.get('code_verifier') ?? '').digest('base64url') === challenge;
        if (!people.has(form.get('code') ?? '') || !pkceOk || !form.get('redirect_uri')) {
          return send(400, { error: 'invalid_grant', error_description: 'Invalid "code" in request.' });
        }
        return send(200, { access_token: `token-${form.get('code')}`, token_type: 'Bearer', expires_in: 600, scope: 'identify guilds.members.read' });
      }
      if (!person) return send(401, { message: '401: Unauthorized', code: 0 });
      if (request.url === '/users/@me') return failProfile ? send(500, { message: 'boom' }) : send(200, person.user);
      if (request.url === `/users/@me/guilds/${GUILD}/member`) {
        return person.member ? send(200, { ...person.member, user: person.user }) : send(404, { message: 'Unknown Guild', code: 10004 });
      }
      return send(404, { message: 'Unknown' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  let counter = 0;
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    /** Registers a person and returns the code Discord would hand back for them. */
    person(member: FakePerson['member'], user: Partial<FakePerson['user']> = {}) {
      const id = `77700000000000${String(++counter).padStart(4, '0')}`;
      const code = `code-${counter}`;
      people.set(code, { user: { id, username: `user${counter}`, global_name: null, avatar: null, ...user }, member });
      return { code, id };
    },
    expectChallenge(value: string) {
      challenge = value;
    },
    failProfile(value: boolean) {
      failProfile = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type FakeDiscord = Awaited<ReturnType<typeof startFakeDiscord>>;

const discordEnv = (fake: FakeDiscord, extra: Record<string, string> = {}) => ({
  DISCORD_CLIENT_ID: CLIENT_ID,
  DISCORD_CLIENT_SECRET: CLIENT_SECRET,
  DISCORD_GUILD_ID: GUILD,
  DISCORD_ADMIN_ROLE_IDS: ADMIN_ROLE,
  DISCORD_HOST_ROLE_IDS: HOST_ROLE,
  DISCORD_DJ_ROLE_IDS: `${DJ_ROLE}, 555000000000000099`,
  DISCORD_API_URL: fake.url,
  DISCORD_AUTHORIZE_URL: 'https://discord.example/oauth2/authorize',
  ...extra,
});

const cookieValue = (setCookies: string[], name: string) =>
  setCookies.find((c) => c.startsWith(`${name}=`))?.split(';')[0];

interface Started {
  url: URL;
  cookie: string;
  state: string;
}

/** POST /api/auth/start, as the login button does; the fake Discord learns the PKCE challenge. */
async function start(app: { url: string }, fake: FakeDiscord): Promise<Started> {
  const response = await fetch(`${app.url}/api/auth/start`, { method: 'POST' });
  expect(response.status).toBe(200);
  const url = new URL(((await response.json()) as { url: string }).url);
  fake.expectChallenge(url.searchParams.get('code_challenge') ?? '');
  const cookie = cookieValue(response.headers.getSetCookie(), 'lineup_oauth');
  expect(cookie).toBeDefined();
  return { url, cookie: cookie!, state: url.searchParams.get('state')! };
}

async function callback(
  app: { url: string },
  started: Started,
  code: string,
  overrides: Partial<{ state: string; redirect_uri: string; cookie: string }> = {},
) {
  const response = await fetch(`${app.url}/api/auth/callback`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: overrides.cookie ?? started.cookie },
    body: JSON.stringify({
      code,
      state: overrides.state ?? started.state,
      redirect_uri: overrides.redirect_uri ?? `${app.url}/discordRedirect`,
    }),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: JSON.parse(text) as Me & { message?: string } };
}

describe.each(testDialects)('Discord sign-in on %s', (dialect) => {
  let fake: FakeDiscord;
  let app: TestApp;
  beforeAll(async () => {
    fake = await startFakeDiscord();
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(async () => {
    app = await startTestApp(dialect, discordEnv(fake));
  });
  afterEach(async () => {
    await app.destroy();
  });

  test('the authorize URL carries client id, redirect_uri, code, scopes, state and PKCE', async () => {
    const { url } = await start(app, fake);
    expect(url.origin + url.pathname).toBe('https://discord.example/oauth2/authorize');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: CLIENT_ID,
      redirect_uri: `${app.url}/discordRedirect`,
      response_type: 'code',
      scope: 'identify guilds.members.read',
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.get('state')).toMatch(/^.{20,}$/);
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
  });

  test.each<[string, string[], Role[]]>([
    ['admin', [ADMIN_ROLE], ['admin', 'dj']],
    ['host', [HOST_ROLE], ['host', 'dj']],
    ['dj', [DJ_ROLE], ['dj']],
    ['the second dj role id', ['555000000000000099'], ['dj']],
    ['admin and host', [HOST_ROLE, ADMIN_ROLE], ['admin', 'host', 'dj']],
    ['host and dj', [DJ_ROLE, HOST_ROLE, OTHER_ROLE], ['host', 'dj']],
    ['no mapped role', [OTHER_ROLE], []],
    ['no role at all', [], []],
  ])('a member with %s signs in with the mapped roles', async (_label, guildRoles, roles) => {
    const { code } = fake.person({ nick: null, avatar: null, roles: guildRoles });
    const started = await start(app, fake);
    const response = await callback(app, started, code);
    expect(response.status).toBe(200);
    expect(response.body.roles).toEqual(roles);
    const session = cookieValue(response.headers.getSetCookie(), SESSION_COOKIE)!;
    const me = await app.request<Me>('GET', '/api/me', { cookie: session });
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ ...response.body, djId: expect.any(String) });
  });

  test('first sign-in creates the DJ, the next one refreshes name and avatar of the same DJ', async () => {
    const first = fake.person({ nick: 'Nicky', avatar: 'a1b2c3', roles: [DJ_ROLE] }, { global_name: 'Global', avatar: 'ffee' });
    const signedIn = await callback(app, await start(app, fake), first.code);
    expect(signedIn.body).toMatchObject({
      publicName: 'Nicky',
      avatarUrl: `https://cdn.discordapp.com/guilds/${GUILD}/users/${first.id}/avatars/a1b2c3.png?size=128`,
    });
    const djs = () => app.ctx.store.db.selectFrom('djs').selectAll().where('discord_id', '=', first.id).execute();
    const [created] = await djs();
    expect(created).toMatchObject({ public_name: 'Nicky', dj_name: 'Nicky', id: signedIn.body.djId });

    // Same Discord user, new profile: nick removed, no guild avatar.
    const again = fake.person({ nick: null, avatar: null, roles: [DJ_ROLE] }, { id: first.id, global_name: 'Global', avatar: 'ffee' });
    const refreshed = await callback(app, await start(app, fake), again.code);
    expect(refreshed.body).toMatchObject({
      djId: signedIn.body.djId,
      publicName: 'Global',
      avatarUrl: `https://cdn.discordapp.com/avatars/${first.id}/ffee.png?size=128`,
    });
    const rows = await djs();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ public_name: 'Global', dj_name: 'Nicky' });
  });

  test('without nick or global name the username is the public name; no avatar gives the default one', async () => {
    const { code, id } = fake.person({ nick: null, avatar: null, roles: [] }, { username: 'plainuser' });
    const response = await callback(app, await start(app, fake), code);
    const index = Number((BigInt(id) >> 22n) % 6n);
    expect(response.body).toMatchObject({ publicName: 'plainuser', avatarUrl: `https://cdn.discordapp.com/embed/avatars/${index}.png` });
    const legacy = fake.person({ nick: null, avatar: null, roles: [] }, { discriminator: '1237' });
    expect((await callback(app, await start(app, fake), legacy.code)).body.avatarUrl).toBe(
      'https://cdn.discordapp.com/embed/avatars/2.png',
    );
  });

  test('every sign-in opens a new session and ends the one the browser had', async () => {
    const { code } = fake.person({ nick: null, avatar: null, roles: [HOST_ROLE] });
    const first = cookieValue((await callback(app, await start(app, fake), code)).headers.getSetCookie(), SESSION_COOKIE)!;
    const again = fake.person({ nick: null, avatar: null, roles: [HOST_ROLE] });
    const started = await start(app, fake);
    const second = await callback(app, started, again.code, { cookie: `${started.cookie}; ${first}` });
    const secondCookie = cookieValue(second.headers.getSetCookie(), SESSION_COOKIE)!;
    expect(secondCookie).not.toBe(first);
    expect((await app.request('GET', '/api/me', { cookie: first })).status).toBe(401);
    expect((await app.request('GET', '/api/me', { cookie: secondCookie })).status).toBe(200);
  });

  test('the session cookie is HttpOnly, SameSite=Lax, not Secure over http, and the state cookie is gone', async () => {
    const { code } = fake.person({ nick: null, avatar: null, roles: [DJ_ROLE] });
    const response = await callback(app, await start(app, fake), code);
    const cookies = response.headers.getSetCookie();
    const session = cookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
    expect(session).toMatch(/; HttpOnly/);
    expect(session).toMatch(/; SameSite=Lax/);
    expect(session).toMatch(/; Path=\//);
    expect(session).not.toMatch(/Secure/);
    expect(cookies.find((c) => c.startsWith('lineup_oauth='))).toMatch(/Max-Age=0/);
  });

  test('invalid_grant from Discord is "Authentication failed" and opens no session', async () => {
    const started = await start(app, fake);
    const response = await callback(app, started, 'code-that-discord-never-issued');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ code: 'auth_failed', message: AUTH_MESSAGES.failed });
    expect(cookieValue(response.headers.getSetCookie(), SESSION_COOKIE)).toBeUndefined();
  });

  test('a state that is not this browser\'s, or no state cookie at all, is refused before Discord is asked', async () => {
    const { code } = fake.person({ nick: null, avatar: null, roles: [ADMIN_ROLE] });
    const before = fake.seen.length;
    const mismatch = await callback(app, await start(app, fake), code, { state: 'someone-elses-state-value-xyz' });
    expect(mismatch).toMatchObject({ status: 400, body: { message: AUTH_MESSAGES.failed } });
    const started = await start(app, fake);
    const noCookie = await callback(app, started, code, { cookie: '' });
    expect(noCookie).toMatchObject({ status: 400, body: { message: AUTH_MESSAGES.failed } });
    expect(fake.seen.length).toBe(before);
  });

  test('a foreign redirect_uri is refused', async () => {
    const { code } = fake.person({ nick: null, avatar: null, roles: [ADMIN_ROLE] });
    const response = await callback(app, await start(app, fake), code, { redirect_uri: 'https://evil.example/discordRedirect' });
    expect(response).toMatchObject({ status: 400, body: { message: AUTH_MESSAGES.failed } });
  });

  test('a non-member gets 403 with the not-authorized message, and no DJ or session is created', async () => {
    const { code, id } = fake.person(null);
    const response = await callback(app, await start(app, fake), code);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ code: 'not_authorized', message: 'You are not authorized to access this application.' });
    expect(cookieValue(response.headers.getSetCookie(), SESSION_COOKIE)).toBeUndefined();
    expect(await app.ctx.store.db.selectFrom('djs').select('id').where('discord_id', '=', id).execute()).toEqual([]);
  });

  test('Discord failing after the exchange is "Authentication failed"', async () => {
    const { code } = fake.person({ nick: null, avatar: null, roles: [ADMIN_ROLE] });
    fake.failProfile(true);
    try {
      const response = await callback(app, await start(app, fake), code);
      expect(response).toMatchObject({ status: 502, body: { message: AUTH_MESSAGES.failed } });
    } finally {
      fake.failProfile(false);
    }
  });

  test('with a real Discord application the development provider is not mounted', async () => {
    expect((await app.request('GET', '/dev-oauth/authorize')).status).toBe(404);
    expect((await app.request('POST', '/dev-oauth/api/oauth2/token')).status).toBe(404);
  });

  test('a malformed callback body is a 400, not a 500', async () => {
    const response = await app.request('POST', '/api/auth/callback', { body: { code: 5 } });
    expect(response.status).toBe(400);
  });

  test('logout deletes the session row and clears the cookie', async () => {
    const { code } = fake.person({ nick: null, avatar: null, roles: [HOST_ROLE] });
    const session = cookieValue((await callback(app, await start(app, fake), code)).headers.getSetCookie(), SESSION_COOKIE)!;
    const count = async () => (await app.ctx.store.db.selectFrom('sessions').select('id_hash').execute()).length;
    expect(await count()).toBe(1);
    const response = await app.request('POST', '/api/auth/logout', { cookie: session });
    expect(response.status).toBe(204);
    expect(response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(await count()).toBe(0);
    expect((await app.request('GET', '/api/me', { cookie: session })).status).toBe(401);
  });

  test('a cross-origin POST is refused', async () => {
    const { cookie } = await app.signIn(['host']);
    const foreign = await app.request('POST', '/api/auth/logout', { cookie, headers: { origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    const crossSite = await app.request('POST', '/api/auth/logout', { cookie, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.status).toBe(403);
    expect((await app.request('GET', '/api/me', { cookie })).status).toBe(200);
    const own = await app.request('POST', '/api/auth/logout', { cookie, headers: { origin: app.url } });
    expect(own.status).toBe(204);
  });

  test('a burst of sign-in attempts from one address gets 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 65; i += 1) {
      statuses.push((await fetch(`${app.url}/api/auth/start`, { method: 'POST' })).status);
    }
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const limited = await app.request<{ message: string }>('POST', '/api/auth/start');
    expect(limited.body.message).toBe('Too many sign-in attempts. Please wait a minute and try again.');
    const callbacks: number[] = [];
    for (let i = 0; i < 61; i += 1) {
      callbacks.push((await app.request('POST', '/api/auth/callback', { body: { code: 'x', state: 'x', redirect_uri: 'x' } })).status);
    }
    expect(callbacks.at(-1)).toBe(429);
  });
});

describe('Discord sign-in with PUBLIC_URL on https', () => {
  let fake: FakeDiscord;
  let app: TestApp;
  beforeAll(async () => {
    fake = await startFakeDiscord();
    app = await startTestApp('sqlite', discordEnv(fake, { PUBLIC_URL: 'https://lineup.example.org' }));
  });
  afterAll(async () => {
    await app.destroy();
    await fake.close();
  });

  test('redirect_uri must be the public one and the cookies are Secure', async () => {
    const started = await start(app, fake);
    expect(started.url.searchParams.get('redirect_uri')).toBe('https://lineup.example.org/discordRedirect');
    const { code } = fake.person({ nick: null, avatar: null, roles: [DJ_ROLE] });
    const ownOrigin = await callback(app, started, code);
    expect(ownOrigin.status).toBe(400);
    const again = await start(app, fake);
    const response = await callback(app, again, code, { redirect_uri: 'https://lineup.example.org/discordRedirect' });
    expect(response.status).toBe(200);
    const session = response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
    expect(session).toMatch(/; Secure/);
    expect(session).toMatch(/; HttpOnly/);
  });
});

describe('the client secret never leaves the server', () => {
  test('not in any response body or header, nor in any log line, on success and failure', async () => {
    const fake = await startFakeDiscord();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lineup-auth-log-'));
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'trace',
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: 'never',
      ...discordEnv(fake),
    });
    const running = await startServer(config, { logStream });
    const seen: string[] = [];
    const record = (response: { status: number; headers: Headers; text: string }) => {
      seen.push(String(response.status), response.text, ...[...response.headers].map(([k, v]) => `${k}: ${v}`));
    };
    try {
      const members = [
        fake.person({ nick: 'Ok', avatar: null, roles: [ADMIN_ROLE] }),
        fake.person(null),
      ];
      for (const { code } of members) record(await callback(running, await start(running, fake), code));
      record(await callback(running, await start(running, fake), 'bad-code'));
      record(await callback(running, await start(running, fake), members[0]!.code, { state: 'wrong-state-wrong-state' }));
      fake.failProfile(true);
      const { code } = fake.person({ nick: null, avatar: null, roles: [] });
      record(await callback(running, await start(running, fake), code));
      fake.failProfile(false);
      const startResponse = await fetch(`${running.url}/api/auth/start`, { method: 'POST' });
      record({ status: startResponse.status, headers: startResponse.headers, text: await startResponse.text() });

      expect(seen.join('\n')).not.toContain(CLIENT_SECRET);
      expect(lines.length).toBeGreaterThan(10);
      expect(lines.join('')).not.toContain(CLIENT_SECRET);
      expect(lines.join('')).not.toContain(Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64'));
      // The cause of a failure is logged, without secrets.
      expect(lines.join('')).toContain('token exchange refused: invalid_grant');
      expect(lines.join('')).toContain('profile request answered 500');
      // The secret did reach Discord (as HTTP Basic credentials), so the check above means something.
      expect(fake.seen.some((r) => r.authorization?.startsWith('Basic '))).toBe(true);
    } finally {
      await running.stop();
      await fake.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
