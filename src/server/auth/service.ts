import { timingSafeEqual } from 'node:crypto';
import { generateCodeVerifier, generateState } from 'arctic';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { AUTH_MESSAGES, type AuthCallbackBody, type Me } from '@shared/schemas/auth.js';
import type { AppContext } from '../context.js';
import type { Database } from '../db/schema.js';
import { readSettings } from '../settings/service.js';
import { HttpError } from '../http/errors.js';
import {
  authorizationUrl,
  avatarUrlOf,
  DiscordClient,
  type DiscordEndpoints,
  DiscordFailure,
  mapRoles,
  publicNameOf,
} from './discord.js';
import { findDjIdByDiscordId, upsertDjForDiscordUser } from './repository.js';
import { closeSession, type OpenedSession, openSession, type SessionUser } from './sessions.js';
import { sessionSealer } from './token-sealer.js';

/** What the browser keeps (in an HttpOnly cookie) between starting and finishing a sign-in. */
export interface PendingSignIn {
  state: string;
  verifier: string;
}

export function startSignIn({ ctx, endpoints, redirectUri }: { ctx: AppContext; endpoints: DiscordEndpoints; redirectUri: string }) {
  const pending: PendingSignIn = { state: generateState(), verifier: generateCodeVerifier() };
  const url = authorizationUrl(ctx.config.discord, endpoints, redirectUri, pending.state, pending.verifier);
  return { url, pending };
}

export interface CompleteSignIn {
  body: AuthCallbackBody;
  pending: PendingSignIn | null;
  expectedRedirectUri: string;
  /** The browser's previous session, replaced by a new one. */
  previousSessionToken: string | undefined;
  /** Called with the id of the session this sign-in replaced (its live streams close). */
  onSessionClosed: (sessionId: string) => void;
}

export async function completeSignIn(
  { ctx, endpoints, input, log }: { ctx: AppContext; endpoints: DiscordEndpoints; input: CompleteSignIn; log: FastifyBaseLogger },
): Promise<{ me: Me; session: OpenedSession }> {
  const failed = (status: number, reason: string) => {
    log.warn({ reason }, 'sign-in failed');
    return new HttpError(status, 'auth_failed', AUTH_MESSAGES.failed);
  };
  if (!input.pending) throw failed(400, 'no sign-in in progress for this browser');
  if (!sameText(input.pending.state, input.body.state)) throw failed(400, 'state does not match this browser');
  if (input.body.redirect_uri !== input.expectedRedirectUri) throw failed(400, 'redirect_uri is not ours');

  const { discord } = ctx.config;
  const client = new DiscordClient(discord, endpoints, ctx.limits.discordTimeoutMs);
  let tokens, user, member;
  try {
    tokens = await client.exchangeCode(input.expectedRedirectUri, input.body.code, input.pending.verifier);
    user = await client.fetchUser(tokens.accessToken);
    member = await client.fetchMember(tokens.accessToken);
  } catch (error) {
    if (!(error instanceof DiscordFailure)) throw error;
    if (error.kind === 'notMember') {
      log.info({ reason: error.reason }, 'sign-in refused');
      throw new HttpError(403, 'not_authorized', AUTH_MESSAGES.notAuthorized);
    }
    throw failed(error.kind === 'rejected' ? 400 : 502, error.reason);
  }

  const roles = mapRoles(member.roles, discord);
  const publicName = publicNameOf(user, member);
  const avatarUrl = avatarUrlOf(user, member, discord.guildId);
  // Only members with a role get a roster entry; one without keeps any entry they had.
  const djId =
    roles.length > 0
      ? await upsertDjForDiscordUser(ctx.store.db, { discordId: user.id, publicName, avatarUrl })
      : await findDjIdByDiscordId(ctx.store.db, user.id);
  if (input.previousSessionToken) input.onSessionClosed(await closeSession(ctx.store.db, input.previousSessionToken));
  // The tokens stay with the session (encrypted) for its membership checks (session-check.ts).
  const session = await openSession(ctx.store.db, { djId, discordUserId: user.id, publicName, avatarUrl, roles }, ctx.config.sessionTtlMs, Date.now(), {
    tokens,
    sealer: sessionSealer(ctx.config.sessionSecret),
  });
  log.info({ djId, roles }, 'signed in');
  const { defaultZone: seriesZone } = await readSettings(ctx.store.db);
  return { me: { djId, publicName, avatarUrl, roles, seriesZone }, session };
}

/** Who is signed in, as their session says (no roster read: a member without roles has none), and the series' zone. */
export async function currentMe({ db, user }: { db: Kysely<Database>; user: SessionUser }): Promise<Me> {
  const { defaultZone: seriesZone } = await readSettings(db);
  return { djId: user.djId, publicName: user.publicName, avatarUrl: user.avatarUrl, roles: user.roles, seriesZone };
}

/** Ends the session; returns its id (for closing its live streams), or null without one. */
export async function signOut({ ctx, sessionToken }: { ctx: AppContext; sessionToken: string | undefined }): Promise<string | null> {
  return sessionToken ? closeSession(ctx.store.db, sessionToken) : null;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
