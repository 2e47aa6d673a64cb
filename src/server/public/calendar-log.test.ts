import net from 'node:net';
import { API } from '@shared/api/index.js';
import { sql } from 'kysely';
import { startTestApp, testDialects, type TestApp } from '../testing/harness.js';

// A DJ's calendar link is a secret in an address (/feeds/dj/{token}.ics): request logs show the
// route, never the token, however the address was spelled, whatever the answer (200, 304, 404,
// 500), and addresses that reached no route keep a token-shaped run hidden too.

/** Sends one raw request line (for spellings fetch would normalise) and waits for the answer's status. */
function rawGet(app: TestApp, target: string): Promise<number> {
  const { hostname, port } = new URL(app.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(`GET ${target} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n\r\n`));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', reject);
    socket.on('close', () => resolve(Number(answer.split(' ')[1])));
  });
}

describe.each(testDialects)("a DJ's calendar token in the logs on %s", (dialect) => {
  let app: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    app = await startTestApp(dialect, { LOG_LEVEL: 'info' }, { logLines });
  });
  afterAll(async () => {
    await app.destroy();
  });

  test('never appears, in any spelling of the address or any answer', async () => {
    const dj = await app.signIn(['dj']);
    const link = await app.call(API.public.getCalendarLink, {}, { as: dj });
    const token = /\/feeds\/dj\/([A-Za-z0-9_-]{43})\.ics$/.exec(link.body.url)![1]!;
    const encoded = [...token].map((char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`).join('');
    const first = await app.request('GET', `/feeds/dj/${token}.ics`);
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;

    const answered: Array<[string, number]> = [];
    for (const target of [
      `/feeds/dj/${token}.ics`,
      `/feeds/dj/${token}.ics?source=calendar&x=${token}`,
      `/%66eeds/dj/${token}.ics`,
      `/feeds/%64j/${token}.ics`,
      `/feeds/dj/${encoded}.ics`,
      `${app.url}/feeds/dj/${token}.ics`,
      `/feeds/dj/${token}.ics/`,
      `/feeds/dj/${token}.ICS`,
      `//feeds/dj/${token}.ics`,
      `/feeds/dj/${token}`,
      `/feeds/dj/${token.slice(0, 42)}x.ics`,
      `/feeds/dj/${token}.ics%`,
    ]) {
      answered.push([target, await rawGet(app, target)]);
    }
    expect((await app.request('GET', `/feeds/dj/${token}.ics`, { headers: { 'if-none-match': etag } })).status).toBe(304);
    expect((await app.request('HEAD', `/feeds/dj/${token}.ics`)).status).toBe(200);
    // The spellings that reach the route answer like the address itself.
    expect(answered.filter(([, status]) => status === 200).length).toBeGreaterThanOrEqual(5);

    // A server failure inside the feed: logged with its error, still without the token.
    await sql`drop table dj_calendar_links`.execute(app.ctx.store.db);
    expect((await app.request('GET', `/feeds/dj/${token}.ics`)).status).toBe(500);

    const log = logLines.join('\n');
    expect(log).toContain('request failed');
    for (const secret of [token, token.slice(0, 40), encoded.slice(0, 60), encodeURIComponent(token)]) expect(log).not.toContain(secret);
    const urls = logLines.map((line) => JSON.parse(line) as { req?: { url: string } }).flatMap((line) => (line.req ? [line.req.url] : []));
    expect(urls).toContain('/feeds/dj/[token].ics');
    expect(urls.filter((url) => url.includes('[token]') || url.includes('[redacted]')).length).toBeGreaterThanOrEqual(answered.length + 3);
  });
});
