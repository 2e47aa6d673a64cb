import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { SESSION_CHECK } from '../limits.js';
import { discordEndpointsFor } from './dev-provider.js';
import { DiscordClient, DiscordFailure, type DiscordTokens, mapRoles } from './discord.js';
import { upsertDjForDiscordUser } from './repository.js';
import { endSession, parseRoles, type ResumedSession, type SessionUser } from './sessions.js';
import { sessionSealer } from './token-sealer.js';

// Sessions end when access ends. A session's membership and roles are checked with Discord again
// once SESSION_CHECK.everyMs has passed since the last successful check, on the first request
// that resumes it then, with the tokens Discord issued at sign-in (refreshed when they expire).
// The common path stays one read by primary key: Discord is called only when a check is due.
//
// - Discord confirms membership: the session's roles become what its guild roles map to now
//   (a member who lost every role stays signed in, without roles).
// - Discord says the person left the server (404), refuses the access token (401/403) or the
//   refresh token: the session ends; the person signs in again.
// - Discord cannot be reached (timeout, 5xx, 429, garbage): the session is kept and checked again
//   on a request after SESSION_CHECK.retryAfterMs. A Discord outage must not sign out the whole
//   community at once (nobody could sign in again until Discord is back either), and the
//   membership confirmed at the last check is still the best knowledge there is. That grace has a
//   limit: a session not successfully checked for SESSION_CHECK.maxUncheckedMs ends.

type Outcome =
  | { kind: 'confirmed'; user: SessionUser }
  | { kind: 'ended'; reason: string }
  | { kind: 'deferred'; reason: string };

export class SessionChecker {
  /** Checks in progress in this process, by session: concurrent requests wait for the same one. */
  private readonly inFlight = new Map<string, Promise<SessionUser | null>>();

  constructor(private readonly ctx: AppContext) {}

  /** The session's user, checked with Discord first when due; null when the session has ended. */
  ensureChecked(session: ResumedSession, request: FastifyRequest, now = Date.now()): Promise<SessionUser | null> | SessionUser {
    const pending = this.inFlight.get(session.idHash);
    if (pending) return pending;
    if (now < session.nextCheckAt) return session.user;
    const check = this.check(session, request, now).finally(() => this.inFlight.delete(session.idHash));
    this.inFlight.set(session.idHash, check);
    return check;
  }

  private async check(session: ResumedSession, request: FastifyRequest, now: number): Promise<SessionUser | null> {
    const { db } = this.ctx.store;
    // Claim the check: of all requests and app instances that found it due, only the one whose
    // update moves next_check_at on goes to Discord. Besides sparing Discord, this keeps two
    // instances from spending the same refresh token (Discord rotates them: the second would be
    // refused and would end a valid session).
    const claim = await db
      .updateTable('sessions')
      .set({ next_check_at: now + SESSION_CHECK.claimMs })
      .where('id_hash', '=', session.idHash)
      .where('next_check_at', '=', session.nextCheckAt)
      .executeTakeFirst();
    if (Number(claim.numUpdatedRows) === 0) return this.checkedElsewhere(session, now);

    const outcome = await this.askDiscord(session, request, now);
    const log = request.log;
    switch (outcome.kind) {
      case 'confirmed': {
        const changed = JSON.stringify(outcome.user.roles) !== JSON.stringify(session.user.roles);
        log.info({ djId: session.user.djId, roles: outcome.user.roles, changed }, 'session confirmed with Discord');
        return outcome.user;
      }
      case 'ended':
        log.info({ djId: session.user.djId, reason: outcome.reason }, 'session ended: Discord no longer grants access');
        await this.end(session.idHash, request);
        return null;
      case 'deferred':
        if (now - session.checkedAt > SESSION_CHECK.maxUncheckedMs) {
          log.warn({ djId: session.user.djId, reason: outcome.reason }, 'session ended: not confirmed with Discord for too long');
          await this.end(session.idHash, request);
          return null;
        }
        log.warn({ djId: session.user.djId, reason: outcome.reason }, 'could not check the session with Discord; keeping it and trying again later');
        return session.user;
    }
  }

  /** Asks Discord and stores what it learnt (roles, rotated tokens, when to check next). */
  private async askDiscord(session: ResumedSession, request: FastifyRequest, now: number): Promise<Outcome> {
    const { config, store, limits } = this.ctx;
    const sealer = sessionSealer(config.sessionSecret);
    const client = new DiscordClient(config.discord, discordEndpointsFor(request, this.ctx), limits.discordTimeoutMs);
    const stored = sealer.open(session.discordTokens, session.idHash);
    let tokens = stored;
    let outcome: Outcome;
    try {
      if (!tokens) throw new DiscordFailure('no Discord token stored for this session', 'rejected');
      if (tokens.accessExpiresAt !== null && tokens.accessExpiresAt - now < SESSION_CHECK.refreshMarginMs) {
        if (!tokens.refreshToken) throw new DiscordFailure('access token expired and no refresh token', 'rejected');
        const refreshed: DiscordTokens = await client.refresh(tokens.refreshToken);
        // Discord rotates refresh tokens; should it send none, the old one stays valid.
        tokens = { ...refreshed, refreshToken: refreshed.refreshToken ?? tokens.refreshToken };
      }
      const member = await client.fetchMember(tokens.accessToken);
      const roles = mapRoles(member.roles, config.discord);
      // A member who gained a role since signing in gets their roster entry now.
      const djId =
        session.user.djId ??
        (roles.length > 0
          ? await upsertDjForDiscordUser(store.db, {
              discordId: session.user.discordUserId,
              publicName: session.user.publicName,
              avatarUrl: session.user.avatarUrl,
            })
          : null);
      outcome = { kind: 'confirmed', user: { ...session.user, djId, roles } };
    } catch (error) {
      if (!(error instanceof DiscordFailure)) throw error;
      outcome = { kind: error.kind === 'unavailable' ? 'deferred' : 'ended', reason: error.reason };
    }
    if (outcome.kind === 'ended') return outcome;
    // Rotated tokens are kept whatever came next: the old refresh token no longer works.
    const sealed = tokens && tokens !== stored ? { discord_tokens: sealer.seal(tokens, session.idHash) } : {};
    await store.db
      .updateTable('sessions')
      .set(
        outcome.kind === 'confirmed'
          ? { ...sealed, dj_id: outcome.user.djId, roles: JSON.stringify(outcome.user.roles), checked_at: now, next_check_at: now + SESSION_CHECK.everyMs }
          : { ...sealed, next_check_at: now + SESSION_CHECK.retryAfterMs },
      )
      .where('id_hash', '=', session.idHash)
      .execute();
    return outcome;
  }

  /**
   * Another request or app instance claimed this check. Use what is stored now: its result if it
   * has finished, else the session as it was, within the grace period.
   */
  private async checkedElsewhere(session: ResumedSession, now: number): Promise<SessionUser | null> {
    const row = await this.ctx.store.db
      .selectFrom('sessions')
      .select(['roles', 'checked_at', 'expires_at'])
      .where('id_hash', '=', session.idHash)
      .executeTakeFirst();
    if (!row || Number(row.expires_at) <= now) return null;
    if (now - Number(row.checked_at) > SESSION_CHECK.maxUncheckedMs) return null;
    return { ...session.user, roles: parseRoles(row.roles) };
  }

  private async end(idHash: string, request: FastifyRequest) {
    await endSession(this.ctx.store.db, idHash);
    request.server.liveStreams.closeSession(idHash);
  }
}
