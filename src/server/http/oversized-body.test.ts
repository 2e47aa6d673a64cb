import net from 'node:net';
import { API } from '@shared/api/index.js';
import { BODY_LIMIT_BYTES, REFUSED_BODY_DRAIN_BYTES } from '../limits.js';
import { insertOpenEvent, intake } from '../testing/fixtures.js';
import { startTestApp, testDialects, type TestApp } from '../testing/harness.js';

// A body over the limit is refused with 413 and a message, whoever sends it and however: also to
// a client that sends its whole request before it reads the answer (curl with a file, Python's
// requests, a form post), in one piece or chunked, on both databases. The connection then stays
// usable. Only a body beyond what is worth reading (REFUSED_BODY_DRAIN_BYTES) has its connection closed.
// Requests are written to the socket by hand on purpose: how the bytes arrive is what is tested.

const TOO_LARGE = { code: 'too_large', message: 'The request is too large.' };

interface Exchange {
  /** Everything the server sent back, as text. */
  answer: string;
  /** The socket error the client met while sending, if any (EPIPE, ECONNRESET). */
  sendError?: string;
}

/** Writes every request in full (waiting until the socket took it all), then reads whatever comes back until the server is silent. */
function sendAllThenRead(app: TestApp, requests: Buffer[]): Promise<Exchange> {
  const { hostname, port } = new URL(app.url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    let answer = '';
    let sendError: string | undefined;
    let quiet: NodeJS.Timeout | undefined;
    const finish = () => {
      clearTimeout(quiet);
      socket.destroy();
      resolve({ answer, ...(sendError && { sendError }) });
    };
    socket.pause();
    socket.on('data', (chunk) => {
      answer += chunk.toString();
      clearTimeout(quiet);
      quiet = setTimeout(finish, 300);
    });
    socket.on('error', (error: NodeJS.ErrnoException) => (sendError ??= error.code));
    socket.on('close', finish);
    socket.on('connect', () => {
      for (const request of requests) socket.write(request);
      socket.write('', () => {
        socket.resume();
        quiet = setTimeout(finish, 2_000);
      });
    });
  });
}

