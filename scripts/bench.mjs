// `npm run bench`: starts the built app on a temporary database (SQLite, and PostgreSQL when
// BENCH_DATABASE_URL or TEST_DATABASE_URL names a server), drives it with a closed-loop load
// (bench/runner.mjs) and prints one table. Each row's "vs floor" is its requests/s over the
// floor's (a minimal authenticated route reading one row) on the same database in the same run,
// so results compare across machines. Beside the app runs the ceiling (bench/ceiling/): the same
// work as the signup intake on the same stack with nothing else; scenarios marked `ceiling: true`
// run on both, and the app's row gets "vs ceiling", its requests/s over the ceiling's. Then
// Lighthouse measures four pages of the built client (bench/lighthouse.mjs; BENCH_LIGHTHOUSE=0
// skips it) for a second table. Never asserted in tests.
import os from 'node:os';
import { lighthousePages } from './bench/lighthouse.mjs';
import { GROWTH_COLUMNS, growthRows } from './bench/growth.mjs';
import { lineupPageRuns } from './bench/lineup-page.mjs';
import { closedLoop, cpuMs, cpuPerRequest } from './bench/runner.mjs';
import { scenarios } from './bench/scenarios.mjs';
import { startApp, startCeiling, temporaryDatabase } from './bench/server.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

const databases = [{ name: 'sqlite' }];
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (pgUrl) databases.push({ name: 'postgres', adminUrl: pgUrl });
else console.log('(PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL, or run `bash scripts/with-postgres.sh npm run bench`)');

console.log(`${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}, Node ${process.version}, ${CONNECTIONS} connections, ${DURATION} s per scenario`);

// BENCH_ONLY=roster,event page runs just those scenarios (and the floor, for the ratios);
// `lighthouse` and `lineup page` name the browser measurements, which then run alone.
const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim().toLowerCase());
const named = (name) => !only || only.some((part) => name.toLowerCase().includes(part));
const matched = scenarios.filter((s) => !s.name.startsWith('floor') && named(s.name));
const selected = matched.length ? scenarios.filter((s) => s.name.startsWith('floor') || named(s.name)) : [];

// BENCH_ONLY=growth runs the growth table (1× and 10× communities, bench/growth.mjs) alone.
const growthSelected = !only || only.includes('growth');

const rows = [];
const growth = [];
const { openStore } = await import('../dist/server/db/open.js');
for (const database of selected.length ? databases : []) {
  const appDb = await temporaryDatabase(database);
  const ceilingDb = await temporaryDatabase(database);
  const running = [];
  const stores = [];
  try {
    const app = await startApp(appDb);
    running.push(app);
    const store = await openStore({ dataDir: appDb.dataDir, databaseUrl: appDb.databaseUrl });
    stores.push(store);
    // The ceiling's database gets the app's migrations here, before the ceiling opens it.
    const ceilingStore = await openStore({ dataDir: ceilingDb.dataDir, databaseUrl: ceilingDb.databaseUrl });
    stores.push(ceilingStore);
    const ceiling = await startCeiling(ceilingDb);
    running.push(ceiling);
    const targets = [{ prefix: '', server: app, store }];
    for (const scenario of selected) {
      const sides = scenario.ceiling ? [...targets, { prefix: 'ceiling: ', server: ceiling, store: ceilingStore }] : targets;
      // A repeated scenario runs on the app and the ceiling in turn, so both meet the same moments.
      const runs = sides.map(() => []);
      for (let repeat = 0; repeat < (scenario.repeats ?? 1); repeat++) {
        for (const [side, target] of sides.entries()) {
          const options = { store: target.store, url: target.server.url, connections: CONNECTIONS, seconds: DURATION, pid: target.server.pid, database, openStore };
          const setup = await scenario.setup(options);
          const cpuBefore = cpuMs(target.server.pid);
          const result = setup.custom ? await setup.custom(options) : await run({ ...options, ...setup.load });
          result.cpuMs = cpuMs(target.server.pid) - cpuBefore;
          runs[side].push(result);
        }
      }
      for (const [side, target] of sides.entries()) {
        const name = `${target.prefix}${scenario.name}${runs[side].length > 1 ? ` (median of ${runs[side].length})` : ''}`;
        const result = medianRun(runs[side]);
        if (result.errors && result.statuses) console.error(`${database.name} ${name}: statuses ${JSON.stringify(result.statuses)}`);
        const { companion, companions = [companion].flat().filter(Boolean), name: ownName, ...own } = result;
        rows.push({ database: database.name, scenario: ownName ?? name, of: scenario.name, ceilingOf: target.prefix ? scenario.name : undefined, ...own });
        // A scenario measuring several loads at once (the image flood), or several builds, gives more rows.
        for (const other of companions) {
          if (other.errors) console.error(`${database.name} ${other.name}: statuses ${JSON.stringify(other.statuses)}`);
          rows.push({ database: database.name, scenario: other.name, of: other.name, ratios: false, ...other });
        }
      }
    }
  } finally {
    for (const store of stores) await store.close();
    for (const server of running.reverse()) await server.stop();
    await appDb.drop();
    await ceilingDb.drop();
  }
}
for (const database of growthSelected ? databases : []) growth.push(...(await growthRows(database, { connections: CONNECTIONS, seconds: DURATION, openStore })));
addFloorRatios(rows);
addCeilingRatios(rows);
if (selected.length) printTable(['database', 'scenario', 'requests/s', 'vs floor', 'vs ceiling', 'CPU ms/request', 'CPU vs ceiling', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'lost', 'memory'], rows);
if (growth.length) {
  console.log('\nGrowth: cost per request with 1,000 DJs and 500 events (1×) and 10,000 and 5,000 (10×):');
  printTable(GROWTH_COLUMNS, growth);
}

