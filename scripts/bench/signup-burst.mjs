// The signup burst (issue 6): N DJs submit the wizard at the same moment. Reports signups/s,
// latency percentiles and lost signups (rows missing afterwards: must be 0). Run twice, each on
// its own event with its own DJs: first on a server whose signup code has never run, then again,
// as a server that has taken signups before would meet the next burst.
import { randomUUID } from 'node:crypto';
import { staffCookie } from './scenarios.mjs';

const DJS = Number(process.env.BENCH_SIGNUP_DJS ?? 200);

export const signupBurst = (when) => ({
  name: `signup burst: ${DJS} DJs at once, ${when}`,
  setup: async ({ store }) => {
    const eventId = randomUUID();
    const start = Date.now() + 7 * 24 * 3_600_000;
    await store.db
      .insertInto('events')
      .values({ id: eventId, name: 'Bench', start_at: start, end_at: start, published: 0, host: '', message: '', footer: '', signups_open: 1, version: 1, created_at: Date.now(), updated_at: Date.now() })
      .execute();
    const cookies = [];
    for (let i = 0; i < DJS; i++) cookies.push(await staffCookie(store, ['dj']));
    return {
      custom: async ({ url }) => {
        const body = (i) =>
          JSON.stringify({
            event_id: eventId, name: `Bench DJ ${i}`, is_b2b: false, b2b_members_response: '', requested_duration: 1,
            type: 'LIVE', stream_link: 'rtmp://bench.example/live', available_from: 'any', available_to: 'any',
            confirm_expectations: true, dj_notes: '',
          });
        const began = performance.now();
        const results = await Promise.all(
          cookies.map(async (cookie, i) => {
            const t0 = performance.now();
            const response = await fetch(`${url}/api/signup`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: body(i) });
            await response.arrayBuffer();
            return { ok: response.ok, ms: performance.now() - t0 };
          }),
        );
        const seconds = (performance.now() - began) / 1000;
        const rows = await store.db.selectFrom('signups').select((eb) => eb.fn.countAll().as('n')).where('event_id', '=', eventId).executeTakeFirstOrThrow();
        const latencies = results.map((r) => r.ms).sort((a, b) => a - b);
        const at = (p) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]);
        return {
          'requests/s': `${Math.round(DJS / seconds)} signups/s`,
          'p50 ms': at(50),
          'p95 ms': at(95),
          'p99 ms': at(99),
          errors: results.filter((r) => !r.ok).length,
          lost: DJS - Number(rows.n),
        };
      },
    };
  },
});