function post(path: string, cookie: string, body: Buffer, { chunked = false } = {}): Buffer {
  const head = `POST ${path} HTTP/1.1\r\nHost: localhost\r\nCookie: ${cookie}\r\nContent-Type: application/json\r\n`;
  if (!chunked) return Buffer.concat([Buffer.from(`${head}Content-Length: ${body.length}\r\n\r\n`), body]);
  const chunks: Buffer[] = [Buffer.from(`${head}Transfer-Encoding: chunked\r\n\r\n`)];
  for (let at = 0; at < body.length; at += 64 * 1024) {
    const piece = body.subarray(at, at + 64 * 1024);
    chunks.push(Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from('0\r\n\r\n'));
  return Buffer.concat(chunks);
}

const healthz = Buffer.from('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');

/** The status and JSON body of each answer in `text`, in order. */
function answers(text: string): Array<{ status: number; body: unknown }> {
  return [...text.matchAll(/HTTP\/1\.1 (\d{3})[^]*?\r\n\r\n(\{[^\r\n]*?\})(?=HTTP\/1\.1|$)/g)].map((match) => ({
    status: Number(match[1]),
    body: JSON.parse(match[2]!),
  }));
}

describe.each(testDialects)('an oversized body on %s', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect);
  });
  afterAll(async () => {
    await app.destroy();
  });

  test.each([
    ['in one piece', false],
    ['chunked', true],
  ])('a 10 MB signup name sent %s before the answer is read gets 413 with a message, and the connection serves the next request', async (_how, chunked) => {
    const eventId = await insertOpenEvent(app.ctx.store.db);
    const dj = await app.signIn(['dj']);
    const body = Buffer.from(JSON.stringify(intake(eventId, { name: 'x'.repeat(10 * 1024 * 1024) })));
    const { answer, sendError } = await sendAllThenRead(app, [post('/api/signup', dj.cookie, body, { chunked }), healthz]);
    expect(sendError).toBeUndefined();
    const [refusal, next] = answers(answer);
    expect(refusal).toEqual({ status: 413, body: TOO_LARGE });
    expect(next?.status).toBe(200);
    expect(await app.ctx.store.db.selectFrom('signups').selectAll().where('event_id', '=', eventId).execute()).toEqual([]);
  });

  test('the same through fetch, and a body just under the limit is read', async () => {
    const eventId = await insertOpenEvent(app.ctx.store.db);
    const dj = await app.signIn(['dj']);
    const huge = await app.call(API.signup.submitSignup, { body: intake(eventId, { name: 'x'.repeat(10 * 1024 * 1024) }) }, { as: dj });
    expect(huge).toMatchObject({ status: 413, error: TOO_LARGE });
    const under = await app.call(API.signup.submitSignup, { body: intake(eventId, { name: 'x'.repeat(BODY_LIMIT_BYTES - 1024) }) }, { as: dj });
    expect(under.status).toBe(400);
    expect(under.error.message).toMatch(/100 characters/);
  });

  test('a refused anonymous upload gets its 401 the same way', async () => {
    const body = Buffer.from(JSON.stringify(intake('x', { name: 'x'.repeat(10 * 1024 * 1024) })));
    const { answer, sendError } = await sendAllThenRead(app, [post('/api/signup', 'nobody=1', body), healthz]);
    expect(sendError).toBeUndefined();
    expect(answers(answer).map((a) => a.status)).toEqual([401, 200]);
  });

  test.each([
    ['over the limit', true],
    ['refused by the guard', false],
  ])('a body declared larger than is worth reading is not read: its connection is closed at once (%s)', async (_why, signedIn) => {
    const cookie = signedIn ? (await app.signIn(['dj'])).cookie : 'nobody=1';
    const { hostname, port } = new URL(app.url);
    const closedAfterMs = await new Promise<number>((resolve) => {
      const began = Date.now();
      const socket = net.connect(Number(port), hostname, () => {
        socket.write(`POST /api/signup HTTP/1.1\r\nHost: localhost\r\nCookie: ${cookie}\r\nContent-Type: application/json\r\nContent-Length: ${REFUSED_BODY_DRAIN_BYTES + 1}\r\n\r\n{"name":"`);
      });
      socket.on('data', () => {});
      socket.on('error', () => {});
      socket.on('close', () => resolve(Date.now() - began));
    });
    expect(closedAfterMs).toBeLessThan(2_000);
  });

  test('a chunked body found larger than is worth reading has its connection closed once that much has come', async () => {
    const dj = await app.signIn(['dj']);
    const { hostname, port } = new URL(app.url);
    const piece = Buffer.concat([Buffer.from(`${(1024 * 1024).toString(16)}\r\n`), Buffer.alloc(1024 * 1024, 'x'), Buffer.from('\r\n')]);
    const sent = await new Promise<number>((resolve) => {
      let bytes = 0;
      let closed = false;
      const socket = net.connect(Number(port), hostname, () => {
        socket.write(`POST /api/signup HTTP/1.1\r\nHost: localhost\r\nCookie: ${dj.cookie}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`);
        const more = () => {
          // Bounded: the server must have closed long before four times the limit.
          while (!closed && bytes < 4 * REFUSED_BODY_DRAIN_BYTES) {
            bytes += piece.length;
            if (!socket.write(piece)) return void socket.once('drain', more);
          }
          socket.destroy();
        };
        more();
      });
      socket.on('data', () => {});
      socket.on('error', () => {});
      socket.on('close', () => {
        closed = true;
        resolve(bytes);
      });
    });
    expect(sent).toBeLessThan(2 * REFUSED_BODY_DRAIN_BYTES);
  });
});

describe.each(testDialects)('a refused body sent slowly on %s', (dialect) => {
  const SHORT = { requestTimeoutMs: 800, headersTimeoutMs: 400, timeoutCheckIntervalMs: 50 };
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect, {}, { limits: SHORT });
  });
  afterAll(async () => {
    await app.destroy();
  });

  test('is answered 413 at once and its connection closed when the request timeout passes', async () => {
    const dj = await app.signIn(['dj']);
    const { hostname, port } = new URL(app.url);
    const { answer, closedAfterMs } = await new Promise<{ answer: string; closedAfterMs: number }>((resolve) => {
      const began = Date.now();
      let answer = '';
      const socket = net.connect(Number(port), hostname, () =>
        socket.write(`POST /api/signup HTTP/1.1\r\nHost: localhost\r\nCookie: ${dj.cookie}\r\nContent-Type: application/json\r\nContent-Length: ${1024 * 1024}\r\n\r\n{"name":"`),
      );
      const trickle = setInterval(() => (Date.now() - began > 5_000 ? socket.destroy() : socket.writable && socket.write('x')), 50);
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.on('error', () => {});
      socket.on('close', () => {
        clearInterval(trickle);
        resolve({ answer, closedAfterMs: Date.now() - began });
      });
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(closedAfterMs).toBeGreaterThanOrEqual(SHORT.requestTimeoutMs - 50);
    expect(closedAfterMs).toBeLessThan(SHORT.requestTimeoutMs + 1_000);
  });
});
