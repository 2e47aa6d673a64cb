import { API } from '@shared/api/index.js';
import net from 'node:net';
import { insertOpenEvent } from '../testing/fixtures.js';
import { startSignInAt } from '../testing/fake-discord.js';
import { startTestApp, testDialects, type TestApp } from '../testing/harness.js';

// The limits a server on the internet needs (limits.ts): slow senders are cut off, live-update
// streams are not, and X-Forwarded-* is believed only from the proxies TRUST_PROXY names.

const SHORT = { requestTimeoutMs: 800, headersTimeoutMs: 400, keepAliveTimeoutMs: 300, timeoutCheckIntervalMs: 50, streamHeartbeatMs: 100 };

/** Sends `first`, then `trickle` one piece every `everyMs` until the server closes; what came back and when. */
function slowSender(app: TestApp, first: string, trickle: string, everyMs: number, maxMs = 5_000) {
  const { hostname, port } = new URL(app.url);
  return new Promise<{ answer: string; closedAfterMs: number }>((resolve, reject) => {
    const began = Date.now();
    const socket = net.connect(Number(port), hostname, () => socket.write(first));
    let answer = '';
    const timer = setInterval(() => {
      if (Date.now() - began > maxMs) {
        socket.destroy();
        reject(new Error(`not cut off within ${maxMs} ms`));
      } else if (socket.writable) socket.write(trickle);
    }, everyMs);
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, closedAfterMs: Date.now() - began });
    });
  });
}

describe.each(testDialects)('request timeouts on %s', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect, {}, { limits: SHORT });
  });
  afterAll(async () => {
    await app.destroy();
  });

  test('headers sent one slow line at a time are cut off with 408 once the headers timeout passes', async () => {
    const { answer, closedAfterMs } = await slowSender(app, 'GET /healthz HTTP/1.1\r\nHost: localhost\r\n', 'X-Slow: yes\r\n', 100);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({ code: 'invalid_request', message: 'The request took too long to arrive.' });
    expect(closedAfterMs).toBeGreaterThanOrEqual(SHORT.headersTimeoutMs - 50);
    expect(closedAfterMs).toBeLessThan(SHORT.requestTimeoutMs + 500);
  });

  test('a body sent a byte at a time is cut off with 408 once the request timeout passes', async () => {
    const head = 'POST /api/auth/logout HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n';
    const { answer, closedAfterMs } = await slowSender(app, head, ' ', 100);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAfterMs).toBeGreaterThanOrEqual(SHORT.requestTimeoutMs - 50);
    expect(closedAfterMs).toBeLessThan(SHORT.requestTimeoutMs + 1_000);
  });

  test('ordinary requests are not affected', async () => {
    expect((await app.request('GET', '/healthz')).status).toBe(200);
  });

  test('a live-update stream outlives every timeout, kept open by its heartbeat', async () => {
    const { cookie } = await app.signIn(['host']);
    const eventId = await insertOpenEvent(app.ctx.store.db);
    const stream = await app.openStream(API.events.eventChanges, { params: { eventId } }, { as: { cookie } });
    expect(stream.status).toBe(200);
    const lasting = SHORT.requestTimeoutMs + SHORT.headersTimeoutMs + SHORT.keepAliveTimeoutMs + 500;
    await new Promise((resolve) => setTimeout(resolve, lasting));
    expect(stream.isClosed()).toBe(false);
    expect(stream.text().match(/: heartbeat/g)?.length ?? 0).toBeGreaterThanOrEqual(5);
    await stream.cancel();
    await stream.closed;
  });
});

describe('TRUST_PROXY', () => {
  /** The redirect_uri the app builds from what it believes the request's protocol and host are. */
  async function believedOrigin(env: Record<string, string>, headers: Record<string, string>) {
    const app = await startTestApp('sqlite', env);
    try {
      const { url } = await startSignInAt(app.url, headers);
      return { origin: new URL(url.searchParams.get('redirect_uri')!).origin, own: app.url };
    } finally {
      await app.destroy();
    }
  }
  const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'lineup.example.org', 'x-forwarded-for': '203.0.113.9' };

  test.each([
    ['false (the default)', {}, false],
    ['a hop count', { TRUST_PROXY: '1' }, true],
    ['the proxy address', { TRUST_PROXY: '127.0.0.1' }, true],
    ['a range holding the proxy', { TRUST_PROXY: '10.0.0.0/8, 127.0.0.0/8' }, true],
    ['a range that does not hold the sender', { TRUST_PROXY: '10.0.0.0/8' }, false],
  ])('%s: X-Forwarded-* believed: %s', async (_label, env, believed) => {
    const { origin, own } = await believedOrigin(env, forwarded);
    expect(origin).toBe(believed ? 'https://lineup.example.org' : own);
  });

  test('a hop count takes the client address that many proxies back, never one the client wrote further left', async () => {
    const lines: string[] = [];
    const app = await startTestApp('sqlite', { TRUST_PROXY: '2', LOG_LEVEL: 'info' }, { logLines: lines });
    try {
      // The client wrote 198.51.100.66 itself; proxy 1 appended the client's real address
      // (203.0.113.9), proxy 2 (the peer, 127.0.0.1) appended proxy 1's (10.0.0.2).
      await fetch(`${app.url}/healthz`, { headers: { 'x-forwarded-for': '198.51.100.66, 203.0.113.9, 10.0.0.2' } });
      const addresses = lines.map((line) => (JSON.parse(line) as { req?: { remoteAddress?: string } }).req?.remoteAddress).filter(Boolean);
      expect(addresses).toContain('203.0.113.9');
      expect(addresses).not.toContain('198.51.100.66');
    } finally {
      await app.destroy();
    }
  });
});
