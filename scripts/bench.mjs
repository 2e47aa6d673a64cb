// `npm run bench`: starts the built app on a temporary database (SQLite, and PostgreSQL when
// BENCH_DATABASE_URL or TEST_DATABASE_URL names a server), drives it with a closed-loop load
// (bench/runner.mjs) and prints one table. Each row's "vs floor" is its requests/s over the
// floor's (a minimal authenticated route reading one row) on the same database in the same run,
// so results compare across machines. Never asserted in tests.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { closedLoop } from './bench/runner.mjs';
import { scenarios } from './bench/scenarios.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

const databases = [{ name: 'sqlite' }];
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (pgUrl) databases.push({ name: 'postgres', adminUrl: pgUrl });
else console.log('(PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL, or run `bash scripts/with-postgres.sh npm run bench`)');

console.log(`${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}, Node ${process.version}, ${CONNECTIONS} connections, ${DURATION} s per scenario`);

// BENCH_ONLY=roster,event page runs just those scenarios (and the floor, for the ratios).
const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim().toLowerCase());
const selected = scenarios.filter((s) => !only || s.name.startsWith('floor') || only.some((name) => s.name.toLowerCase().includes(name)));

const rows = [];
for (const database of databases) {
  const server = await startServer(database);
  try {
    const { openStore } = await import('../dist/server/db/open.js');
    const store = await openStore({ dataDir: server.dataDir, databaseUrl: server.databaseUrl });
    try {
      for (const scenario of selected) {
        const options = { store, url: server.url, connections: CONNECTIONS, seconds: DURATION, pid: server.pid };
        const setup = await scenario.setup(options);
        const result = setup.custom ? await setup.custom(options) : await run({ ...options, ...setup.load });
        if (result.errors && result.statuses) console.error(`${database.name} ${scenario.name}: statuses ${JSON.stringify(result.statuses)}`);
        rows.push({ database: database.name, scenario: scenario.name, ...result });
      }
    } finally {
      await store.close();
    }
  } finally {
    await server.stop();
  }
}
addFloorRatios(rows);
printTable(rows);

function addFloorRatios(results) {
  for (const row of results) {
    const floor = results.find((r) => r.database === row.database && r.scenario.startsWith('floor'));
    const rate = parseFloat(row['requests/s']);
    if (floor && rate) row['vs floor'] = `${(rate / parseFloat(floor['requests/s'])).toFixed(2)}×`;
  }
}

/** A scenario's one request, repeated on every connection. */
async function run({ url, connections, seconds, requests }) {
  const [request] = requests;
  return closedLoop({ url, connections, seconds, next: () => request });
}

async function startServer(database) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lineup-bench-'));
  let databaseUrl;
  if (database.adminUrl) {
    const name = `lineup_bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: database.adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(database.adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  // BENCH_PROFILE=DIR writes a V8 CPU profile of the server per database, for finding hot spots.
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const child = spawn(process.execPath, [...profile, 'dist/server/main.js'], {
    env: { ...process.env, NODE_ENV: 'development', PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO_DATA: 'never', DATABASE_URL: databaseUrl ?? '', DISCORD_CLIENT_ID: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = output.match(/running at (http:\/\/\S+)/);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return {
    url,
    pid: child.pid,
    dataDir,
    databaseUrl,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (databaseUrl) {
        const admin = new pg.Client({ connectionString: database.adminUrl });
        await admin.connect();
        await admin.query(`drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`);
        await admin.end();
      }
    },
  };
}

function printTable(results) {
  const columns = ['database', 'scenario', 'requests/s', 'vs floor', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'lost', 'memory'];
  const width = Object.fromEntries(columns.map((c) => [c, Math.max(c.length, ...results.map((r) => String(r[c] ?? '').length))]));
  const line = (cells) => `| ${columns.map((c) => String(cells[c] ?? '').padEnd(width[c])).join(' | ')} |`;
  console.log(line(Object.fromEntries(columns.map((c) => [c, c]))));
  console.log(`|${columns.map((c) => '-'.repeat(width[c] + 2)).join('|')}|`);
  for (const row of results) console.log(line(row));
}
