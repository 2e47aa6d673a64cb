// The signup intake (POST /api/signup), each scenario run on the app and on the ceiling.
//
// The signup burst (issue 6): N DJs submit the wizard at the same moment, each on a new
// connection. Reports signups/s, latency percentiles and lost signups (rows missing afterwards:
// must be 0). Run three times, each on its own event with its own DJs: first on a server whose
// signup code has never run, then again, as a server that has taken signups before would meet
// the next burst, and then with every DJ's session due for renewal (a DJ who signed in over half
// a session lifetime ago), so each request also renews its session and re-sends the cookie. The
// warm bursts are repeated (BENCH_BURSTS, on the app and the ceiling in turn) and the median
// burst reported, as a single burst of a fifth of a second swings with whatever else the machine
// does at that moment.
//
// The intake rate: a closed loop of DJs resubmitting their signup (the update path), for the
// requests/s the intake sustains.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { closedLoop, send } from './runner.mjs';
import { djRow, formData, insertMany, sessionsFor, sessionTtlMs } from './seed.mjs';
import { staffCookie } from './scenarios.mjs';

const DJS = Number(process.env.BENCH_SIGNUP_DJS ?? 200);
/** Bursts per warm scenario and server: one burst is over in a fifth of a second, so one is noise. */
const BURSTS = Number(process.env.BENCH_BURSTS ?? 5);

async function openEvent(store) {
  const eventId = randomUUID();
  const start = Date.now() + 7 * 24 * 3_600_000;
  await store.db
    .insertInto('events')
    .values({ id: eventId, name: 'Bench', start_at: start, end_at: start, published: 0, host: '', message: '', footer: '', signups_open: 1, version: 1, created_at: Date.now(), updated_at: Date.now() })
    .execute();
  return eventId;
}

const intakeBody = (eventId, name, notes = '') => JSON.stringify(formData(eventId, name, { stream_link: 'rtmp://bench.example/live', dj_notes: notes }));

export const signupBurst = (when, { renewing = false, cold = false } = {}) => ({
  name: `signup burst: ${DJS} DJs at once, ${when}`,
  ceiling: true,
  // The first burst meets code that has never run, so it happens once per server.
  repeats: cold ? 1 : BURSTS,
  setup: async ({ store }) => {
    const eventId = await openEvent(store);
    const cookies = [];
    for (let i = 0; i < DJS; i++) cookies.push(await staffCookie(store, ['dj'], { renewing }));
    return {
      custom: async ({ url }) => {
        const target = new URL(url);
        // A new connection per submission, as 200 browsers would open.
        const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
        const began = performance.now();
        const results = await Promise.all(
          cookies.map(async (cookie, i) => {
            const t0 = performance.now();
            const { status } = await send(agent, target, { method: 'POST', path: '/api/signup', headers: { cookie }, body: intakeBody(eventId, `Bench DJ ${i}`) });
            return { ok: status >= 200 && status < 300, status, ms: performance.now() - t0 };
          }),
        );
        const seconds = (performance.now() - began) / 1000;
        agent.destroy();
        const rows = await store.db.selectFrom('signups').select((eb) => eb.fn.countAll().as('n')).where('event_id', '=', eventId).executeTakeFirstOrThrow();
        if (renewing) await checkRenewed(store, eventId, url);
        const latencies = results.map((r) => r.ms).sort((a, b) => a - b);
        const at = (p) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]);
        const statuses = {};
        for (const { status } of results) statuses[status] = (statuses[status] ?? 0) + 1;
        return {
          'requests/s': `${Math.round(DJS / seconds)} signups/s`,
          answered: results.length,
          'p50 ms': at(50),
          'p95 ms': at(95),
          'p99 ms': at(99),
          errors: results.filter((r) => !r.ok).length,
          statuses,
          lost: DJS - Number(rows.n),
        };
      },
    };
  },
});

/** Every session of the event's DJs must have been extended to a full lifetime. */
async function checkRenewed(store, eventId, url) {
  const halfLife = Date.now() + (await sessionTtlMs()) / 2;
  const stale = await store.db
    .selectFrom('sessions')
    .innerJoin('signup_djs', 'signup_djs.dj_id', 'sessions.dj_id')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('signup_djs.event_id', '=', eventId)
    .where('sessions.expires_at', '<', halfLife)
    .executeTakeFirstOrThrow();
  if (Number(stale.n) > 0) console.error(`signup burst with renewing sessions on ${url}: ${stale.n} sessions were not renewed`);
}

/**
 * Requests/s the app answers at most in this scenario, for sizing the DJ pool: each DJ may
 * submit 30 times a minute (SIGNUP_RATE_LIMIT), so below this rate no DJ reaches the limit.
 */
const INTAKE_RATE_CAP = 20_000;
const POSTS_PER_DJ_PER_MINUTE = 25;

/**
 * DJs who have signed up already resubmit (the update path), in turn, on every connection:
 * enough DJs that none of them reaches the app's per-DJ rate limit within a minute.
 */
export const intakeRate = {
  name: 'signup intake: DJs resubmitting',
  ceiling: true,
  setup: async ({ store, seconds }) => {
    const djCount = Math.max(100, Math.ceil((INTAKE_RATE_CAP * Math.min(seconds, 60)) / POSTS_PER_DJ_PER_MINUTE));
    const eventId = await openEvent(store);
    const now = Date.now();
    const djIds = Array.from({ length: djCount }, () => randomUUID());
    const signups = djIds.map((_, i) => ({
      uuid: randomUUID(), event_id: eventId, position: i, name: `Regular ${i}`, is_debut: 0, requested_duration: 1, type: 'LIVE',
      hidden: 0, form_data: JSON.stringify(formData(eventId, `Regular ${i}`)), created_at: now, updated_at: now,
    }));
    await store.db.transaction().execute(async (trx) => {
      await insertMany(trx, 'djs', djIds.map((id, i) => ({ ...djRow(id, i, now), discord_id: null })));
      await insertMany(trx, 'signups', signups);
      await insertMany(trx, 'signup_djs', signups.map((row, i) => ({ signup_uuid: row.uuid, event_id: eventId, dj_id: djIds[i], position: 0 })));
    });
    const cookies = await sessionsFor(store, djIds, ['dj']);
    let next = 0;
    return {
      custom: ({ url, connections }) =>
        closedLoop({
          url,
          connections,
          seconds,
          next: () => {
            const i = next++ % djCount;
            return { method: 'POST', path: '/api/signup', headers: { cookie: cookies[i] }, body: intakeBody(eventId, `Regular ${i}`, `Resubmitted ${next}`) };
          },
        }),
    };
  },
};
