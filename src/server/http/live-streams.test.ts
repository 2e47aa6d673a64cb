import { hashSessionToken } from '../auth/sessions.js';
import { API } from '@shared/api/index.js';
import { insertOpenEvent } from '../testing/fixtures.js';
import type { OpenStream } from '../testing/streams.js';
import { startTestApp, testDialects, type TestApp } from '../testing/harness.js';

// Live-update streams outlive the request the guard checked: they are capped, closed at once
// when their session logs out, and closed at the next heartbeat when their session has expired,
// ended elsewhere, lost the role the stream needs, or is due for its Discord check.

const HEARTBEAT_MS = 100;

const openStream = (app: TestApp, cookie: string, eventId: string) => app.openStream(API.events.eventChanges, { params: { eventId } }, { as: { cookie } });

const within = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms))]);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testDialects)('live-update streams on %s', (dialect) => {
  let app: TestApp;
  let eventId: string;
  const open: OpenStream[] = [];
  const stream = async (cookie: string) => {
    const opened = await openStream(app, cookie, eventId);
    open.push(opened);
    return opened;
  };

  beforeAll(async () => {
    app = await startTestApp(dialect, {}, { limits: { streamHeartbeatMs: HEARTBEAT_MS, streamsPerSession: 2, streamsTotal: 3 } });
    eventId = await insertOpenEvent(app.ctx.store.db);
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((s) => s.cancel()));
    // The server notices the cancelled streams before the next test counts them.
    for (let i = 0; i < 50 && app.app.liveStreams.size > 0; i++) await pause(20);
  });
  afterAll(async () => {
    await app.destroy();
  });

  const sessionRow = (cookie: string) => app.ctx.store.db.updateTable('sessions').where('id_hash', '=', hashSessionToken(cookie.split('=')[1]!));

  test('logging out closes that session’s streams at once, and no other session’s', async () => {
    // A heartbeat long enough that only the logout itself can close the streams in time.
    const slow = await startTestApp(dialect, {}, { limits: { streamHeartbeatMs: 60_000 } });
    try {
      const event = await insertOpenEvent(slow.ctx.store.db);
      const mine = await slow.signIn(['host']);
      const other = await slow.signIn(['host']);
      const [first, second, theirs] = [await openStream(slow, mine.cookie, event), await openStream(slow, mine.cookie, event), await openStream(slow, other.cookie, event)];
      expect([first.status, second.status, theirs.status]).toEqual([200, 200, 200]);
      expect((await slow.call(API.auth.signOut, {}, { as: mine })).status).toBe(204);
      await within(Promise.all([first.closed, second.closed]), 3_000, 'the logged-out session’s streams close');
      await pause(200);
      expect(theirs.isClosed()).toBe(false);
      await theirs.cancel();
    } finally {
      await slow.destroy();
    }
  });

  test.each<[string, (cookie: string) => Promise<unknown>]>([
    ['expired', (cookie) => sessionRow(cookie).set({ expires_at: Date.now() - 1 }).execute()],
    ['ended elsewhere (row deleted)', (cookie) => app.ctx.store.db.deleteFrom('sessions').where('id_hash', '=', hashSessionToken(cookie.split('=')[1]!)).execute()],
    ['no longer staff', (cookie) => sessionRow(cookie).set({ roles: JSON.stringify(['dj']) }).execute()],
    ['due for its Discord check', (cookie) => sessionRow(cookie).set({ next_check_at: Date.now() - 1 }).execute()],
  ])('a session %s has its streams closed at the next heartbeat', async (_label, change) => {
    const { cookie } = await app.signIn(['host']);
    const live = await stream(cookie);
    expect(live.status).toBe(200);
    // A valid session's stream gets heartbeats and stays open.
    for (let i = 0; i < 100 && !live.text().includes(': heartbeat'); i++) await pause(20);
    expect(live.text()).toContain(': heartbeat');
    expect(live.isClosed()).toBe(false);
    await change(cookie);
    // Closed at the next heartbeat (generous for a loaded machine; the default heartbeat is 25 s).
    await within(live.closed, 2_000, 'the stream closes');
  });

  test('beyond the per-session cap a stream is refused with 429 in the usual error shape', async () => {
    const { cookie } = await app.signIn(['host']);
    expect((await stream(cookie)).status).toBe(200);
    expect((await stream(cookie)).status).toBe(200);
    const refused = await stream(cookie);
    expect(refused.status).toBe(429);
    expect(refused.error).toEqual({
      code: 'rate_limited',
      message: 'Too many live-update connections are open for this sign-in. Close some event pages and try again.',
    });
    // Another session still gets one.
    const other = await app.signIn(['admin']);
    expect((await stream(other.cookie)).status).toBe(200);
    // Closing one makes room again.
    await open[0]!.cancel();
    for (let i = 0; i < 50 && app.app.liveStreams.size > 2; i++) await pause(20);
    expect((await stream(cookie)).status).toBe(200);
  });

  test('beyond the server-wide cap a stream is refused with 429', async () => {
    for (let i = 0; i < 3; i++) expect((await stream((await app.signIn(['host'])).cookie)).status).toBe(200);
    const refused = await stream((await app.signIn(['host'])).cookie);
    expect(refused.status).toBe(429);
    expect(refused.error).toEqual({ code: 'rate_limited', message: 'The server has too many live-update connections open. Please try again in a minute.' });
  });
});
