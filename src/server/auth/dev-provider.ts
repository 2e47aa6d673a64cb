import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { paths } from '@shared/paths.js';
import { DEV_DISCORD } from '../config.js';
import type { AppContext } from '../context.js';
import { DEV_ACCOUNTS, type DevAccount } from './dev-accounts.js';
import type { DiscordEndpoints } from './discord.js';
import { ownOrigin } from './origin.js';

// The development sign-in provider (DISCORD_CLIENT_ID unset; config refuses it in production).
// It speaks Discord's protocol (authorize page, token endpoint with PKCE, @me, guild member), so
// a local run and the end-to-end tests exercise the real sign-in code. Codes live in memory;
// access and refresh tokens are signed with the provider's fixed development secret, so they
// survive a restart (a session's membership check refreshes them a day later, as with Discord).

const BASE = '/dev-oauth';
/** Discord's endpoints are public; its tokens are checked by the handlers themselves. */
const PUBLIC = { config: { access: 'public' as const } };
const CODE_TTL_MS = 60_000;
const TOKEN_TTL_MS = 10 * 60_000;
const REFRESH_TTL_MS = 60 * 24 * 60 * 60_000;

/** Where Discord is: the configured endpoints, or the development provider on this server. */
export function discordEndpointsFor(request: FastifyRequest, ctx: AppContext): DiscordEndpoints {
  const { apiUrl, authorizeUrl } = ctx.config.discord;
  return apiUrl && authorizeUrl ? { apiUrl, authorizeUrl } : devProviderEndpoints(request, ctx);
}

function devProviderEndpoints(request: FastifyRequest, ctx: AppContext): DiscordEndpoints {
  return {
    // The browser goes to the public origin; the server calls itself on its listening address,
    // which works behind a proxy or port mapping where the public origin may not resolve.
    authorizeUrl: `${ownOrigin(request, ctx)}${BASE}/authorize`,
    apiUrl: `${listeningOrigin(request.server)}${BASE}/api`,
  };
}

