import fs from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { API } from '@shared/api/index.js';
import { feeds, paths } from '@shared/paths.js';
import { CANCELLED_WORDS } from '@shared/public-lineup.js';
import { fakeClientBuild } from '../testing/client-build.js';
import { intake } from '../testing/fixtures.js';
import { startTestApp, testDialects, type SignedIn, type TestApp } from '../testing/harness.js';
import { lifecycleAs, saveEventAs } from '../testing/staff-saves.js';
import { lineupsPageData } from '../public/service.js';

// The public pages and feeds are kept rendered and compressed (decision 036): whatever staff
// change is on the next request, nothing unpublished is ever served from memory, a visitor's
// reload of an unchanged page is a 304, and a write that changes nothing a page shows leaves its
// tag alone.

const DAY = 86_400_000;
const inDays = (days: number) => {
  const at = new Date(Date.now() + days * DAY);
  at.setUTCHours(19, 0, 0, 0);
  return at.toISOString();
};

/** What a visitor sees at each public address, as text (the HTML pages and the feeds). */
const PUBLIC_ADDRESSES = (eventId: string) => [paths.publicLineup(eventId), paths.publicLineups(), feeds.events(), '/feeds/next.txt', '/feeds/next.json'];

describe.each(testDialects)('the public pages and feeds, kept in memory, on %s', (dialect) => {
  let app: TestApp;
  let host: SignedIn;
  let dj: SignedIn;
  let eventId: string;
  let clientDir: string;

  const save = (change?: Parameters<typeof saveEventAs>[3]) => saveEventAs(app, host, eventId, change);
  const step = (name: Parameters<typeof lifecycleAs>[3]) => lifecycleAs(app, host, eventId, name);
  const text = async (url: string) => {
    const { body } = await app.request<unknown>('GET', url);
    return typeof body === 'string' ? body : JSON.stringify(body);
  };

  beforeEach(async () => {
    clientDir = fakeClientBuild();
    app = await startTestApp(dialect, {}, { clientDir });
    host = await app.signIn(['host', 'dj'], { djName: 'Hal' });
    dj = await app.signIn(['dj'], { djName: 'Aurora' });
    const created = await app.call(API.events.createEvent, { body: { name: 'First Light', startDatetime: inDays(7), host: 'Hal', message: '', footer: '', signupsAreOpen: true } }, { as: host });
    eventId = created.body.id;
    expect((await app.call(API.signup.submitSignup, { body: intake(eventId, { name: 'Aurora' }) }, { as: dj })).status).toBe(200);
    await save();
    await step('publish');
  });
  afterEach(async () => {
    await app.destroy();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  test('what staff change is on the next request: rename, lineup save, unpublish, publish again, cancel', async () => {
    // Each address read twice: the second comes from memory.
    for (const url of PUBLIC_ADDRESSES(eventId)) {
      expect(await text(url), url).toContain('First Light');
      expect(await text(url), url).toContain('Aurora');
    }

    await save({ name: 'Second Light' });
    for (const url of PUBLIC_ADDRESSES(eventId)) {
      const seen = await text(url);
      expect(seen, url).toContain('Second Light');
      expect(seen, url).not.toContain('First Light');
    }

    // The lineup builder's save: Aurora's slot becomes a debut.
    expect(await text(paths.publicLineup(eventId))).not.toContain('Debut');
    await save({ debut: true });
    expect(await text(paths.publicLineup(eventId))).toContain('Debut');
    expect(await text('/feeds/next.txt')).toContain('Aurora (debut)');

    // Staff correct the act's name on its signup card.
    await save({ act: 'Aurora Borealis' });
    expect(await text(paths.publicLineup(eventId))).toContain('Aurora Borealis');

    // Unpublished: gone from every address at once; nothing of it is served from memory.
    await step('unpublish');
    const page = await app.request<string>('GET', paths.publicLineup(eventId));
    expect(page.status).toBe(404);
    for (const url of PUBLIC_ADDRESSES(eventId)) expect(await text(url), url).not.toContain('Second Light');

    await step('publish');
    expect((await app.request<string>('GET', paths.publicLineup(eventId))).status).toBe(200);
    expect(await text(paths.publicLineups())).toContain('Second Light');

    // Cancelled: every address says so at once, and none shows its lineup (issue 34).
    await step('cancel');
    const cancelled = await app.request<string>('GET', paths.publicLineup(eventId));
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toContain(CANCELLED_WORDS);
    for (const url of PUBLIC_ADDRESSES(eventId)) {
      const seen = await text(url);
      expect(seen, url).toMatch(/cancel/i);
      expect(seen, url).not.toContain('Aurora Borealis');
    }
  });

  test("the series' settings are on the next page too", async () => {
    expect(await text(paths.publicLineup(eventId))).toContain('Sunday Service');
    const settings = (await app.call(API.settings.getSettings, {}, { as: host })).body;
    const { discordWebhooks: _masked, ...rest } = settings;
    const saved = await app.call(API.settings.saveSettings, { body: { ...rest, seriesName: 'Moonlight Sessions', imageAccent: '#33aa55' } }, { as: host });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const page = await text(paths.publicLineup(eventId));
    expect(page).toContain('Moonlight Sessions');
    expect(page).toContain('<meta name="theme-color" content="#33aa55"/>');
  });

  test('a reload of an unchanged page is a 304, in any coding; a change gives a new tag; a write it does not show keeps it', async () => {
    const url = paths.publicLineup(eventId);
    const plain = await app.request<string>('GET', url, { headers: { 'accept-encoding': 'identity' } });
    const tag = plain.headers.get('etag')!;
    expect(tag).toMatch(/^"[\w-]+"$/);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toMatch(/Accept-Encoding/);
    expect(plain.headers.get('cache-control')).toBe('private, no-cache');

    const br = await app.request<string>('GET', url, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('etag')).toBe(tag.replace(/"$/, '-br"'));
    expect(br.body).toBe(plain.body);

    for (const known of [tag, br.headers.get('etag')!, `W/${tag}`]) {
      const again = await app.request<string>('GET', url, { headers: { 'if-none-match': known, 'accept-encoding': 'br' } });
      expect(again.status, known).toBe(304);
      expect(again.body ?? '').toBe('');
    }

    // Another DJ signs up to another event: nothing this page shows, so the same page and tag.
    const other = await app.call(API.events.createEvent, { body: { name: 'Elsewhere', startDatetime: inDays(14), host: 'Hal', message: '', footer: '', signupsAreOpen: true } }, { as: host });
    expect((await app.call(API.signup.submitSignup, { body: intake(other.body.id, { name: 'Aurora' }) }, { as: dj })).status).toBe(200);
    expect((await app.request<string>('GET', url, { headers: { 'if-none-match': tag } })).status).toBe(304);

    await save({ name: 'Renamed Light' });
    const changed = await app.request<string>('GET', url, { headers: { 'if-none-match': tag, 'accept-encoding': 'identity' } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(tag);
    expect(changed.body).toContain('Renamed Light');
  });

  test('pages and feeds go out in brotli or gzip, as the browser asks; a dark visitor gets the dark page', async () => {
    for (const url of PUBLIC_ADDRESSES(eventId)) {
      const plain = await rawGet(app.url, url, {});
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      // A short feed is not worth a coding's headers.
      const worth = plain.body.length >= 1024;
      expect(worth || !url.startsWith('/lineups'), url).toBe(true);
      const gzip = await rawGet(app.url, url, { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding'], url).toBe(worth ? 'gzip' : undefined);
      expect((worth ? gunzipSync(gzip.body) : gzip.body).toString(), url).toBe(plain.body.toString());
      const br = await rawGet(app.url, url, { 'accept-encoding': 'br;q=1, gzip;q=0.5' });
      expect(br.headers['content-encoding'], url).toBe(worth ? 'br' : undefined);
      expect((worth ? brotliDecompressSync(br.body) : br.body).toString(), url).toBe(plain.body.toString());
    }
    const dark = await rawGet(app.url, paths.publicLineup(eventId), { 'accept-encoding': 'br', cookie: 'theme=dark' });
    expect(brotliDecompressSync(dark.body).toString()).toMatch(/<html[^>]* data-bs-theme="dark"/);
    const light = await rawGet(app.url, paths.publicLineup(eventId), { 'accept-encoding': 'br' });
    expect(brotliDecompressSync(light.body).toString()).toMatch(/<html[^>]* data-bs-theme="light"/);
  });

  test('the index holds until its first event ends, when the clock takes that event off it', async () => {
    const event = (await app.call(API.events.getEvent, { params: { eventId } }, { as: host })).body;
    const data = await lineupsPageData({ db: app.ctx.store.db });
    expect(data.list.events.map((listed) => listed.id)).toEqual([eventId]);
    expect(data.until).toBe(Date.parse(event.endDatetime));
    const after = await lineupsPageData({ db: app.ctx.store.db, now: data.until });
    expect(after.list.events).toEqual([]);
    expect(after.until).toBe(Infinity);
  });
});

/** A GET whose body is left as sent (fetch would decode it). */
async function rawGet(base: string, url: string, headers: Record<string, string>) {
  const { request } = await import('node:http');
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    request(`${base}${url}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}
