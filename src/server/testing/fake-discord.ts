import { createHash } from 'node:crypto';
import type { Me } from '@shared/schemas/auth.js';
import { SESSION_COOKIE } from '../auth/sessions.js';
import { type Behaviour, startFakeServer } from './fake-server.js';

// A tiny Discord for the tests, reached through DISCORD_API_URL: the token endpoint
// (authorization code with PKCE, refresh tokens rotated on every use as Discord does), the
// profile and the guild member. People are registered with `person()`; their membership and
// roles can change afterwards, and each endpoint can be made to misbehave.

export const FAKE_DISCORD = {
  clientId: '555000000000000001',
  clientSecret: 'fake-discord-secret-do-not-leak-4f9a1c',
  guild: '555000000000000002',
  adminRole: '555000000000000010',
  hostRole: '555000000000000011',
  djRole: '555000000000000012',
  otherRole: '555000000000000013',
} as const;

export interface FakePerson {
  user: { id: string; username: string; global_name: string | null; avatar: string | null; discriminator?: string };
  /** null: not a member of the guild. */
  member: { nick: string | null; avatar: string | null; roles: string[] } | null;
}

type Endpoint = 'token' | 'refresh' | 'profile' | 'member';

export interface SeenRequest {
  method: string;
  path: string;
  authorization?: string;
  body: string;
}

export async function startFakeDiscord() {
  const people = new Map<string, FakePerson>();
  /** access token → person, refresh token → person (each refresh token works once). */
  const accessTokens = new Map<string, FakePerson>();
  const refreshTokens = new Map<string, FakePerson>();
  const behaviours = new Map<Endpoint, Behaviour>();
  let challenge = '';
  let tokenCounter = 0;
  let tokenLifetimeSeconds = 604_800;
  const seen: SeenRequest[] = [];

  const issueTokens = (person: FakePerson) => {
    const n = ++tokenCounter;
    accessTokens.set(`access-${n}`, person);
    refreshTokens.set(`refresh-${n}`, person);
    return { access_token: `access-${n}`, refresh_token: `refresh-${n}`, token_type: 'Bearer', expires_in: tokenLifetimeSeconds, scope: 'identify guilds.members.read' };
  };

  const server = await startFakeServer(({ request, body, send, answer: behave }) => {
    seen.push({ method: request.method ?? '', path: request.url ?? '', authorization: request.headers.authorization, body });
    const answer = (endpoint: Endpoint, ok: () => void) => behave(behaviours.get(endpoint) ?? 'ok', ok);

    if (request.method === 'POST' && request.url === '/oauth2/token') {
      const form = new URLSearchParams(body);
      const basic = `Basic ${Buffer.from(`${FAKE_DISCORD.clientId}:${FAKE_DISCORD.clientSecret}`).toString('base64')}`;
      if (request.headers.authorization !== basic) return send(401, { error: 'invalid_client' });
      if (form.get('grant_type') === 'refresh_token') {
        return answer('refresh', () => {
          const token = form.get('refresh_token') ?? '';
          const person = refreshTokens.get(token);
          if (!person) return send(400, { error: 'invalid_grant', error_description: 'Invalid "refresh_token" in request.' });
          refreshTokens.delete(token);
          return send(200, issueTokens(person));
        });
      }
      return answer('token', () => {
        const person = people.get(form.get('code') ?? '');
        const pkceOk = createHash('sha256').update(form.get('code_verifier') ?? '').digest('base64url') === challenge;
        if (!person || !pkceOk || !form.get('redirect_uri') || form.get('grant_type') !== 'authorization_code') {
          return send(400, { error: 'invalid_grant', error_description: 'Invalid "code" in request.' });
        }
        return send(200, issueTokens(person));
      });
    }
    const person = accessTokens.get(request.headers.authorization?.replace('Bearer ', '') ?? '');
    if (!person) return send(401, { message: '401: Unauthorized', code: 0 });
    if (request.url === '/users/@me') return answer('profile', () => send(200, person.user));
    if (request.url === `/users/@me/guilds/${FAKE_DISCORD.guild}/member`) {
      return answer('member', () =>
        person.member ? send(200, { ...person.member, user: person.user }) : send(404, { message: 'Unknown Guild', code: 10004 }),
      );
    }
    return send(404, { message: 'Unknown' });
  });
  let counter = 0;
  return {
    url: server.url,
    seen,
    /** Registers a person; returns the code Discord would hand back for them, and the person to change later. */
    person(member: FakePerson['member'], user: Partial<FakePerson['user']> = {}) {
      const id = `77700000000000${String(++counter).padStart(4, '0')}`;
      const code = `code-${counter}`;
      const person: FakePerson = { user: { id, username: `user${counter}`, global_name: null, avatar: null, ...user }, member };
      people.set(code, person);
      return { code, id, person };
    },
    expectChallenge(value: string) {
      challenge = value;
    },
    behave(endpoint: Endpoint, behaviour: Behaviour) {
      behaviours.set(endpoint, behaviour);
      if (behaviour === 'ok') server.releaseHeld();
    },
    failProfile(value: boolean) {
      this.behave('profile', value ? { status: 500 } : 'ok');
    },
    /** expires_in of the tokens issued from now on. */
    setTokenLifetime(seconds: number) {
      tokenLifetimeSeconds = seconds;
    },
    /** Discord forgets every access token (the person deauthorised the app). */
    revokeAccessTokens() {
      accessTokens.clear();
    },
    /** How many requests reached a path (e.g. the member endpoint) since `from`. */
    count(path: string, from = 0) {
      return seen.slice(from).filter((r) => r.path === path).length;
    },
    refreshes(from = 0) {
      return seen.slice(from).filter((r) => r.path === '/oauth2/token' && new URLSearchParams(r.body).get('grant_type') === 'refresh_token');
    },
    reset() {
      behaviours.clear();
      server.releaseHeld();
      tokenLifetimeSeconds = 604_800;
    },
    close: server.close,
  };
}