function listeningOrigin(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('The server is not listening on TCP.');
  const host = address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

interface Grant {
  account: DevAccount;
  expiresAt: number;
}

interface CodeGrant extends Grant {
  codeChallenge: string;
  redirectUri: string;
}

export function registerDevProvider(app: FastifyInstance, ctx: AppContext) {
  const codes = new Map<string, CodeGrant>();

  const issueCode = (grant: CodeGrant) => {
    const now = Date.now();
    for (const [key, value] of codes) if (value.expiresAt <= now) codes.delete(key);
    const key = randomBytes(24).toString('base64url');
    codes.set(key, grant);
    return key;
  };

  const tokensFor = (account: DevAccount) => ({
    access_token: signToken('access', account, TOKEN_TTL_MS),
    refresh_token: signToken('refresh', account, REFRESH_TTL_MS),
    token_type: 'Bearer',
    expires_in: TOKEN_TTL_MS / 1000,
    scope: 'identify guilds.members.read',
  });

  const bearer = (request: FastifyRequest): DevAccount | undefined => {
    const token = request.headers.authorization?.replace(/^Bearer\s+/i, '');
    return token ? verifyToken('access', token) : undefined;
  };

  app.register(async (scope) => {
    // Forms and the token endpoint send application/x-www-form-urlencoded; only this scope parses it.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    scope.get(`${BASE}/authorize`, PUBLIC, async (request, reply) => {
      const query = request.query as Record<string, string | undefined>;
      const problem = authorizeProblem(request, ctx, query);
      if (problem) return sendPage(reply, 400, errorPage(problem));
      return sendPage(reply, 200, authorizePage(query));
    });

    scope.post(`${BASE}/authorize`, PUBLIC, async (request, reply) => {
      const form = (request.body ?? {}) as Record<string, string | undefined>;
      const problem = authorizeProblem(request, ctx, form);
      if (problem) return sendPage(reply, 400, errorPage(problem));
      const redirect = new URL(form.redirect_uri!);
      redirect.searchParams.set('state', form.state!);
      const account = DEV_ACCOUNTS.find((candidate) => candidate.key === form.account);
      if (!account) {
        redirect.searchParams.set('error', 'access_denied');
      } else {
        const code = issueCode({
          account,
          codeChallenge: form.code_challenge!,
          redirectUri: form.redirect_uri!,
          expiresAt: Date.now() + CODE_TTL_MS,
        });
        redirect.searchParams.set('code', code);
      }
      return reply.redirect(redirect.toString(), 303);
    });

    scope.post(`${BASE}/api/oauth2/token`, PUBLIC, async (request, reply) => {
      const form = (request.body ?? {}) as Record<string, string | undefined>;
      const [clientId, clientSecret] = clientCredentials(request, form);
      if (clientId !== DEV_DISCORD.clientId || clientSecret !== DEV_DISCORD.clientSecret) {
        return reply.code(401).send({ error: 'invalid_client' });
      }
      if (form.grant_type === 'refresh_token') {
        const account = verifyToken('refresh', form.refresh_token ?? '');
        if (!account) return reply.code(400).send({ error: 'invalid_grant', error_description: 'Invalid "refresh_token" in request.' });
        return tokensFor(account);
      }
      if (form.grant_type !== 'authorization_code') return reply.code(400).send({ error: 'unsupported_grant_type' });
      const grant = form.code ? codes.get(form.code) : undefined;
      if (form.code) codes.delete(form.code);
      const verified =
        grant &&
        grant.expiresAt > Date.now() &&
        grant.redirectUri === form.redirect_uri &&
        createHash('sha256').update(form.code_verifier ?? '').digest('base64url') === grant.codeChallenge;
      if (!verified) {
        return reply.code(400).send({ error: 'invalid_grant', error_description: 'Invalid "code" in request.' });
      }
      return tokensFor(grant.account);
    });

    scope.get(`${BASE}/api/users/@me`, PUBLIC, async (request, reply) => {
      const account = bearer(request);
      if (!account) return reply.code(401).send({ message: '401: Unauthorized', code: 0 });
      return discordUser(account);
    });

    scope.get(`${BASE}/api/users/@me/guilds/:guildId/member`, PUBLIC, async (request, reply) => {
      const account = bearer(request);
      if (!account) return reply.code(401).send({ message: '401: Unauthorized', code: 0 });
      const { guildId } = request.params as { guildId: string };
      if (guildId !== DEV_DISCORD.guildId || !account.roleIds) {
        return reply.code(404).send({ message: 'Unknown Guild', code: 10004 });
      }
      return {
        user: discordUser(account),
        nick: account.nick,
        avatar: null,
        roles: account.roleIds,
        joined_at: '2024-01-01T00:00:00.000000+00:00',
        deaf: false,
        mute: false,
      };
    });
  });
}

/** `kind.account.expiresAt.signature`: nothing secret in it, and nothing a browser could forge. */
function signToken(kind: 'access' | 'refresh', account: DevAccount, ttlMs: number): string {
  const payload = `${kind}.${account.key}.${Date.now() + ttlMs}`;
  return `${payload}.${tokenSignature(payload)}`;
}

