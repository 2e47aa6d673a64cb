import fs from 'node:fs';
import { accentShades } from '@shared/theme.js';
import { readSettings, saveSettings } from '../settings/service.js';
import { fakeClientBuild } from '../testing/client-build.js';
import { startTestApp, testDialects, type TestApp } from '../testing/harness.js';

// Every page the server sends is written in the browser's theme with the series' accent
// (decision 026): on <html>, since no script may run before the first paint.

const htmlTag = (html: string) => html.match(/<html\b[^>]*>/i)?.[0] ?? '';
const themeOf = (html: string) => htmlTag(html).match(/data-bs-theme="(\w+)"/)?.[1];

describe.each(testDialects)('pages written in the theme and accent on %s', (dialect) => {
  let app: TestApp;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = fakeClientBuild();
    app = await startTestApp(dialect, {}, { clientDir });
  });
  afterAll(async () => {
    await app.destroy();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  // The sign-in page (rendered and hydrated), the public list (rendered alone), a staff address (the app's page).
  test.each(['/login', '/lineups', '/events'])('%s: the choice, else the client hint, else the scheme cookie, else light', async (address) => {
    const theme = async (cookie: string, hint?: string) =>
      themeOf((await app.request<string>('GET', address, { cookie, headers: hint ? { 'sec-ch-prefers-color-scheme': hint } : {} })).body);
    expect(await theme('')).toBe('light');
    expect(await theme('', '"dark"')).toBe('dark');
    expect(await theme('scheme=dark')).toBe('dark');
    expect(await theme('theme=light; scheme=dark', '"dark"')).toBe('light');
    expect(await theme('theme=dark', '"light"')).toBe('dark');
    expect(await theme('theme=<b>', '"sepia"')).toBe('light');
    const page = await app.request<string>('GET', address);
    // Chromium is asked for the hint, at once on a first visit, and caches keep each theme apart.
    expect(page.headers.get('accept-ch')).toBe('Sec-CH-Prefers-Color-Scheme');
    expect(page.headers.get('critical-ch')).toBe('Sec-CH-Prefers-Color-Scheme');
    expect(page.headers.get('vary')).toMatch(/cookie/i);
    expect(page.headers.get('vary')).toMatch(/sec-ch-prefers-color-scheme/i);
  });

  test("the series' accent, made accessible in each theme, is on every page's <html>", async () => {
    const settings = await readSettings(app.ctx.store.db);
    await saveSettings({ db: app.ctx.store.db, dialect: app.ctx.store.dialect, body: { ...settings, imageAccent: '#ffd60a' }, webhookOrigin: 'https://discord.com' });
    for (const address of ['/login', '/lineups', '/lineups/no-such-event', '/events']) {
      const tag = htmlTag((await app.request<string>('GET', address)).body);
      // Yellow is too light for the light theme: a darker shade of it; it reads as it is on the dark one.
      expect(tag).toContain(`--lu-light-accent:${accentShades('#ffd60a', 'light').accent}`);
      expect(tag).toContain('--lu-dark-accent:#ffd60a');
      expect(tag).toContain(`--lu-dark-on-accent:${accentShades('#ffd60a', 'dark')['on-accent']}`);
    }
  });

  test("the app's page has a tag of its own for each theme", async () => {
    const light = await app.request<string>('GET', '/events');
    const dark = await app.request<string>('GET', '/events', { cookie: 'theme=dark' });
    expect(light.headers.get('etag')).not.toBe(dark.headers.get('etag'));
    expect((await app.request('GET', '/events', { cookie: 'theme=dark', headers: { 'if-none-match': dark.headers.get('etag')! } })).status).toBe(304);
    expect((await app.request('GET', '/events', { headers: { 'if-none-match': dark.headers.get('etag')! } })).status).toBe(200);
  });
});
