import fs from 'node:fs';
import { API } from '@shared/api/index.js';
import { hashSessionToken, SESSION_COOKIE } from '../auth/sessions.js';
import { fakeClientBuild, metaContent } from '../testing/client-build.js';
import { insertOpenEvent, intake } from '../testing/fixtures.js';
import { startTestApp, testDialects, type SignedIn, type TestApp } from '../testing/harness.js';

// The app's pages the server renders with React (decision 020): the sign-in page for anyone, a
// DJ's signup pages for that DJ, with the state the browser hydrates them from; the plain app
// page whenever the browser should decide (nobody signed in, no access, an unknown event).

/** The JSON the browser hydrates the page from, if the page was rendered. */
function renderedState(html: string): { queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] }; zone: string; appName: string; devSignIn: boolean } | null {
  const script = html.match(/<script type="application\/json" id="rendered-state">(.*?)<\/script>/s);
  return script ? JSON.parse(script[1]!) : null;
}

/** What the root element holds. */
const rootOf = (html: string) => html.match(/<div id="root"[^>]*>(.*?)<\/div><script type="application\/json"/s)?.[1] ?? html.match(/<div id="root"[^>]*>(.*?)<\/div>/s)?.[1];

describe.each(testDialects)('pages rendered on the server on %s', (dialect) => {
  let app: TestApp;
  let clientDir: string;
  let eventId: string;
  let dana: SignedIn;
  let rex: SignedIn;
  beforeAll(async () => {
    clientDir = fakeClientBuild();
    app = await startTestApp(dialect, { APP_NAME: 'Night <Shift>' }, { clientDir });
    eventId = await insertOpenEvent(app.ctx.store.db, 'Sunday </script><b>Service');
    dana = await app.signIn(['dj'], { djName: 'Dana' });
    rex = await app.signIn(['dj'], { djName: 'Rex' });
    const body = intake(eventId, { name: 'Dana </script> Live', dj_notes: 'only Dana may read this', available_from: '2030-06-09T19:00:00.000Z' });
    expect((await app.call(API.signup.submitSignup, { body }, { as: dana })).status).toBe(200);
  });
  afterAll(async () => {
    await app.destroy();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  test('the sign-in page paints its content from the server, with a form that works before any script', async () => {
    const page = await app.request<string>('GET', '/login');
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-cache');
    const root = rootOf(page.body)!;
    expect(root).toContain('Welcome to <!-- -->Night &lt;Shift&gt;');
    expect(root).toMatch(/<form action="\/login\/discord" method="get"><button type="submit"[^>]*>Login with Discord<\/button><\/form>/);
    expect(renderedState(page.body)).toMatchObject({ appName: 'Night <Shift>', zone: 'Europe/London' });
    // The form's address starts a sign-in.
    const start = await fetch(`${app.url}/login/discord`, { redirect: 'manual' });
    expect(start.status).toBe(303);
    expect(start.headers.get('location')).toContain('/dev-oauth/authorize?');
  });

  test("a DJ's signup summary is rendered with their own answers, in the zone their browser told, and the data to hydrate it", async () => {
    const page = await app.request<string>('GET', `/eventSignup/${eventId}`, { cookie: `${dana.cookie}; tz=Australia%2FSydney` });
    expect(page.status).toBe(200);
    expect(page.headers.get('vary')).toMatch(/cookie/i);
    const root = rootOf(page.body)!;
    expect(root).toContain('You are signed up for ');
    // Its buttons take no tap until the app's entry runs, so none is lost (app-theme.css, lib/earlyTaps.ts).
    expect(page.body).toContain('<div id="root" data-starting>');
    // Text is escaped by React in the HTML, and `<` in the state, so nothing a DJ or host typed ends the script.
    expect(root).toContain('Dana &lt;/script&gt; Live');
    expect(root).toContain('Sunday &lt;/script&gt;&lt;b&gt;Service');
    expect(page.body.match(/<\/script>/g)).toHaveLength(2);
    // 19:00 UTC on 9 June 2030 is 05:00 the next day in Sydney.
    expect(root).toContain('05:00');
    const state = renderedState(page.body)!;
    expect(state.zone).toBe('Australia/Sydney');
    const keys = state.queries.queries.map((query) => JSON.stringify(query.queryKey));
    expect(keys).toEqual(expect.arrayContaining(['["/api/me"]', `["/api/signup",null,{"event_id":"${eventId}"}]`]));
    expect(JSON.stringify(state)).toContain('only Dana may read this');
  });

  test('the wizard is rendered too, and the page asks for its module and styles at once', async () => {
    const page = await app.request<string>('GET', `/eventSignup/${eventId}/wizard`, { cookie: dana.cookie });
    const root = rootOf(page.body)!;
    expect(root).toMatch(/SignUp: .*Sunday &lt;\/script&gt;&lt;b&gt;Service/s);
    expect(root).toContain('Step 1 of 4');
    expect(page.body).toContain('<link rel="modulepreload" href="/assets/SignupWizardPage-abc.js">');
    expect(page.body).toContain('<link rel="modulepreload" href="/assets/form-abc.js">');
    expect(page.body).toContain('<link rel="stylesheet" href="/assets/wizard-abc.css">');
    // Without a valid zone cookie: the series' zone.
    const noZone = await app.request<string>('GET', `/eventSignup/${eventId}/wizard`, { cookie: `${dana.cookie}; tz=Not%2FA_Zone` });
    expect(renderedState(noZone.body)!.zone).toBe('Europe/London');
  });

  test("another DJ's page holds nothing of Dana's answers", async () => {
    const page = await app.request<string>('GET', `/eventSignup/${eventId}`, { cookie: rex.cookie });
    expect(rootOf(page.body)).toContain('Get Started');
    expect(page.body).not.toContain('only Dana may read this');
    expect(page.body).not.toContain('Dana &lt;/script&gt; Live');
  });

  test('nobody signed in, no role, an unknown event: the plain app page, for the browser to send on or explain', async () => {
    const member = await app.signIn([]);
    const cases = [
      await app.request<string>('GET', `/eventSignup/${eventId}`),
      await app.request<string>('GET', `/eventSignup/${eventId}`, { cookie: member.cookie }),
      await app.request<string>('GET', '/eventSignup/no-such-event', { cookie: dana.cookie }),
      await app.request<string>('GET', `/eventSignup/${eventId}/wizard`, { cookie: 'lineup_session=forged' }),
    ];
    for (const page of cases) {
      expect(page.status).toBe(200);
      expect(page.body).toContain('<div id="root"></div>');
      expect(renderedState(page.body)).toBeNull();
      expect(page.body).not.toContain('only Dana may read this');
    }
  });

  test('a session in the second half of its life is renewed by a page the server renders, as by any signed-in request', async () => {
    const sam = await app.signIn(['dj'], { djName: 'Sam' });
    const token = sam.cookie.slice(`${SESSION_COOKIE}=`.length);
    await app.ctx.store.db.updateTable('sessions').set({ expires_at: Date.now() + 60_000 }).where('id_hash', '=', hashSessionToken(token)).execute();
    const page = await app.request<string>('GET', `/eventSignup/${eventId}`, { cookie: sam.cookie });
    expect(rootOf(page.body)).toContain('Get Started');
    expect(page.headers.get('set-cookie')).toMatch(new RegExp(`^${SESSION_COOKIE}=${token};.*HttpOnly`));
  });

  test("a staff screen's page asks at once for what its loaders fetch, then for its modules, before the app has run", async () => {
    const kind = (tag: string) => (tag.includes('as="fetch" crossorigin="anonymous"') ? 'fetch' : tag.includes('as="font" type="font/woff2" crossorigin') ? 'font' : tag.match(/rel="(\w+)"/)![1]);
    const links = (html: string) => [...html.matchAll(/<link rel="(preload|modulepreload|stylesheet)"[^>]*href="([^"]+)"[^>]*>/g)].map(([tag, , href]) => [kind(tag), href]);
    const lineup = await app.request<string>('GET', `/events/${eventId}/lineup`);
    expect(lineup.status).toBe(200);
    expect(links(lineup.body)).toEqual([
      // What the app's fetch asks for, the same way (same origin, with the session), so it takes these answers.
      ['fetch', '/api/me'],
      ['fetch', `/api/events/${eventId}`],
      // The stream checks' deadline, which the lineup's flags and Preflight follow.
      ['fetch', '/api/settings/stream-checks'],
      // Inter, which staff screens are set in: asked for now, it is there when the app first draws.
      ['font', '/assets/inter-latin-abc.woff2'],
      ['stylesheet', '/assets/lineup-abc.css'],
      ['modulepreload', '/assets/staffRoutes-abc.js'],
      ['modulepreload', '/assets/event-screens-abc.js'],
      ['modulepreload', '/assets/form-abc.js'],
      ['modulepreload', '/assets/lineup-screens-abc.js'],
    ]);
    // The event page's own tab (Setup) is in the event screens' module; other staff screens start the staff routes and who is signed in.
    expect(links((await app.request<string>('GET', `/events/${eventId}`)).body).map(([, href]) => href)).toEqual([
      '/api/me',
      `/api/events/${eventId}`,
      '/api/settings/stream-checks',
      '/assets/inter-latin-abc.woff2',
      '/assets/staffRoutes-abc.js',
      '/assets/event-screens-abc.js',
      '/assets/form-abc.js',
    ]);
    for (const path of ['/events/create', '/djs']) {
      expect(links((await app.request<string>('GET', path)).body)).toEqual([
        ['fetch', '/api/me'],
        ['font', '/assets/inter-latin-abc.woff2'],
        ['modulepreload', '/assets/staffRoutes-abc.js'],
      ]);
    }
    // Home is everyone's: no staff routes there.
    expect(links((await app.request<string>('GET', '/')).body)).toEqual([['fetch', '/api/me']]);
  });

  test('an id from the address reaches its link as the app will ask for it, encoded, and writes nothing else anywhere', async () => {
    const warn = vi.spyOn(console, 'warn');
    try {
      const dataLinks = async (path: string) => {
        const page = await app.request<string>('GET', path);
        expect(page.status).toBe(200);
        return [...page.body.matchAll(/<link rel="preload" as="fetch" crossorigin="anonymous" href="([^"]+)">/g)].map(([, href]) => href);
      };
      const hostile = encodeURIComponent('"><img src=x onerror=alert(1)>');
      expect(await dataLinks(`/events/${hostile}/lineup`)).toEqual(['/api/me', `/api/events/${hostile}`, '/api/settings/stream-checks']);
      // The browser's router decodes the address once, and its fetch encodes the id again: the link says the same.
      expect(await dataLinks('/events/%2525/lineup')).toEqual(['/api/me', '/api/events/%2525', '/api/settings/stream-checks']);
      expect(await dataLinks('/events/%252E%252E/lineup')).toEqual(['/api/me', '/api/events/%252E%252E', '/api/settings/stream-checks']);
      expect(await dataLinks('/events/a%3Fb/lineup')).toEqual(['/api/me', '/api/events/a%3Fb', '/api/settings/stream-checks']);
      // Matched as sent, the address is decoded once: nothing of it lands in the logs (where it could forge a line).
      expect((await app.request<string>('GET', '/events/x%0A%7B%22msg%22:%22forged%22%7D%0A%25/lineup')).status).toBe(200);
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });
});

describe('the public pages and their links', () => {
  let clientDir: string;
  beforeAll(() => {
    clientDir = fakeClientBuild();
  });
  afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));

  test('with PUBLIC_URL, the canonical link is built from it whatever Host the request named, and shared caches may keep the page', async () => {
    const app = await startTestApp('sqlite', { PUBLIC_URL: 'https://lineup.example.org' }, { clientDir });
    try {
      const page = await app.request<string>('GET', '/lineups', { headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' } });
      expect(page.body).toContain('<link rel="canonical" href="https://lineup.example.org/lineups"/>');
      expect(page.body).not.toContain('evil.example');
      expect(page.headers.get('cache-control')).toBe('public, no-cache');
    } finally {
      await app.destroy();
    }
  });

  test("without PUBLIC_URL, links come from the request's own origin and the page is for that client alone", async () => {
    const app = await startTestApp('sqlite', {}, { clientDir });
    try {
      const page = await app.request<string>('GET', '/lineups/no-such-event');
      expect(page.status).toBe(404);
      expect(page.body).toContain(`<link rel="canonical" href="${app.url}/lineups"/>`);
      expect(page.headers.get('cache-control')).toBe('private, no-cache');
    } finally {
      await app.destroy();
    }
  });
});

describe('the sign-in page says where its button leads (issue 34)', () => {
  let clientDir: string;
  beforeAll(() => {
    clientDir = fakeClientBuild();
  });
  afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));

  test('with the development sign-in: labelled before the button is pressed, in the HTML and in the page the browser renders', async () => {
    const app = await startTestApp('sqlite', {}, { clientDir });
    try {
      const login = await app.request<string>('GET', '/login');
      const root = rootOf(login.body)!;
      expect(root).toMatch(/<div id="dev-sign-in-note" class="alert alert-secondary [^"]*"><strong[^>]*>Development sign-in<\/strong>No Discord application is configured/);
      expect(root).toContain('aria-describedby="dev-sign-in-note"');
      expect(renderedState(login.body)).toMatchObject({ devSignIn: true });
      // Any other page tells the browser's router, for a sign-in page it renders itself.
      expect(metaContent((await app.request<string>('GET', '/events')).body, 'sign-in')).toBe('development');
    } finally {
      await app.destroy();
    }
  });

  test('with a Discord application: no such note', async () => {
    const discord = {
      DISCORD_CLIENT_ID: '123456789012345678',
      DISCORD_CLIENT_SECRET: 'a-discord-secret',
      DISCORD_GUILD_ID: '223456789012345678',
    };
    const app = await startTestApp('sqlite', discord, { clientDir });
    try {
      const login = await app.request<string>('GET', '/login');
      expect(rootOf(login.body)).not.toContain('Development sign-in');
      expect(rootOf(login.body)).not.toContain('aria-describedby');
      expect(renderedState(login.body)).toMatchObject({ devSignIn: false });
      expect(metaContent((await app.request<string>('GET', '/events')).body, 'sign-in')).toBe('discord');
    } finally {
      await app.destroy();
    }
  });
});