function verifyToken(kind: 'access' | 'refresh', token: string): DevAccount | undefined {
  const [tokenKind, key, expiresAt, signature, ...rest] = token.split('.');
  if (tokenKind !== kind || !signature || rest.length > 0 || !(Number(expiresAt) > Date.now())) return undefined;
  const expected = Buffer.from(tokenSignature(`${tokenKind}.${key}.${expiresAt}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return DEV_ACCOUNTS.find((account) => account.key === key);
}

const tokenSignature = (payload: string) =>
  createHmac('sha256', `${DEV_DISCORD.clientSecret}:tokens`).update(payload).digest('base64url');

const discordUser = (account: DevAccount) => ({
  id: account.discordId,
  username: account.username,
  global_name: account.globalName,
  avatar: account.avatar,
  discriminator: '0',
});

function clientCredentials(request: FastifyRequest, form: Record<string, string | undefined>): [string?, string?] {
  const basic = request.headers.authorization?.match(/^Basic\s+(.+)$/i)?.[1];
  if (basic) {
    const decoded = Buffer.from(basic, 'base64').toString('utf8');
    const split = decoded.indexOf(':');
    return [decoded.slice(0, split), decoded.slice(split + 1)];
  }
  return [form.client_id, form.client_secret];
}

/** Only our own client, our own redirect address and PKCE S256: the page is not an open redirect. */
function authorizeProblem(request: FastifyRequest, ctx: AppContext, params: Record<string, string | undefined>) {
  if (params.client_id !== DEV_DISCORD.clientId) return 'Unknown client_id.';
  if (params.response_type !== undefined && params.response_type !== 'code') return 'response_type must be code.';
  if (params.redirect_uri !== `${ownOrigin(request, ctx)}${paths.discordRedirect()}`) return 'redirect_uri is not this app.';
  if (!params.state) return 'state is missing.';
  if (!params.code_challenge || (params.code_challenge_method ?? 'S256') !== 'S256') return 'PKCE (S256) is required.';
  return undefined;
}

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const hidden = (name: string, value: string | undefined) =>
  `<input type="hidden" name="${name}" value="${escapeHtml(value ?? '')}">`;

function describe(account: DevAccount): string {
  const roleIds = account.roleIds;
  if (!roleIds) return 'not in the Discord server';
  const holds = (ids: readonly string[]) => roleIds.some((id) => ids.includes(id));
  const roles = [
    holds(DEV_DISCORD.adminRoleIds) && 'admin',
    holds(DEV_DISCORD.hostRoleIds) && 'host',
    holds(DEV_DISCORD.djRoleIds) && 'dj',
  ].filter(Boolean);
  return `@${account.username} · ${roles.length ? `roles: ${roles.join(', ')}` : 'member without roles'}`;
}

function authorizePage(query: Record<string, string | undefined>): string {
  const accounts = DEV_ACCOUNTS.map(
    (account) =>
      `<li><button type="submit" name="account" value="${account.key}">${escapeHtml(account.label)}</button>` +
      `<span>${escapeHtml(describe(account))}</span></li>`,
  ).join('\n');
  return layout(
    'Development sign-in',
    `<p class="notice">No Discord application is configured (<code>DISCORD_CLIENT_ID</code> is unset), so this
    built-in provider stands in for Discord. Choose who to sign in as. It is for local use only.</p>
    <form method="post" action="${BASE}/authorize">
      ${hidden('client_id', query.client_id)}
      ${hidden('redirect_uri', query.redirect_uri)}
      ${hidden('state', query.state)}
      ${hidden('code_challenge', query.code_challenge)}
      ${hidden('code_challenge_method', query.code_challenge_method)}
      <ul>${accounts}</ul>
      <button type="submit" name="account" value="" class="cancel">Cancel</button>
    </form>`,
  );
}

const errorPage = (problem: string) =>
  layout('Development sign-in', `<p class="error">This sign-in request is not valid: ${escapeHtml(problem)}</p>`);

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f4f1ea; color: #1f1d1a; margin: 0; padding: 1.5rem 1rem; }
  main { max-width: 32rem; margin: 0 auto; background: #fff; border: 3px dashed #c2410c; border-radius: 12px; padding: 1.25rem 1.5rem; }
  h1 { margin: 0 0 .5rem; font-size: 1.5rem; }
  .badge { display: inline-block; background: #c2410c; color: #fff; border-radius: 4px; padding: .1rem .5rem; font-size: .8rem; font-weight: 600; letter-spacing: .04em; text-transform: uppercase; }
  .notice { color: #57534e; }
  .error { color: #b91c1c; }
  ul { list-style: none; padding: 0; margin: 1rem 0; display: grid; gap: .5rem; }
  li { display: flex; flex-wrap: wrap; align-items: center; gap: .25rem .75rem; }
  li span { color: #57534e; font-size: .9rem; }
  button { font: inherit; min-width: 12rem; padding: .5rem 1rem; border-radius: 6px; border: 1px solid #5865f2; background: #5865f2; color: #fff; cursor: pointer; text-align: left; }
  button:hover, button:focus-visible { background: #4752c4; }
  button.cancel { background: #fff; color: #1f1d1a; border-color: #a8a29e; min-width: 0; }
</style>
</head>
<body><main><span class="badge">Development only</span><h1>${title}</h1>${body}</main></body>
</html>`;
}
