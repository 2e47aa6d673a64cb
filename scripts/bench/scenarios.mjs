// Benchmark scenarios. Each prepares its data through the store (the same database the server
// uses) and returns the load to apply (one request, repeated), or a custom runner.
//
// A scenario marked `ceiling: true` is run twice: on the app, then (setup and load again) on the
// ceiling server and its own database (scripts/bench/ceiling/server.ts), which give its row the
// "vs ceiling" ratio.
import { randomUUID } from 'node:crypto';
import { bigArchiveMove } from './big-archive.mjs';
import { imageFlood } from './image-flood.mjs';
import { mixed } from './mixed.mjs';
import { publicScenarios } from './public-page.mjs';
import { sessionLifetime } from './seed.mjs';
import { intakeRate, signupBurst } from './signup-burst.mjs';
import { eventPage, eventSave, roster } from './staff-scenarios.mjs';

/**
 * A signed-in staff member: a DJ row and a session, as a cookie header. The session has the
 * configured lifetime, or with `renewing` is due for renewal (see seed.mjs).
 */
export async function staffCookie(store, roles = ['admin', 'dj'], { renewing = false } = {}) {
  const { openSession, SESSION_COOKIE } = await import('../../dist/server/auth/sessions.js');
  const now = Date.now();
  const djId = randomUUID();
  await store.db
    .insertInto('djs')
    .values({ id: djId, discord_id: null, public_name: 'Bench', dj_name: 'Bench', rtmp_url: '', twitch_username: '', avatar_url: null, notes: '', created_at: now, updated_at: now })
    .execute();
  const session = await openSession(store.db, { djId, discordUserId: '0', publicName: 'Bench person', avatarUrl: null, roles }, await sessionLifetime({ renewing }));
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
  signupBurst('first', { cold: true }),
  signupBurst('again'),
  signupBurst('every session renewed', { renewing: true }),
  intakeRate,
  eventPage,
  roster,
  eventSave,
  mixed,
  imageFlood,
  bigArchiveMove,
  ...publicScenarios,
];
