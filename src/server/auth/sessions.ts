import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ROLES, type Role } from '@shared/domain.js';
import type { Database } from '../db/schema.js';

// Server-side sessions: the cookie holds a random token, the database only its hash.

export const SESSION_COOKIE = 'lineup_session';

export interface SessionUser {
  djId: string;
  discordUserId: string;
  roles: Role[];
}

export interface OpenedSession {
  token: string;
  expiresAt: number;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function openSession(
  db: Kysely<Database>,
  user: SessionUser,
  ttlMs: number,
  now = Date.now(),
): Promise<OpenedSession> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = now + ttlMs;
  await db
    .insertInto('sessions')
    .values({
      id_hash: hashToken(token),
      dj_id: user.djId,
      discord_user_id: user.discordUserId,
      roles: JSON.stringify(user.roles),
      created_at: now,
      expires_at: expiresAt,
    })
    .execute();
  return { token, expiresAt };
}

/**
 * The user behind a session token, or null when unknown or expired. Sliding renewal: a session
 * used in the second half of its life is extended by a full period (renewed says so).
 */
export async function resumeSession(
  db: Kysely<Database>,
  token: string,
  ttlMs: number,
  now = Date.now(),
): Promise<{ user: SessionUser; renewedUntil: number | null } | null> {
  const idHash = hashToken(token);
  const row = await db.selectFrom('sessions').selectAll().where('id_hash', '=', idHash).executeTakeFirst();
  if (!row) return null;
  if (Number(row.expires_at) <= now) {
    await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
    return null;
  }
  let renewedUntil: number | null = null;
  if (Number(row.expires_at) - now < ttlMs / 2) {
    renewedUntil = now + ttlMs;
    await db.updateTable('sessions').set({ expires_at: renewedUntil }).where('id_hash', '=', idHash).execute();
  }
  const roles = (JSON.parse(row.roles) as string[]).filter((r): r is Role => (ROLES as readonly string[]).includes(r));
  return { user: { djId: row.dj_id, discordUserId: row.discord_user_id, roles }, renewedUntil };
}

export async function closeSession(db: Kysely<Database>, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('id_hash', '=', hashToken(token)).execute();
}

export async function deleteExpiredSessions(db: Kysely<Database>, now = Date.now()): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
}