if (process.env.BENCH_LIGHTHOUSE === '0') console.log('(Lighthouse skipped: BENCH_LIGHTHOUSE=0)');
else if (named('lighthouse')) {
  console.log('\nLighthouse, mobile preset (simulated throttling), built client on SQLite:');
  printTable(['page', 'performance', 'accessibility', 'SEO', 'LCP ms', 'TBT ms', 'transfer KB', 'CPU index'], await lighthousePages());
}

if (process.env.BENCH_LINEUP_PAGE === '0') console.log('(Lineup page skipped: BENCH_LINEUP_PAGE=0)');
else if (named('lineup page')) {
  console.log('\nLineup page (60 signups, 12 slots), staff, desktop Chromium, built client on SQLite:');
  printTable(['run', 'TTI ms', 'login ms', 'TTI / login', 'drawn ms', 'handle ms', 'frames', 'longest frame ms', 'frames > 50 ms', 'long animation frames', 'drop ms', 'load avg'], await lineupPageRuns());
}

function addFloorRatios(results) {
  for (const row of results) {
    const floor = results.find((r) => r.database === row.database && r.scenario.startsWith('floor'));
    const rate = parseFloat(row['requests/s']);
    if (floor && rate && row.ratios !== false) row['vs floor'] = `${(rate / parseFloat(floor['requests/s'])).toFixed(2)}×`;
  }
}

/** The app's row over its ceiling's (same database, same run); the ceiling's own rows are 1.00×. */
function addCeilingRatios(results) {
  for (const row of results) {
    const ceiling = row.ceilingOf ? row : results.find((r) => r.database === row.database && r.ceilingOf === row.of);
    const rate = parseFloat(row['requests/s']);
    if (ceiling && rate) row['vs ceiling'] = `${(rate / parseFloat(ceiling['requests/s'])).toFixed(2)}×`;
    // The same ratio from CPU time: the ceiling's cost per request over the app's.
    const cpu = Number(row['CPU ms/request']);
    if (ceiling && cpu) row['CPU vs ceiling'] = `${(Number(ceiling['CPU ms/request']) / cpu).toFixed(2)}×`;
  }
}

/**
 * The run with the median requests/s, with the errors and lost signups of every run, and the CPU
 * per request over all of them (a burst's CPU time alone is a few ticks of /proc's 10 ms).
 */
function medianRun(results) {
  const ranked = [...results].sort((a, b) => parseFloat(a['requests/s']) - parseFloat(b['requests/s']));
  const { cpuMs: _cpu, ...median } = ranked[Math.floor((ranked.length - 1) / 2)];
  const sum = (key) => results.reduce((total, result) => total + (Number(result[key]) || 0), 0);
  const answered = sum('answered');
  const statuses = {};
  for (const result of results) for (const [status, n] of Object.entries(result.statuses ?? {})) statuses[status] = (statuses[status] ?? 0) + n;
  return {
    ...median,
    errors: sum('errors'),
    statuses,
    ...('lost' in median && { lost: sum('lost') }),
    'CPU ms/request': median['CPU ms/request'] ?? cpuPerRequest(0, sum('cpuMs'), answered),
  };
}

/** A scenario's one request, repeated on every connection. */
async function run({ url, connections, seconds, requests }) {
  const [request] = requests;
  return closedLoop({ url, connections, seconds, next: () => request });
}

function printTable(columns, results) {
  const width = Object.fromEntries(columns.map((c) => [c, Math.max(c.length, ...results.map((r) => String(r[c] ?? '').length))]));
  const line = (cells) => `| ${columns.map((c) => String(cells[c] ?? '').padEnd(width[c])).join(' | ')} |`;
  console.log(line(Object.fromEntries(columns.map((c) => [c, c]))));
  console.log(`|${columns.map((c) => '-'.repeat(width[c] + 2)).join('|')}|`);
  for (const row of results) console.log(line(row));
}
