// The servers a bench run starts, each as its own process on its own temporary database: the
// built app, the ceiling (ceiling/server.ts, through tsx), and the app for Lighthouse.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * A fresh SQLite directory, and on PostgreSQL (database.adminUrl) a fresh database beside it.
 * Nothing is migrated here: the app migrates on start, and the bench's openStore does it for
 * the ceiling.
 */
export async function temporaryDatabase(database) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lineup-bench-'));
  let databaseUrl;
  if (database.adminUrl) {
    const name = `lineup_bench_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
    await adminQuery(database.adminUrl, `create database ${name}`);
    const url = new URL(database.adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  return {
    dataDir,
    databaseUrl,
    async drop() {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (databaseUrl) await adminQuery(database.adminUrl, `drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`);
    },
  };
}

async function adminQuery(adminUrl, text) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/**
 * The built app (dist/server/main.js) on `db`; `env` overrides the bench's settings. `dir`: the
 * checkout whose build runs (this one by default; builds.mjs's baseline).
 */
export function startApp(db, env = {}, { dir } = {}) {
  return startProcess(['dist/server/main.js'], {
    NODE_ENV: 'development', PORT: '0', DATA_DIR: db.dataDir, LOG_LEVEL: 'silent', SEED_DEMO_DATA: 'never',
    DATABASE_URL: db.databaseUrl ?? '', DISCORD_CLIENT_ID: '', ...env,
  }, dir);
}

/** The ceiling server on `db`, which must be migrated already. */
export function startCeiling(db) {
  return startProcess(['--import', 'tsx', 'scripts/bench/ceiling/server.ts'], { PORT: '0', DATA_DIR: db.dataDir, DATABASE_URL: db.databaseUrl ?? '' });
}

/** A Node process that prints "running at http://…" once it listens (the app on stderr, the ceiling on stdout). */
async function startProcess(args, env, cwd) {
  // BENCH_PROFILE=DIR writes a V8 CPU profile of each server, for finding hot spots.
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const child = spawn(process.execPath, [...profile, ...args], { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = await new Promise((resolve, reject) => {
    let output = '';
    const listen = (chunk) => {
      output += chunk;
      const match = output.match(/running at (http:\/\/\S+)/);
      if (match) resolve(match[1]);
    };
    child.stdout.on('data', listen);
    child.stderr.on('data', (chunk) => {
      listen(chunk);
      if (!String(chunk).startsWith('Lineup is running at ')) process.stderr.write(chunk);
    });
    exited.then((code) => reject(new Error(`${args.at(-1)} exited with ${code}`)));
  });
  return {
    url,
    pid: child.pid,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
