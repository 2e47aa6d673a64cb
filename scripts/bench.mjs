// `npm run bench`: starts the built app on a temporary database (SQLite, and PostgreSQL when
// BENCH_DATABASE_URL or TEST_DATABASE_URL names a server), drives it with autocannon and prints
// one table. Figures are for comparing runs on the same machine; never asserted in tests.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { scenarios } from './bench/scenarios.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

const databases = [{ name: 'sqlite' }];
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (pgUrl) databases.push({ name: 'postgres', adminUrl: pgUrl });
else console.log('(PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL, or run `bash scripts/with-postgres.sh npm run bench`)');

const rows = [];
for (const database of databases) {
  const server = await startServer(database);
  try {
    const { openStore } = await import('../dist/server/db/open.js');
    const store = await openStore({ dataDir: server.dataDir, databaseUrl: server.databaseUrl });
    try {
      for (const scenario of scenarios) {
        const setup = await scenario.setup({ store, url: server.url });
        const result = setup.custom
          ? await setup.custom({ url: server.url })
          : await run({ url: server.url, connections: CONNECTIONS, duration: DURATION, ...setup.load });
        rows.push({ database: database.name, scenario: scenario.name, ...result });
      }
    } finally {
      await store.close();
    }
  } finally {
    await server.stop();
  }
}
printTable(rows);

function run({ url, connections, duration, requests }) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, requests }, (error, result) => {
      if (error) return reject(error);
      resolve({
        'requests/s': Math.round(result.requests.average),
        'p50 ms': result.latency.p50,
        'p99 ms': result.latency.p99,
        errors: result.errors + result.non2xx,
      });
    });
  });
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
  const child = spawn(process.execPath, ['dist/server/main.js'], {
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
  const columns = ['database', 'scenario', 'requests/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'lost'];
  const width = Object.fromEntries(columns.map((c) => [c, Math.max(c.length, ...results.map((r) => String(r[c] ?? '').length))]));
  const line = (cells) => `| ${columns.map((c) => String(cells[c] ?? '').padEnd(width[c])).join(' | ')} |`;
  console.log(line(Object.fromEntries(columns.map((c) => [c, c]))));
  console.log(`|${columns.map((c) => '-'.repeat(width[c] + 2)).join('|')}|`);
  for (const row of results) console.log(line(row));
}
