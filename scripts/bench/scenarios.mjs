// Benchmark scenarios. Each prepares its data through the store (the same database the server
// uses) and returns the load to apply (one request, repeated), or a custom runner.
import { randomUUID } from 'node:crypto';
import { mixed } from './mixed.mjs';
import { signupBurst } from './signup-burst.mjs';
import { eventPage, eventSave, roster } from './staff-scenarios.mjs';

/** A signed-in staff member: a DJ row and a session, as a cookie header. */
export async function staffCookie(store, roles = ['admin', 'dj']) {
  const { openSession, SESSION_COOKIE } = await import('../../dist/server/auth/sessions.js');
  const now = Date.now();
  const djId = randomUUID();
  await store.db
    .insertInto('djs')
    .values({ id: djId, discord_id: null, public_name: 'Bench', dj_name: 'Bench', rtmp_url: '', twitch_username: '', avatar_url: null, notes: '', created_at: now, updated_at: now })
    .execute();
  const session = await openSession(store.db, { djId, discordUserId: '0', roles }, 24 * 60 * 60 * 1000);
  return `${SESSION_COOKIE}=${session.token}`;
}

export const scenarios = [
  {
    name: 'healthz',
    setup: async () => ({ load: { requests: [{ method: 'GET', path: '/healthz' }] } }),
  },
  {
    // The floor: a minimal authenticated route that reads one row (the session) and answers.
    name: 'floor: GET /api/me',
    setup: async ({ store }) => {
      const cookie = await staffCookie(store);
      return { load: { requests: [{ method: 'GET', path: '/api/me', headers: { cookie } }] } };
    },
  },
  signupBurst('first'),
  signupBurst('again'),
  eventPage,
  roster,
  eventSave,
  mixed,
];
