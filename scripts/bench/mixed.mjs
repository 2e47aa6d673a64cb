// Staff and DJs at once for BENCH_MIXED_SECONDS (60 s by default): a fifth of the connections
// are hosts working on their events (load, lists, roster, DJ details, saves), the rest DJs
// opening the signup area and submitting. Must end with 0 errors, and the server's resident
// memory at the end within 20 % of its value after the warm-up.
import { closedLoop, cpuMs, cpuPerRequest, residentMb } from './runner.mjs';
import { busyEvent, community, formData, sessionsFor } from './seed.mjs';
import { staffCookie } from './scenarios.mjs';
import { loadEvent, saveRequest } from './staff-scenarios.mjs';

const SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 60);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 10);
/** Stay under the signup rate limit (30 a minute per DJ) whatever the machine's speed. */
const POSTS_PER_DJ_PER_MINUTE = 25;

export const mixed = {
  name: `mixed staff + DJs, ${SECONDS} s`,
  setup: async ({ store, url, connections }) => {
    const { djIds } = await community(store);
    const staffConnections = Math.max(1, Math.round(connections / 5));
    const cookie = await staffCookie(store, ['host']);
    const details = [];
    for (let i = 0; i < staffConnections; i++) details.push(await loadEvent(url, cookie, await busyEvent(store, djIds, { offset: 500 + i })));

    const openEvent = await busyEvent(store, djIds, { signups: 0, slots: 0, offset: 900, signupsOpen: true });
    const djCookies = await sessionsFor(store, djIds, ['dj']);
    const posts = djCookies.map(() => []);
    let nextDj = 0;
    let nextPoster = 0;
    /** A DJ who may submit now, or null when all have used their budget this minute. */
    const poster = () => {
      const now = Date.now();
      for (let tries = 0; tries < djCookies.length; tries++) {
        const i = nextPoster++ % djCookies.length;
        posts[i] = posts[i].filter((t) => now - t < 60_000);
        if (posts[i].length < POSTS_PER_DJ_PER_MINUTE) {
          posts[i].push(now);
          return i;
        }
      }
      return null;
    };

    const staffSteps = [
      (w) => ({ path: `/api/events/${details[w].id}`, headers: { cookie } }),
      () => ({ path: '/api/events', headers: { cookie } }),
      () => ({ path: '/api/events/home', headers: { cookie } }),
      (w) => saveRequest(cookie, details, w),
      () => ({ path: `/api/djs/${djIds[Math.floor(Math.random() * djIds.length)]}`, headers: { cookie } }),
      () => ({ path: '/api/djs', headers: { cookie } }),
    ];
    const signupArea = (i) => ({ path: `/api/signup?event_id=${openEvent}`, headers: { cookie: djCookies[i] } });
    const djSteps = [
      () => ({ path: '/api/me', headers: { cookie: djCookies[nextDj++ % djCookies.length] } }),
      () => signupArea(nextDj++ % djCookies.length),
      () => {
        const i = poster();
        if (i === null) return signupArea(nextDj++ % djCookies.length);
        return {
          method: 'POST',
          path: '/api/signup',
          headers: { cookie: djCookies[i] },
          body: JSON.stringify(formData(openEvent, `Mixed DJ ${i}`, { stream_link: 'rtmp://stream.example.org/live/mixed', dj_notes: `Submitted at ${Date.now()}` })),
        };
      },
    ];
    const step = new Array(connections).fill(0);
    const next = (worker) => {
      const steps = worker < staffConnections ? staffSteps : djSteps;
      return steps[step[worker]++ % steps.length](worker);
    };

    return {
      custom: async ({ pid }) => {
        await closedLoop({ url, connections, seconds: WARMUP_SECONDS, next });
        const warm = residentMb(pid);
        const cpuBefore = cpuMs(pid);
        const result = await closedLoop({ url, connections, seconds: SECONDS, next });
        const end = residentMb(pid);
        result['CPU ms/request'] = cpuPerRequest(cpuBefore, cpuMs(pid), result.answered);
        const growth = Math.round(((end - warm) / warm) * 100);
        return { ...result, memory: `${warm} → ${end} MB (${growth >= 0 ? '+' : ''}${growth} %)` };
      },
    };
  },
};
