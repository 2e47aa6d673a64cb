import { API } from '@shared/api/index.js';
import { ConfigError, loadConfig } from '../config.js';
import { startSignInAt } from '../testing/fake-discord.js';
import { startTestApp, testDialects, type TestApp } from '../testing/harness.js';
import { DEV_ACCOUNTS } from './dev-accounts.js';
import { hashSessionToken, SESSION_COOKIE } from './sessions.js';
import { sessionSealer } from './token-sealer.js';

// The development provider runs the real flow: start, authorize page, form post, callback.

describe.each(testDialects)('development sign-in on %s', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect);
  });
  afterAll(async () => {
    await app.destroy();
  });

  async function signInThroughPage(account: string) {
    const start = await startSignInAt(app.url);
    const pendingCookie = start.setCookies[0]!.split(';')[0]!;
    const authorizeUrl = start.url;
    expect(authorizeUrl.origin + authorizeUrl.pathname).toBe(`${app.url}/dev-oauth/authorize`);

    const page = await fetch(authorizeUrl);
    const html = await page.text();
    expect(page.status).toBe(200);
    const form = new URLSearchParams(
      [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(([, name, value]) => [
        name!,
        value!.replaceAll('&amp;', '&'),
      ]),
    );
    form.set('account', account);
    const approved = await fetch(`${app.url}/dev-oauth/authorize`, { method: 'POST', body: form, redirect: 'manual' });
    expect(approved.status).toBe(303);
    const back = new URL(approved.headers.get('location')!);
    expect(back.origin + back.pathname).toBe(`${app.url}/discordRedirect`);
    return app.call(API.auth.completeSignIn, { body: { code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '', redirect_uri: `${app.url}/discordRedirect` } }, { as: { cookie: pendingCookie } });
  }

  test('the authorize page is labelled development sign-in, lists every account and has no script', async () => {
    const page = await fetch((await startSignInAt(app.url)).url);
    const html = await page.text();
    expect(html).toContain('Development sign-in');
    for (const account of DEV_ACCOUNTS) expect(html).toContain(`value="${account.key}">${account.label}</button>`);
    expect(html).not.toContain('<script');
    // Enough DJs to try a whole week (issue 25): at least five with only the DJ role.
    expect(DEV_ACCOUNTS.filter((account) => account.label.endsWith('DJ')).length).toBeGreaterThanOrEqual(5);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  test.each([
    ['admin', 'Ada (admin)', ['admin', 'dj']],
    ['host', 'Hal', ['host', 'dj']],
    ['dj', 'DJ Dana', ['dj']],
    ['dj2', 'rex_dj', ['dj']],
    ['dj3', 'Mika', ['dj']],
    ['dj4', 'DJ Juno', ['dj']],
    ['dj5', 'Theo', ['dj']],
    ['member', 'Milo', []],
  ])('%s signs in with the roles of their guild roles', async (account, publicName, roles) => {
    const response = await signInThroughPage(account);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ publicName, roles });
    expect(response.body.avatarUrl).toMatch(/^https:\/\/cdn\.discordapp\.com\/embed\/avatars\/[0-5]\.png$/);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))!.split(';')[0]!;
    expect((await app.call(API.auth.getMe, {}, { as: { cookie } })).body.publicName).toBe(publicName);
  });

  test('the non-member is refused with 403', async () => {
    const response = await signInThroughPage('outsider');
    expect(response).toMatchObject({ status: 403, error: { message: 'You are not authorized to access this application.' } });
  });

  test('Cancel returns to the app with an error and no code', async () => {
    const { url } = await startSignInAt(app.url);
    const form = new URLSearchParams(url.searchParams);
    form.set('account', '');
    const response = await fetch(`${app.url}/dev-oauth/authorize`, { method: 'POST', body: form, redirect: 'manual' });
    const back = new URL(response.headers.get('location')!);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.has('code')).toBe(false);
  });

  test('the authorize page refuses a redirect_uri that is not this app (no open redirect)', async () => {
    const { url } = await startSignInAt(app.url);
    url.searchParams.set('redirect_uri', 'https://evil.example/discordRedirect');
    expect((await fetch(url)).status).toBe(400);
    const form = new URLSearchParams(url.searchParams);
    form.set('account', 'admin');
    const posted = await fetch(`${app.url}/dev-oauth/authorize`, { method: 'POST', body: form, redirect: 'manual' });
    expect(posted.status).toBe(400);
  });

  test('the token endpoint checks PKCE and uses a code once', async () => {
    const { url } = await startSignInAt(app.url);
    const form = new URLSearchParams(url.searchParams);
    form.set('account', 'admin');
    const approved = await fetch(`${app.url}/dev-oauth/authorize`, { method: 'POST', body: form, redirect: 'manual' });
    const code = new URL(approved.headers.get('location')!).searchParams.get('code')!;
    const token = (verifier: string) =>
      fetch(`${app.url}/dev-oauth/api/oauth2/token`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from('lineup-dev-client:lineup-dev-secret').toString('base64')}` },
        body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: `${app.url}/discordRedirect`, code_verifier: verifier }),
      });
    const wrong = await token('not-the-verifier');
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_grant' });
  });

  test('a day later the session is checked with the provider, refreshing its expired access token', async () => {
    const response = await signInThroughPage('host');
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))!.split(';')[0]!;
    const idHash = hashSessionToken(cookie.split('=')[1]!);
    const db = app.ctx.store.db;
    const sealer = sessionSealer(app.ctx.config.sessionSecret);
    const row = () => db.selectFrom('sessions').selectAll().where('id_hash', '=', idHash).executeTakeFirstOrThrow();
    const issued = sealer.open((await row()).discord_tokens, idHash)!;
    expect(issued.refreshToken).toBeTruthy();
    // A day on: the check is due and the 10-minute access token long expired.
    await db
      .updateTable('sessions')
      .set({ next_check_at: Date.now() - 1, discord_tokens: sealer.seal({ ...issued, accessExpiresAt: Date.now() - 1 }, idHash) })
      .where('id_hash', '=', idHash)
      .execute();
    const me = await app.call(API.auth.getMe, {}, { as: { cookie } });
    expect(me.status).toBe(200);
    expect(me.body.roles).toEqual(['host', 'dj']);
    const refreshed = sealer.open((await row()).discord_tokens, idHash)!;
    expect(refreshed.accessToken).not.toBe(issued.accessToken);
    expect(refreshed.accessExpiresAt).toBeGreaterThan(Date.now());
    expect(Number((await row()).next_check_at)).toBeGreaterThan(Date.now() + 23 * 3_600_000);
  });

  test('the token endpoint refuses a refresh token it did not issue', async () => {
    const response = await fetch(`${app.url}/dev-oauth/api/oauth2/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('lineup-dev-client:lineup-dev-secret').toString('base64')}` },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: `refresh.admin.${Date.now() + 60_000}.forged` }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_grant' });
  });
});

test('the development provider is refused in production', () => {
  expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
  expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/DISCORD_CLIENT_ID must be set/);
});
