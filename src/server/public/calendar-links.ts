import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type { CalendarLink } from '@shared/schemas/public.js';
import { feeds } from '@shared/paths.js';
import { hashSessionToken } from '../auth/sessions.js';
import type { AppContext } from '../context.js';
import { toIso } from '../db/values.js';
import { forbidden } from '../http/errors.js';
import * as repository from './repository.js';

// A DJ's private calendar link (/feeds/dj/{token}.ics): unguessable, one per DJ, revocable.
// The token is an HMAC of a random 32-byte nonce under a key derived from SESSION_SECRET, so the
// DJ's page can show the same link again while the database keeps only the nonce and the token's
// SHA-256 (the lookup, as for session cookies): a copy of the database opens no feed.

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const keys = new Map<string, Buffer>();
function keyFor(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'lineup-feeds', 'dj calendar tokens v1', 32));
    keys.set(secret, key);
  }
  return key;
}

const tokenOf = (ctx: AppContext, nonce: string) => createHmac('sha256', keyFor(ctx.config.sessionSecret)).update(nonce).digest('base64url');

const linkOf = (origin: string, token: string, createdAt: number): CalendarLink => ({
  url: `${origin}${feeds.dj(token)}`,
  createdAt: toIso(createdAt),
});

async function createLink(ctx: AppContext, djId: string) {
  const nonce = randomBytes(32).toString('base64url');
  await repository.insertCalendarLink(ctx.store.db, { dj_id: djId, token_hash: hashSessionToken(tokenOf(ctx, nonce)), nonce, created_at: Date.now() });
}

/** The DJ's link, made on first use. A link whose key changed (SESSION_SECRET rotated) is replaced. */
export async function getOrCreateCalendarLink(ctx: AppContext, djId: string | null, origin: string): Promise<CalendarLink> {
  if (djId === null) throw forbidden();
  const db = ctx.store.db;
  let row = await repository.findCalendarLink(db, djId);
  if (row && hashSessionToken(tokenOf(ctx, row.nonce)) !== row.token_hash) {
    await repository.deleteCalendarLink(db, djId);
    row = undefined;
  }
  if (!row) {
    await createLink(ctx, djId);
    row = await repository.findCalendarLink(db, djId);
    if (!row) throw new Error('The calendar link was not stored.');
  }
  return linkOf(origin, tokenOf(ctx, row.nonce), Number(row.created_at));
}

/** Ends the DJ's link at once (its feed answers 404) and makes a new one. */
export async function revokeCalendarLink(ctx: AppContext, djId: string | null, origin: string): Promise<CalendarLink> {
  if (djId === null) throw forbidden();
  await repository.deleteCalendarLink(ctx.store.db, djId);
  return getOrCreateCalendarLink(ctx, djId, origin);
}

/** The DJ whose live link this token is; undefined for anything else. */
export async function djOfToken(ctx: AppContext, token: string): Promise<string | undefined> {
  if (!TOKEN_PATTERN.test(token)) return undefined;
  return repository.findDjByTokenHash(ctx.store.db, hashSessionToken(token));
}
