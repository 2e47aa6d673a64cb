import type { FastifyRequest } from 'fastify';
import { API } from '@shared/api/index.js';
import { SESSION_CHECK } from '../limits.js';
import { FAKE_DISCORD, type FakeDiscord, fakeDiscordEnv, MEMBER_PATH, signInAs, startFakeDiscord } from '../testing/fake-discord.js';
import { insertOpenEvent } from '../testing/fixtures.js';
import { startTestApp, testDialects, type TestApp } from '../testing/harness.js';
import { SessionChecker } from './session-check.js';
import { hashSessionToken, resumeSession } from './sessions.js';
import { sessionSealer } from './token-sealer.js';

// Sessions end when access ends: membership and roles are checked with Discord again once a day
// of use, with the tokens from sign-in (refreshed, and rotated, as needed). Time is moved by
// editing the session row: "due" is next_check_at in the past, "unchecked for long" an old
// checked_at.

const HOUR = 3_600_000;
const { djRole: DJ_ROLE, hostRole: HOST_ROLE } = FAKE_DISCORD;

describe.each(testDialects)('membership checks of a session on %s', (dialect) => {
  let fake: FakeDiscord;
  let app: TestApp;
  const logLines: string[] = [];

  beforeAll(async () => {
    fake = await startFakeDiscord();
    app = await startTestApp(dialect, fakeDiscordEnv(fake), { limits: { discordTimeoutMs: 400 }, logLines });
  });
  afterEach(() => fake.reset());
  afterAll(async () => {
    await app.destroy();
    await fake.close();
  });

  const db = () => app.ctx.store.db;
  const idOf = (cookie: string) => hashSessionToken(cookie.split('=')[1]!);
  const row = (cookie: string) => db().selectFrom('sessions').selectAll().where('id_hash', '=', idOf(cookie)).executeTakeFirst();
  /** A day (or `uncheckedFor`) has passed since the last check: the next request checks. */
  async function makeDue(cookie: string, uncheckedFor = 25 * HOUR) {
    const now = Date.now();
    await db().updateTable('sessions').set({ next_check_at: now - 1, checked_at: now - uncheckedFor }).where('id_hash', '=', idOf(cookie)).execute();
  }
  const me = (cookie: string) => app.call(API.auth.getMe, {}, { as: { cookie } });
  const staffRead = (cookie: string) => app.call(API.events.listEvents, {}, { as: { cookie } });

  async function member(roles: string[], tokenLifetimeSeconds?: number) {
    if (tokenLifetimeSeconds !== undefined) fake.setTokenLifetime(tokenLifetimeSeconds);
    const signedUp = fake.person({ nick: null, avatar: null, roles });
    const cookie = await signInAs(app, fake, signedUp.code);
    return { ...signedUp, cookie };
  }

  test('stores the Discord tokens encrypted, and makes no Discord call until a check is due', async () => {
    const { cookie } = await member([DJ_ROLE]);
    const stored = (await row(cookie))!;
    expect(stored.discord_tokens).toMatch(/^v1\./);
    expect(stored.discord_tokens).not.toMatch(/access-|refresh-/);
    expect(sessionSealer(app.ctx.config.sessionSecret).open(stored.discord_tokens, idOf(cookie))).toMatchObject({
      accessToken: expect.stringMatching(/^access-/),
      refreshToken: expect.stringMatching(/^refresh-/),
    });
    // Bound to its row: the same value does not open as another session's.
    expect(sessionSealer(app.ctx.config.sessionSecret).open(stored.discord_tokens, 'another-row')).toBeNull();
    expect(Number(stored.next_check_at) - Date.now()).toBeGreaterThan(SESSION_CHECK.everyMs - 60_000);

    const before = fake.seen.length;
    for (let i = 0; i < 5; i++) expect((await me(cookie)).status).toBe(200);
    expect(fake.seen.length).toBe(before);
  });

  test('changed roles in Discord change the session: promoted, then left with no role but still signed in', async () => {
    const dj = await member([DJ_ROLE]);
    expect((await staffRead(dj.cookie)).status).toBe(403);

    dj.person.member!.roles = [HOST_ROLE];
    await makeDue(dj.cookie);
    const before = fake.seen.length;
    expect((await me(dj.cookie)).body.roles).toEqual(['host', 'dj']);
    expect(fake.count(MEMBER_PATH, before)).toBe(1);
    expect((await staffRead(dj.cookie)).status).toBe(200);
    const checked = (await row(dj.cookie))!;
    expect(JSON.parse(checked.roles)).toEqual(['host', 'dj']);
    expect(Date.now() - Number(checked.checked_at)).toBeLessThan(60_000);
    expect(Number(checked.next_check_at) - Date.now()).toBeGreaterThan(SESSION_CHECK.everyMs - 60_000);

    dj.person.member!.roles = [];
    await makeDue(dj.cookie);
    // The request that made the check is decided with the new roles.
    expect((await staffRead(dj.cookie)).status).toBe(403);
    const now = await me(dj.cookie);
    expect(now.status).toBe(200);
    expect(now.body.roles).toEqual([]);
  });

  test('a member who left the server is signed out at the next check', async () => {
    const host = await member([HOST_ROLE]);
    host.person.member = null;
    await makeDue(host.cookie);
    expect((await staffRead(host.cookie)).status).toBe(401);
    expect(await row(host.cookie)).toBeUndefined();
    expect((await me(host.cookie)).status).toBe(401);
    expect(logLines.join('\n')).not.toMatch(/access-\d|refresh-\d/);
  });

  test('an expiring access token is refreshed, and the rotated refresh token is the one used next', async () => {
    // Tokens that expire within the refresh margin: every check refreshes first.
    const dj = await member([DJ_ROLE], 60);
    const issued = fake.refreshes().length;
    await makeDue(dj.cookie);
    expect((await me(dj.cookie)).status).toBe(200);
    await makeDue(dj.cookie);
    expect((await me(dj.cookie)).status).toBe(200);
    const refreshes = fake.refreshes().slice(issued).map((r) => new URLSearchParams(r.body).get('refresh_token'));
    expect(refreshes).toHaveLength(2);
    // Discord's refresh tokens work once: the second refresh used the token the first one returned.
    expect(refreshes[0]).not.toBe(refreshes[1]);
    const stored = sessionSealer(app.ctx.config.sessionSecret).open((await row(dj.cookie))!.discord_tokens, idOf(dj.cookie));
    expect(stored?.refreshToken).not.toBe(refreshes[1]);
    expect(stored?.accessExpiresAt).toBeGreaterThan(Date.now());
  });

  test('a refused refresh token ends the session', async () => {
    const dj = await member([DJ_ROLE], 60);
    fake.behave('refresh', { status: 400 });
    await makeDue(dj.cookie);
    expect((await me(dj.cookie)).status).toBe(401);
    expect(await row(dj.cookie)).toBeUndefined();
  });

  test('an access token Discord no longer accepts (401) ends the session', async () => {
    const dj = await member([DJ_ROLE]);
    fake.revokeAccessTokens();
    await makeDue(dj.cookie);
    expect((await me(dj.cookie)).status).toBe(401);
    expect(await row(dj.cookie)).toBeUndefined();
  });

  test('a session without Discord tokens (opened before they were stored) ends at its first check', async () => {
    const { cookie } = await app.signIn(['host']);
    expect((await me(cookie)).status).toBe(200);
    await makeDue(cookie);
    expect((await me(cookie)).status).toBe(401);
  });

  test.each<[string, Parameters<FakeDiscord['behave']>[1]]>([
    ['answers 500', { status: 500 }],
    ['is rate limiting (429)', { status: 429 }],
    ['stalls mid-answer', 'stallBody'],
    ['answers garbage', 'malformed'],
  ])('Discord that %s keeps the session, retries after a back-off, and gives up after 48 hours', async (_label, behaviour) => {
    const host = await member([HOST_ROLE]);
    fake.behave('member', behaviour);
    await makeDue(host.cookie);
    const before = fake.seen.length;
    const began = Date.now();
    expect((await staffRead(host.cookie)).status).toBe(200);
    expect(Date.now() - began).toBeLessThan(3_000);
    expect(fake.count(MEMBER_PATH, before)).toBe(1);
    const deferred = (await row(host.cookie))!;
    expect(Number(deferred.next_check_at) - Date.now()).toBeGreaterThan(SESSION_CHECK.retryAfterMs - 10_000);
    expect(Number(deferred.next_check_at) - Date.now()).toBeLessThanOrEqual(SESSION_CHECK.retryAfterMs);
    expect(logLines.some((line) => line.includes('could not check the session with Discord'))).toBe(true);

    // Within the back-off: no new attempt.
    for (let i = 0; i < 3; i++) expect((await staffRead(host.cookie)).status).toBe(200);
    expect(fake.count(MEMBER_PATH, before)).toBe(1);

    // Back-off over, Discord still away, last good check 47 hours ago: still kept.
    await makeDue(host.cookie, 47 * HOUR);
    expect((await staffRead(host.cookie)).status).toBe(200);
    expect(fake.count(MEMBER_PATH, before)).toBe(2);

    // Not confirmed for more than 48 hours: ended.
    await makeDue(host.cookie, 49 * HOUR);
    expect((await staffRead(host.cookie)).status).toBe(401);
    expect(await row(host.cookie)).toBeUndefined();
  });

  test('Discord back after an outage: the next due check confirms the session again', async () => {
    const host = await member([HOST_ROLE]);
    fake.behave('member', { status: 502 });
    await makeDue(host.cookie, 30 * HOUR);
    expect((await me(host.cookie)).status).toBe(200);
    fake.reset();
    await makeDue(host.cookie, 30 * HOUR);
    expect((await me(host.cookie)).status).toBe(200);
    expect(Date.now() - Number((await row(host.cookie))!.checked_at)).toBeLessThan(60_000);
  });

  test('a refresh that succeeded before Discord failed keeps the rotated tokens', async () => {
    const dj = await member([DJ_ROLE], 60);
    fake.behave('member', { status: 503 });
    await makeDue(dj.cookie);
    expect((await me(dj.cookie)).status).toBe(200);
    fake.reset();
    await makeDue(dj.cookie);
    // Had the rotated refresh token been lost, this refresh would be refused and the session end.
    expect((await me(dj.cookie)).status).toBe(200);
  });

  test('concurrent requests of a session that is due make one check between them', async () => {
    const dj = await member([DJ_ROLE]);
    dj.person.member!.roles = [HOST_ROLE];
    fake.behave('member', { delayMs: 200 });
    await makeDue(dj.cookie);
    const before = fake.seen.length;
    const answers = await Promise.all(Array.from({ length: 8 }, () => me(dj.cookie)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(fake.count(MEMBER_PATH, before)).toBe(1);
    // Every one of them waited for the check and was decided with the new roles.
    expect(answers.every((a) => a.body.roles.includes('host'))).toBe(true);
  });

  test('a check another app instance has claimed is not made twice', async () => {
    const dj = await member([DJ_ROLE]);
    const token = dj.cookie.split('=')[1]!;
    const request = { log: app.app.log, server: app.app } as unknown as FastifyRequest;
    const checker = new SessionChecker(app.ctx);

    // This instance reads the session as due; another one claims the check before it does.
    await makeDue(dj.cookie);
    const resumed = (await resumeSession(db(), token, app.ctx.config.sessionTtlMs))!;
    await db().updateTable('sessions').set({ next_check_at: Date.now() + SESSION_CHECK.claimMs }).where('id_hash', '=', idOf(dj.cookie)).execute();
    const before = fake.seen.length;
    expect(await checker.ensureChecked(resumed, request)).toMatchObject({ roles: ['dj'] });
    expect(fake.count(MEMBER_PATH, before)).toBe(0);

    // The same, for a session not confirmed for more than 48 hours: refused, but left to the
    // instance that is checking it.
    await makeDue(dj.cookie, 49 * HOUR);
    const stale = (await resumeSession(db(), token, app.ctx.config.sessionTtlMs))!;
    await db().updateTable('sessions').set({ next_check_at: Date.now() + SESSION_CHECK.claimMs }).where('id_hash', '=', idOf(dj.cookie)).execute();
    expect(await checker.ensureChecked(stale, request)).toBeNull();
    expect(await row(dj.cookie)).toBeDefined();
    expect(fake.count(MEMBER_PATH, before)).toBe(0);
  });
});

describe.each(testDialects)('sessions ended by their check, and expired ones, on %s', (dialect) => {
  test('a session ended by its Discord check has its live streams closed at once', async () => {
    const fake = await startFakeDiscord();
    // The heartbeat is far off: only the check itself can close the stream in time.
    const app = await startTestApp(dialect, fakeDiscordEnv(fake), { limits: { streamHeartbeatMs: 60_000 } });
    try {
      const host = fake.person({ nick: null, avatar: null, roles: [HOST_ROLE] });
      const cookie = await signInAs(app, fake, host.code);
      const eventId = await insertOpenEvent(app.ctx.store.db);
      const stream = await app.openStream(API.events.eventChanges, { params: { eventId } }, { as: { cookie } });
      expect(stream.status).toBe(200);
      const ended = stream.closed;
      host.person.member = null;
      await app.ctx.store.db.updateTable('sessions').set({ next_check_at: Date.now() - 1 }).execute();
      expect((await app.call(API.auth.getMe, {}, { as: { cookie } })).status).toBe(401);
      await Promise.race([ended, new Promise((_, reject) => setTimeout(() => reject(new Error('stream still open')), 3_000))]);
    } finally {
      await app.destroy();
      await fake.close();
    }
  });

  test('a session opened before migration 003 (no tokens, never checked) ends at its first use', async () => {
    const app = await startTestApp(dialect);
    try {
      const { cookie } = await app.signIn(['host']);
      // What migration 003 leaves on an older session: its column defaults.
      await app.ctx.store.db.updateTable('sessions').set({ discord_tokens: null, checked_at: 0, next_check_at: 0 }).execute();
      expect((await app.call(API.auth.getMe, {}, { as: { cookie } })).status).toBe(401);
    } finally {
      await app.destroy();
    }
  });

  test('expired sessions are deleted on a schedule; live ones stay', async () => {
    const app = await startTestApp(dialect, {}, { limits: { sessionPurgeIntervalMs: 100 } });
    try {
      const live = await app.signIn(['dj']);
      const expired = await app.signIn(['dj']);
      const db = app.ctx.store.db;
      await db.updateTable('sessions').set({ expires_at: Date.now() - 1 }).where('id_hash', '=', hashSessionToken(expired.cookie.split('=')[1]!)).execute();
      const remaining = async () => (await db.selectFrom('sessions').select('id_hash').execute()).map((r) => r.id_hash);
      for (let i = 0; i < 40 && (await remaining()).length > 1; i++) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await remaining()).toEqual([hashSessionToken(live.cookie.split('=')[1]!)]);
    } finally {
      await app.destroy();
    }
  });
});
