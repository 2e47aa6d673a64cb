import Fastify from 'fastify';
import { API } from '@shared/api/index.js';
import type { AppContext } from '../context.js';
import { linkOrigin, privateCacheControl, registerLinkOriginRule } from '../auth/origin.js';
import { insertPublishedLineup } from '../testing/fixtures.js';
import { startTestApp, testDialects, type TestApp } from '../testing/harness.js';

// Absolute links in answers (feeds, iCal, a DJ's calendar link) use PUBLIC_URL when it is set,
// whatever Host or X-Forwarded-Host a client sends. Without it they use the request's origin, and
// such an answer is never stored by a shared cache, so one client's headers cannot choose the
// links everyone else is served (cache poisoning).

const FEEDS = ['/feeds/next.json', '/feeds/next.txt', '/feeds/events.ics'] as const;
const FORGED = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };

const publishedEvent = (app: TestApp) => insertPublishedLineup(app.ctx.store.db, 0);

/** The feed's text, its Cache-Control, and every absolute http(s) link in it. */
async function feed(app: TestApp, path: string, headers: Record<string, string> = {}) {
  const response = await app.request<unknown>('GET', path, { headers });
  const text = typeof response.body === 'string' ? response.body : JSON.stringify(response.body);
  // iCal folds long lines (a CRLF and a space); unfold before looking for links.
  const unfolded = text.replace(/\r?\n[ \t]/g, '');
  return { status: response.status, cacheControl: response.headers.get('cache-control'), links: unfolded.match(/https?:\/\/[^\s"\\]+/g) ?? [] };
}

describe.each(testDialects)('link origins on %s', (dialect) => {
  describe('with PUBLIC_URL', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp(dialect, { PUBLIC_URL: 'https://lineup.example.org', TRUST_PROXY: '127.0.0.1' });
      await publishedEvent(app);
    });
    afterAll(async () => {
      await app.destroy();
    });

    test.each(FEEDS)('%s links to PUBLIC_URL whatever Host and X-Forwarded-Host say, and stays publicly cacheable', async (path) => {
      for (const headers of [{}, FORGED, { 'x-forwarded-host': 'evil.example' }] as Array<Record<string, string>>) {
        const { status, cacheControl, links } = await feed(app, path, headers);
        expect(status).toBe(200);
        expect(links.length).toBeGreaterThan(0);
        for (const link of links) expect(link).toMatch(/^https:\/\/lineup\.example\.org\//);
        expect(cacheControl).toBe('public, max-age=300');
      }
    });

    test("a DJ's calendar link and its feed use PUBLIC_URL", async () => {
      const dj = await app.signIn(['dj']);
      const link = await app.call(API.public.getCalendarLink, {}, { as: dj, headers: FORGED });
      expect(link.body.url).toMatch(/^https:\/\/lineup\.example\.org\/feeds\/dj\/[\w-]{43}\.ics$/);
    });
  });

  describe('without PUBLIC_URL', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp(dialect, { TRUST_PROXY: '127.0.0.1' });
      await publishedEvent(app);
    });
    afterAll(async () => {
      await app.destroy();
    });

    test.each(FEEDS)('%s links to the origin asked for, in an answer no shared cache may keep', async (path) => {
      const own = await feed(app, path);
      for (const link of own.links) expect(link.startsWith(`${app.url}/`)).toBe(true);
      const forged = await feed(app, path, FORGED);
      expect(forged.links.length).toBeGreaterThan(0);
      for (const link of forged.links) expect(link).toMatch(/^https:\/\/evil\.example\//);
      for (const { cacheControl } of [own, forged]) expect(cacheControl).toBe('private, max-age=300');
    });

    test('a 304 says private too', async () => {
      const first = await app.request('GET', '/feeds/next.json');
      const again = await app.request('GET', '/feeds/next.json', { headers: { 'if-none-match': first.headers.get('etag')! } });
      expect(again.status).toBe(304);
      expect(again.headers.get('cache-control')).toBe('private, max-age=300');
    });

    test('an answer without links (the lineup image) stays publicly cacheable', async () => {
      const eventId = await publishedEvent(app);
      const image = await app.request('GET', `/feeds/lineup/${eventId}.svg`, { headers: FORGED });
      expect(image.status).toBe(200);
      expect(image.headers.get('cache-control')).toBe('public, max-age=300');
    });
  });
});

describe('linkOrigin on any route', () => {
  const ctx = (publicUrl?: string) => ({ config: { publicUrl } }) as unknown as AppContext;

  test.each([
    [undefined, 'private'],
    ['public, max-age=300', 'private, max-age=300'],
    ['no-cache', 'private, no-cache'],
    ['public, s-maxage=600, max-age=60', 'private, max-age=60'],
    ['private, no-store', 'private, no-store'],
    ['PUBLIC,max-age=5', 'private, max-age=5'],
  ])('Cache-Control %j becomes %j', (value, expected) => {
    expect(privateCacheControl(value)).toBe(expected);
  });

  test('marks the answer private whether the route sets its Cache-Control before or after asking', async () => {
    const app = Fastify();
    registerLinkOriginRule(app);
    app.get('/before', (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { url: linkOrigin(request, reply, ctx()) };
    });
    app.get('/after', (request, reply) => {
      const url = linkOrigin(request, reply, ctx());
      reply.header('cache-control', 'public, max-age=60');
      return { url };
    });
    app.get('/configured', (request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return { url: linkOrigin(request, reply, ctx('https://lineup.example.org')) };
    });
    const before = await app.inject({ url: '/before', headers: { host: 'evil.example' } });
    expect(before.json()).toEqual({ url: 'http://evil.example' });
    expect(before.headers['cache-control']).toBe('private, no-cache');
    expect((await app.inject({ url: '/after' })).headers['cache-control']).toBe('private, max-age=60');
    const configured = await app.inject({ url: '/configured', headers: { host: 'evil.example' } });
    expect(configured.json()).toEqual({ url: 'https://lineup.example.org' });
    expect(configured.headers['cache-control']).toBe('public, max-age=60');
    await app.close();
  });
});
