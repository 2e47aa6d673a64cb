// A hostile visitor's image flood (issue 25): 60 clients ask for the lineup image of a published
// 12-slot event in colours nobody asked for before (so every request is a render, none a cache
// hit), each request from an address of its own (X-Forwarded-For through TRUST_PROXY: a botnet,
// which the per-address rate limit does not stop, so the renders and the render queue are what is
// measured), and ask again at once whatever the answer, while one client asks for /healthz over
// and over. The row that matters is /healthz's latency; the images' own row says what they got
// (200, or 503 while the render queue is full). On an app of its own (the proxy setting), on a
// database of its own, for BENCH_FLOOD_SECONDS (20 by default: with renders on the event loop each
// request waits for the whole queue, so short runs hide it).
import { randomUUID } from 'node:crypto';
import { closedLoop, cpuMs, cpuPerRequest } from './runner.mjs';
import { startApp, temporaryDatabase } from './server.mjs';

const SECONDS = Number(process.env.BENCH_FLOOD_SECONDS ?? 20);
const IMAGE_CLIENTS = 60;
const SLOTS = 12;

/** A published event a week ahead with a lineup of SLOTS half-hour slots. */
export async function publishedLineup(store) {
  const id = randomUUID();
  const now = Date.now();
  const start = now + 7 * 86_400_000;
  await store.db
    .insertInto('events')
    .values({ id, name: 'Sunday Service', start_at: start, end_at: start + SLOTS * 1_800_000, published: 1, host: 'Hal', message: '', footer: '', signups_open: 0, version: 1, created_at: now, updated_at: now })
    .execute();
  for (let i = 0; i < SLOTS; i++) {
    await store.db
      .insertInto('slots')
      .values({ event_id: id, position: i, signup_uuid: null, start_at: start + i * 1_800_000, end_at: start + (i + 1) * 1_800_000, legacy_dj_name: `DJ Number ${i + 1}`, legacy_dj_id: null, legacy_duration: 0.5, legacy_is_debut: 0, legacy_slot_type: 'LIVE', stream_source_url: '', stream_source_type: 'MANUAL' })
      .execute();
  }
  return id;
}

export const imageFlood = {
  name: `image flood: /healthz while ${IMAGE_CLIENTS} clients ask for new images, ${SECONDS} s`,
  setup: async ({ database, openStore }) => {
    const db = await temporaryDatabase(database);
    const app = await startApp(db, { TRUST_PROXY: '127.0.0.1' });
    const store = await openStore({ dataDir: db.dataDir, databaseUrl: db.databaseUrl });
    const eventId = await publishedLineup(store);
    await store.close();
    let sent = 0;
    const image = () => {
      sent++;
      return {
        path: `/feeds/lineup/${eventId}.png?bg=${(0x100000 + ((sent * 7919) % 0xefffff)).toString(16)}`,
        // Addresses from the documentation range (2001:db8::/32), each in a /64 of its own (the rate
        // limit counts an IPv6 /64 as one address): only ever a header, never a destination.
        headers: { 'x-forwarded-for': `2001:db8:${(sent >> 16).toString(16)}:${(sent & 0xffff).toString(16)}::1` },
      };
    };
    return {
      custom: async () => {
        try {
          const cpuBefore = cpuMs(app.pid);
          const [health, images] = await Promise.all([
            closedLoop({ url: app.url, connections: 1, seconds: SECONDS, next: () => ({ path: '/healthz' }) }),
            closedLoop({ url: app.url, connections: IMAGE_CLIENTS, seconds: SECONDS, next: image }),
          ]);
          // The flood app's CPU goes with the images (the health checks cost next to nothing).
          const cpu = cpuPerRequest(cpuBefore, cpuMs(app.pid), images.answered);
          return {
            ...health,
            'CPU ms/request': '',
            ratios: false,
            companion: { ...images, name: `image flood: the ${IMAGE_CLIENTS} image clients`, 'CPU ms/request': cpu },
          };
        } finally {
          await app.stop();
          await db.drop();
        }
      },
    };
  },
};
