// Growth (issue 15): the roster, the event page and both home pages on a community of 1,000 DJs
// and 500 events (1×) and of 10,000 and 5,000 (10×), each on its own app and database, measured
// taking turns in the same run. Cost per request is the inverse of requests/s at the same concurrency;
// the ratio is 10×'s over 1×'s (1.00 = flat). The app process's CPU time per request is given
// too: unlike requests/s it holds when other work shares the machine (the database server's own
// CPU is not in it on PostgreSQL).
//
// The read cache would answer repeated requests without any work, so these requests go round
// more keys than it keeps: the roster's first 20 pages in both views (it keeps 20 answers; the
// DJ counts all pages of a view share are kept between writes, so a page costs its own rows), and
// 60 busy events' pages (it keeps 50). The home pages are not cached.
import { sql } from 'kysely';
import { closedLoop, cpuMs, summarize } from './runner.mjs';
import { busyEvent, community, sessionsFor } from './seed.mjs';
import { staffCookie } from './scenarios.mjs';
import { startApp, temporaryDatabase } from './server.mjs';

const SCALES = [1, 10];
const EVENT_PAGES = 60;
const ROSTER_PAGES = 20;

const scenarios = [
  {
    name: 'roster page (20 pages × 2 views)',
    next: ({ cookie }) => {
      let i = 0;
      return () => {
        const page = i++ % (2 * ROSTER_PAGES);
        const archived = page % 2 ? 'include' : 'hide';
        return { path: `/api/djs?archived=${archived}&offset=${Math.floor(page / 2) * 50}`, headers: { cookie } };
      };
    },
  },
  {
    name: `event page (${EVENT_PAGES} events, 60 signups)`,
    next: ({ cookie, eventIds }) => {
      let i = 0;
      return () => ({ path: `/api/events/${eventIds[i++ % eventIds.length]}`, headers: { cookie } });
    },
  },
  { name: 'staff home: GET /api/events/home', next: ({ cookie }) => () => ({ path: '/api/events/home', headers: { cookie } }) },
  { name: 'DJ home: GET /api/me/home', next: ({ djCookie }) => () => ({ path: '/api/me/home', headers: { cookie: djCookie } }) },
];

/** The growth rows of one database (`database` as bench.mjs describes it). */
export async function growthRows(database, { connections, seconds, openStore }) {
  const targets = [];
  try {
    for (const scale of SCALES) {
      const db = await temporaryDatabase(database);
      const target = { scale, db };
      targets.push(target);
      target.store = await openStore({ dataDir: db.dataDir, databaseUrl: db.databaseUrl });
      const { djIds } = await community(target.store, scale);
      const eventIds = [];
      for (let i = 0; i < EVENT_PAGES; i++) eventIds.push(await busyEvent(target.store, djIds, { offset: i * 61 }));
      const [djCookie] = await sessionsFor(target.store, [djIds[0]], ['dj']);
      target.inputs = { cookie: await staffCookie(target.store, ['host']), djCookie, eventIds };
      // Started on its data, as a server that has run with a grown series: SQLite's planner
      // statistics are refreshed at start and hourly (src/server/db/open.ts), not per write;
      // PostgreSQL's autovacuum analyses and vacuums a table soon after a bulk load, which a
      // database loaded moments ago has not had yet.
      if (target.store.dialect === 'postgres') await sql`vacuum analyze`.execute(target.store.db);
      target.app = await startApp(db);
    }
    const rows = [];
    for (const scenario of scenarios) {
      // Turn about in one-second slices (1×, 10×, 10×, 1×, …) so a busy machine's ups and downs
      // fall on both alike; the latencies of all slices make one result per scale.
      const slices = targets.map(() => []);
      const nexts = targets.map((target) => scenario.next(target.inputs));
      const cpu = targets.map(() => 0);
      for (let round = 0; round < Math.max(2, seconds); round++) {
        const order = round % 2 ? [1, 0] : [0, 1];
        for (const t of order) {
          const before = cpuMs(targets[t].app.pid);
          slices[t].push(await closedLoop({ url: targets[t].app.url, connections, seconds: 1, next: nexts[t], keepLatencies: true }));
          cpu[t] += cpuMs(targets[t].app.pid) - before;
        }
      }
      const results = slices.map((parts) => merged(parts));
      for (const [t, result] of results.entries()) {
        if (result.errors) console.error(`${database.name} growth ${scenario.name} ${targets[t].scale}×: statuses ${JSON.stringify(result.statuses)}`);
      }
      const [small, large] = results;
      const cost = (result) => 1000 / result['requests/s'];
      const [cpuSmall, cpuLarge] = cpu.map((ms, t) => ms / slices[t].reduce((sum, part) => sum + part.latencies.length, 0));
      rows.push({
        database: database.name,
        scenario: scenario.name,
        '1× CPU ms': cpuSmall.toFixed(2),
        '10× CPU ms': cpuLarge.toFixed(2),
        'CPU 10× / 1×': `${(cpuLarge / cpuSmall).toFixed(2)}×`,
        '1× ms/request': cost(small).toFixed(2),
        '10× ms/request': cost(large).toFixed(2),
        '10× / 1×': `${(cost(large) / cost(small)).toFixed(2)}×`,
        '1× p50 ms': small['p50 ms'],
        '10× p50 ms': large['p50 ms'],
        errors: small.errors + large.errors || '',
      });
    }
    return rows;
  } finally {
    for (const target of targets) {
      await target.store?.close();
      await target.app?.stop();
      await target.db.drop();
    }
  }
}

/** The slices of one scale as one run: requests/s over their summed time, percentiles over all latencies. */
function merged(parts) {
  const latencies = parts.flatMap((part) => part.latencies);
  const seconds = parts.reduce((sum, part) => sum + part.seconds, 0);
  const statuses = {};
  for (const part of parts) for (const [status, n] of Object.entries(part.statuses)) statuses[status] = (statuses[status] ?? 0) + n;
  return { ...summarize(latencies, seconds), errors: parts.reduce((sum, part) => sum + part.errors, 0), statuses };
}

export const GROWTH_COLUMNS = ['database', 'scenario', '1× CPU ms', '10× CPU ms', 'CPU 10× / 1×', '1× ms/request', '10× ms/request', '10× / 1×', '1× p50 ms', '10× p50 ms', 'errors'];