export type FakeDiscord = Awaited<ReturnType<typeof startFakeDiscord>>;

export const MEMBER_PATH = `/users/@me/guilds/${FAKE_DISCORD.guild}/member`;

export const fakeDiscordEnv = (fake: FakeDiscord, extra: Record<string, string> = {}) => ({
  DISCORD_CLIENT_ID: FAKE_DISCORD.clientId,
  DISCORD_CLIENT_SECRET: FAKE_DISCORD.clientSecret,
  DISCORD_GUILD_ID: FAKE_DISCORD.guild,
  DISCORD_ADMIN_ROLE_IDS: FAKE_DISCORD.adminRole,
  DISCORD_HOST_ROLE_IDS: FAKE_DISCORD.hostRole,
  DISCORD_DJ_ROLE_IDS: `${FAKE_DISCORD.djRole}, 555000000000000099`,
  DISCORD_API_URL: fake.url,
  DISCORD_AUTHORIZE_URL: 'https://discord.example/oauth2/authorize',
  ...extra,
});

/** GET /login/discord: where it sends the browser (Discord's authorize page), and the cookies it sets. */
export async function startSignInAt(appUrl: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${appUrl}/login/discord`, { redirect: 'manual', headers });
  const location = response.headers.get('location');
  return { status: response.status, url: new URL(location ?? 'about:blank'), setCookies: response.headers.getSetCookie(), response };
}

export const cookieValue = (setCookies: string[], name: string) => setCookies.find((c) => c.startsWith(`${name}=`))?.split(';')[0];

export interface Started {
  url: URL;
  cookie: string;
  state: string;
}

/** GET /login/discord, as the login button does; the fake Discord learns the PKCE challenge. */
export async function startSignIn(app: { url: string }, fake: FakeDiscord): Promise<Started> {
  const { status, url, setCookies } = await startSignInAt(app.url);
  if (status !== 303) throw new Error(`sign-in start answered ${status}`);
  fake.expectChallenge(url.searchParams.get('code_challenge') ?? '');
  const cookie = cookieValue(setCookies, 'lineup_oauth');
  if (!cookie) throw new Error('no sign-in cookie');
  return { url, cookie, state: url.searchParams.get('state')! };
}

/** POST /api/auth/callback with what Discord handed back. */
export async function signInCallback(
  app: { url: string },
  started: Started,
  code: string,
  overrides: Partial<{ state: string; redirect_uri: string; cookie: string }> = {},
) {
  const response = await fetch(`${app.url}/api/auth/callback`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: overrides.cookie ?? started.cookie },
    body: JSON.stringify({
      code,
      state: overrides.state ?? started.state,
      redirect_uri: overrides.redirect_uri ?? `${app.url}/discordRedirect`,
    }),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: JSON.parse(text) as Me & { message?: string; code?: string } };
}

/** The whole sign-in of a registered person; returns the session cookie (`name=value`). */
export async function signInAs(app: { url: string }, fake: FakeDiscord, code: string): Promise<string> {
  const response = await signInCallback(app, await startSignIn(app, fake), code);
  const cookie = cookieValue(response.headers.getSetCookie(), SESSION_COOKIE);
  if (response.status !== 200 || !cookie) throw new Error(`sign-in answered ${response.status}: ${response.text}`);
  return cookie;
}
