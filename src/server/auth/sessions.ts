import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { ROLES, type Role } from '@shared/domain.js';
import { precompiled } from '../db/precompiled.js';
import type { ReadCache } from '../db/read-cache.js';
import type { Database, SessionsTable } from '../db/schema.js';
import { SESSION_CHECK } from '../limits.js';
import type { DiscordTokens } from './discord.js';
import type { TokenSealer } from './token-sealer.js';

// Server-side sessions: the cookie holds a random token, the database only its hash.

export const SESSION_COOKIE = 'lineup_session';

export interface SessionUser {
  /** Their roster entry; null for a member without roles, who gets none. */
  djId: string | null;
  discordUserId: string;
  /** What Discord called them at sign-in. */
  publicName: string;
  avatarUrl: string | null;
  roles: Role[];
}

export interface OpenedSession {
  token: string;
  /** SHA-256 of the token: the session's id in the database and in the live-stream registry. */
  idHash: string;
  expiresAt: number;
}

/** A session as the guard resumed it: who, and what its membership check needs. */
export interface ResumedSession {
  idHash: string;
  user: SessionUser;
  renewedUntil: number | null;
  discordTokens: string | null;
  checkedAt: number;
  nextCheckAt: number;
}

export const hashSessionToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Opens a session. `discord` is what a real sign-in has (the tokens to check membership with
 * later); a session without tokens ends at its first check, 24 hours on.
 */
export async function openSession(
  db: Kysely<Database>,
  user: SessionUser,
  ttlMs: number,
  now = Date.now(),
  discord?: { tokens: DiscordTokens; sealer: TokenSealer },
): Promise<OpenedSession> {
  const token = randomBytes(32).toString('base64url');
  const idHash = hashSessionToken(token);
  const expiresAt = now + ttlMs;
  await db
    .insertInto('sessions')
    .values({
      id_hash: idHash,
      dj_id: user.djId,
      discord_user_id: user.discordUserId,
      public_name: user.publicName,
      avatar_url: user.avatarUrl,
      roles: JSON.stringify(user.roles),
      created_at: now,
      expires_at: expiresAt,
      discord_tokens: discord ? discord.sealer.seal(discord.tokens, idHash) : null,
      checked_at: now,
      next_check_at: now + SESSION_CHECK.everyMs,
    })
    .execute();
  return { token, idHash, expiresAt };
}

/** Session rows by id hash, kept while nothing in the database is written (guard.ts). */
export type SessionRows = ReadCache<Selectable<SessionsTable> | null>;

/**
 * The session behind a token, or null when unknown or expired: one read by primary key, or none
 * when `rows` holds it. Sliding renewal: a session used in the second half of its life is extended
 * by a full period (renewed says so). Whether its membership check is due is the caller's
 * decision (auth/session-check.ts).
 */
export async function resumeSession(
  db: Kysely<Database>,
  token: string,
  ttlMs: number,
  now = Date.now(),
  rows?: SessionRows,
): Promise<ResumedSession | null> {
  const idHash = hashSessionToken(token);
  const read = async () => (await findSession(db, { idHash })).rows[0] ?? null;
  const row = await (rows ? rows.get(idHash, read) : read());
  if (!row) return null;
  if (Number(row.expires_at) <= now) {
    await endSession(db, idHash);
    return null;
  }
  let renewedUntil: number | null = null;
  if (Number(row.expires_at) - now < ttlMs / 2) {
    renewedUntil = now + ttlMs;
    await renewSession(db, { idHash, expiresAt: renewedUntil });
  }
  return {
    idHash,
    user: {
      djId: row.dj_id,
      discordUserId: row.discord_user_id,
      publicName: row.public_name,
      avatarUrl: row.avatar_url,
      roles: parseRoles(row.roles),
    },
    renewedUntil,
    discordTokens: row.discord_tokens,
    checkedAt: Number(row.checked_at),
    nextCheckAt: Number(row.next_check_at),
  };
}

/** The roles stored on a session row (JSON text), unknown ones dropped. */
export function parseRoles(stored: SessionsTable['roles']): Role[] {
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) ? value.filter((role): role is Role => (ROLES as readonly unknown[]).includes(role)) : [];
  } catch {
    return [];
  }
}

/** Ends the session of a cookie token; returns its id hash (for closing its live streams). */
export async function closeSession(db: Kysely<Database>, token: string): Promise<string> {
  const idHash = hashSessionToken(token);
  await endSession(db, idHash);
  return idHash;
}

export async function endSession(db: Kysely<Database>, idHash: string): Promise<void> {
  await deleteSession(db, { idHash });
}

// Every signed-in request runs these.
const findSession = precompiled((db, { idHash }: { idHash: string }) => db.selectFrom('sessions').selectAll().where('id_hash', '=', idHash));
const renewSession = precompiled((db, { idHash, expiresAt }: { idHash: string; expiresAt: number }) =>
  db.updateTable('sessions').set({ expires_at: expiresAt }).where('id_hash', '=', idHash),
);
const deleteSession = precompiled((db, { idHash }: { idHash: string }) => db.deleteFrom('sessions').where('id_hash', '=', idHash));

export async function deleteExpiredSessions(db: Kysely<Database>, now = Date.now()): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * A merged DJ's sign-ins (djs/service.ts mergeDj) carry on as the record kept when it has their
 * Discord ID; when it keeps another one they end: that Discord account no longer has a record.
 */
export async function handOverSessions(trx: Transaction<Database>, fromDjId: string, toDjId: string, keptDiscordId: string | null): Promise<void> {
  await trx
    .deleteFrom('sessions')
    .where('dj_id', '=', fromDjId)
    .$if(keptDiscordId !== null, (query) => query.where('discord_user_id', '!=', keptDiscordId!))
    .execute();
  await trx.updateTable('sessions').set({ dj_id: toDjId }).where('dj_id', '=', fromDjId).execute();
}
