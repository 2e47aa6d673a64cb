import fs from 'node:fs';
import { API } from '@shared/api/index.js';
import { malformed } from '@shared/testing/api-client.js';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { Role } from '@shared/domain.js';
import { AUTH_MESSAGES } from '@shared/schemas/auth.js';
import { loadConfig } from '../config.js';
import { startServer } from '../start.js';
import { type Behaviour, startElsewhere } from '../testing/fake-server.js';
import {
  cookieValue,
  FAKE_DISCORD,
  type FakeDiscord,
  fakeDiscordEnv,
  signInCallback,
  startFakeDiscord,
  startSignIn,
  startSignInAt,
} from '../testing/fake-discord.js';
import { startTestApp, testDialects, type TestApp } from '../testing/harness.js';
import { SESSION_COOKIE } from './sessions.js';

// Sign-in against the tests' fake Discord (testing/fake-discord.ts) reached through DISCORD_API_URL.

const { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, guild: GUILD } = FAKE_DISCORD;
const { adminRole: ADMIN_ROLE, hostRole: HOST_ROLE, djRole: DJ_ROLE, otherRole: OTHER_ROLE } = FAKE_DISCORD;
const discordEnv = fakeDiscordEnv;
const start = startSignIn;
const callback = signInCallback;

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
    const me = await app.call(API.auth.getMe, {}, { as: { cookie: session } });
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ ...response.body, djId: roles.length > 0 ? expect.any(String) : null });
  });

  test('a member without roles gets no roster entry; one who has a role later gets one then', async () => {
    const roleless = fake.person({ nick: 'Lurker', avatar: null, roles: [OTHER_ROLE] });
    const response = await callback(app, await start(app, fake), roleless.code);
    expect(response.body).toMatchObject({ djId: null, publicName: 'Lurker', roles: [] });
    const entries = () => app.ctx.store.db.selectFrom('djs').select(['id', 'public_name']).where('discord_id', '=', roleless.id).execute();
    expect(await entries()).toEqual([]);
    const session = cookieValue(response.headers.getSetCookie(), SESSION_COOKIE)!;
    expect((await app.call(API.auth.getMe, {}, { as: { cookie: session } })).body).toMatchObject({ djId: null, publicName: 'Lurker' });

    const promoted = fake.person({ nick: 'Lurker', avatar: null, roles: [DJ_ROLE] }, { id: roleless.id });
    const again = await callback(app, await start(app, fake), promoted.code);
    expect(again.body).toMatchObject({ djId: expect.any(String), roles: ['dj'] });
    expect(await entries()).toEqual([{ id: again.body.djId, public_name: 'Lurker' }]);
  });

  test("a sign-in fills the roster's public name only while staff left it empty", async () => {
    const staffCookie = (await app.signIn(['admin'])).cookie;
    const person = fake.person({ nick: 'Discord Nick', avatar: null, roles: [DJ_ROLE] });
    const added = await app.call(API.djs.createDj, { body: { discordId: person.id, publicName: 'Name Staff Chose', djName: 'DJ Staff', rtmpUrl: '', twitchUsername: '' } }, { as: { cookie: staffCookie } });
    expect(added.status).toBe(201);
    const signedIn = await callback(app, await start(app, fake), person.code);
    expect(signedIn.body.djId).toBe(added.body.id);
    const stored = await app.ctx.store.db.selectFrom('djs').select(['public_name', 'dj_name']).where('id', '=', added.body.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ public_name: 'Name Staff Chose', dj_name: 'DJ Staff' });
  });

  test('first sign-in creates the DJ, the next one refreshes the avatar but keeps the name staff may have edited', async () => {
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
    expect(rows[0]).toMatchObject({ public_name: 'Nicky', dj_name: 'Nicky', avatar_url: `https://cdn.discordapp.com/avatars/${first.id}/ffee.png?size=128` });
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
    expect((await app.call(API.auth.getMe, {}, { as: { cookie: first } })).status).toBe(401);
    expect((await app.call(API.auth.getMe, {}, { as: { cookie: secondCookie } })).status).toBe(200);
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
    const response = await app.call(API.auth.completeSignIn, malformed({ body: { code: 5 } }));
    expect(response.status).toBe(400);
  });

  test('logout deletes the session row and clears the cookie', async () => {
    const { code } = fake.person({ nick: null, avatar: null, roles: [HOST_ROLE] });
    const session = cookieValue((await callback(app, await start(app, fake), code)).headers.getSetCookie(), SESSION_COOKIE)!;
    const count = async () => (await app.ctx.store.db.selectFrom('sessions').select('id_hash').execute()).length;
    expect(await count()).toBe(1);
    // Read twice first, so the guard holds the session in memory (auth/guard.ts) when it ends.
    expect((await app.call(API.auth.getMe, {}, { as: { cookie: session } })).status).toBe(200);
    expect((await app.call(API.auth.getMe, {}, { as: { cookie: session } })).status).toBe(200);
    const response = await app.call(API.auth.signOut, {}, { as: { cookie: session } });
    expect(response.status).toBe(204);
    expect(response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(await count()).toBe(0);
    expect((await app.call(API.auth.getMe, {}, { as: { cookie: session } })).status).toBe(401);
  });

  test('a cross-origin POST is refused', async () => {
    const { cookie } = await app.signIn(['host']);
    const foreign = await app.call(API.auth.signOut, {}, { as: { cookie }, headers: { origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    const crossSite = await app.call(API.auth.signOut, {}, { as: { cookie }, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.status).toBe(403);
    expect((await app.call(API.auth.getMe, {}, { as: { cookie } })).status).toBe(200);
    const own = await app.call(API.auth.signOut, {}, { as: { cookie }, headers: { origin: app.url } });
    expect(own.status).toBe(204);
  });

  test('a burst of sign-in attempts from one address gets 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 65; i += 1) statuses.push((await startSignInAt(app.url)).status);
    expect(statuses.slice(0, 60).every((s) => s === 303)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const limited = await app.request<{ message: string }>('GET', '/login/discord');
    expect(limited.body.message).toBe('Too many sign-in attempts. Please wait a minute and try again.');
    const callbacks: number[] = [];
    for (let i = 0; i < 61; i += 1) {
      callbacks.push((await app.call(API.auth.completeSignIn, { body: { code: 'x', state: 'x', redirect_uri: 'x' } })).status);
    }
    expect(callbacks.at(-1)).toBe(429);
  });
});

describe.each(testDialects)('Discord misbehaving during sign-in on %s', (dialect) => {
  let fake: FakeDiscord;
  let app: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    fake = await startFakeDiscord();
    app = await startTestApp(dialect, discordEnv(fake), { limits: { discordTimeoutMs: 400 }, logLines });
  });
  afterEach(() => fake.reset());
  afterAll(async () => {
    await app.destroy();
    await fake.close();
  });

  test.each<[string, 'token' | 'profile' | 'member', Behaviour, string]>([
    ['the token endpoint answers malformed JSON', 'token', 'malformed', 'token exchange answer is not valid JSON'],
    ['the token endpoint sends headers, then stalls', 'token', 'stallBody', 'token exchange request failed: no complete answer within 400 ms'],
    ['the token endpoint never answers', 'token', 'stall', 'token exchange request failed: no complete answer within 400 ms'],
    ['the token endpoint answers 503', 'token', { status: 503 }, 'token exchange answered 503'],
    ['the profile is malformed JSON', 'profile', 'malformed', 'profile answer is not valid JSON'],
    ['the profile stalls mid-body', 'profile', 'stallBody', 'profile request failed: no complete answer within 400 ms'],
    ['the membership is malformed JSON', 'member', 'malformed', 'guild membership answer is not valid JSON'],
    ['the membership stalls mid-body', 'member', 'stallBody', 'guild membership request failed: no complete answer within 400 ms'],
  ])('%s: 502 "Authentication failed" and a warning with the reason, never a token', async (_label, endpoint, behaviour, reason) => {
    const { code } = fake.person({ nick: null, avatar: null, roles: [DJ_ROLE] });
    const started = await start(app, fake);
    fake.behave(endpoint, behaviour);
    const before = logLines.length;
    const began = Date.now();
    const response = await callback(app, started, code);
    expect(Date.now() - began).toBeLessThan(3_000);
    expect(response.status).toBe(502);
    expect(response.body).toEqual({ code: 'auth_failed', message: AUTH_MESSAGES.failed });
    expect(cookieValue(response.headers.getSetCookie(), SESSION_COOKIE)).toBeUndefined();
    const lines = logLines.slice(before);
    const warning = lines.map((line) => JSON.parse(line) as { level: number; msg: string; reason?: string }).find((line) => line.msg === 'sign-in failed');
    expect(warning).toMatchObject({ level: 40, reason });
    expect(lines.join('\n')).not.toMatch(/access-\d|refresh-\d|"stack"/);
    expect(lines.join('\n')).not.toContain(CLIENT_SECRET);
  });
});

describe.each(testDialects)('Discord answering a redirect during sign-in on %s', (dialect) => {
  let fake: FakeDiscord;
  let elsewhere: Awaited<ReturnType<typeof startElsewhere>>;
  let app: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    fake = await startFakeDiscord();
    // Answers what a redirected call would take for Discord's: tokens, a profile, a membership.
    elsewhere = await startElsewhere({ access_token: 'elsewhere', token_type: 'Bearer', expires_in: 600, refresh_token: 'r', scope: 'identify', id: '1', username: 'x', roles: [] });
    app = await startTestApp(dialect, discordEnv(fake), { logLines });
  });
  afterEach(() => fake.reset());
  afterAll(async () => {
    await app.destroy();
    await fake.close();
    await elsewhere.close();
  });

  test.each<['token' | 'profile' | 'member', number, string]>([
    ['token', 307, 'token exchange request failed: answered a redirect (307), which is not followed'],
    ['token', 308, 'token exchange request failed: answered a redirect (308), which is not followed'],
    ['token', 302, 'token exchange request failed: answered a redirect (302), which is not followed'],
    ['profile', 301, 'profile request failed: answered a redirect (301), which is not followed'],
    ['member', 307, 'guild membership request failed: answered a redirect (307), which is not followed'],
    ['member', 303, 'guild membership request failed: answered a redirect (303), which is not followed'],
  ])('the %s endpoint answering %i to another host: not followed, sign-in fails with 502', async (endpoint, status, reason) => {
    const { code } = fake.person({ nick: null, avatar: null, roles: [DJ_ROLE] });
    const started = await start(app, fake);
    fake.behave(endpoint, { redirectTo: `${elsewhere.url}/oauth2/token?from=${endpoint}`, status });
    const before = logLines.length;
    const response = await callback(app, started, code);
    expect(response.status).toBe(502);
    expect(response.body).toEqual({ code: 'auth_failed', message: AUTH_MESSAGES.failed });
    expect(cookieValue(response.headers.getSetCookie(), SESSION_COOKIE)).toBeUndefined();
    expect(elsewhere.seen).toEqual([]);
    const warning = logLines.slice(before).map((line) => JSON.parse(line) as { msg: string; reason?: string }).find((line) => line.msg === 'sign-in failed');
    expect(warning?.reason).toBe(reason);
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
      const { response: startResponse } = await startSignInAt(running.url);
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
