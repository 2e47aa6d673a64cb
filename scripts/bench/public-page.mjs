// The public face under load (issue 33): a published event's page as anyone can hammer it, and
// sign-in while one client floods it. Each scenario starts apps of its own, one per build
// (builds.mjs: with BENCH_BASELINE, main's beside this one, taking turns), on databases of their own,
// with TRUST_PROXY=127.0.0.1 so that a request can name its client's address.
//
// - The page against a static file of the same bytes: the app serves both (the file added to a
//   copy of its build, precompressed like the build's own files), on the same connections, as a
//   browser asks (Accept-Encoding with br), each asked for once before; the file's row is the
//   page's ceiling.
// - /healthz while the page is hammered: one client asks for /healthz over and over while the
//   others ask for the page.
// - /login/discord while one client floods it: one address on most connections, far past its rate
//   limit, and other visitors (each request from an address of its own) starting to sign in; on
//   PostgreSQL also with two instances of the build on one database, the requests spread over both.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { comparedBuilds, inTurn, labelled } from './builds.mjs';
import { publishedLineup } from './image-flood.mjs';
import { closedLoop, cpuMs, cpuPerRequest, summarize } from './runner.mjs';
import { startApp, temporaryDatabase } from './server.mjs';

const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };
const STATIC_FILE = 'bench-public-page.html';
const PROXIED = { TRUST_PROXY: '127.0.0.1' };

/** A copy of a build beside it (the static file goes into its client), with its package.json (where the server finds its install), its packages linked. */
function buildCopy(build) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lineup-bench-build-'));
  fs.cpSync(path.join(build.dir, 'dist'), path.join(dir, 'dist'), { recursive: true });
  fs.copyFileSync(path.join(build.dir, 'package.json'), path.join(dir, 'package.json'));
  fs.symlinkSync(path.join(build.dir, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

function get(url, headers = {}) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

/** Each build's app with a published 12-slot event, and beside the page a static file of its bytes (br and gzip too). */
async function startTargets({ database, openStore }) {
  const targets = [];
  try {
    for (const build of comparedBuilds()) {
      const target = { build, dir: buildCopy(build), db: await temporaryDatabase(database), apps: [] };
      targets.push(target);
      target.apps.push(await startApp(target.db, PROXIED, { dir: target.dir }));
      const store = await openStore({ dataDir: target.db.dataDir, databaseUrl: target.db.databaseUrl });
      try {
        target.page = `/lineups/${await publishedLineup(store)}`;
      } finally {
        await store.close();
      }
      const { status, body } = await get(`${target.apps[0].url}${target.page}`);
      if (status !== 200) throw new Error(`${target.page} answered ${status}`);
      const client = path.join(target.dir, 'dist', 'client');
      fs.writeFileSync(path.join(client, STATIC_FILE), body);
      fs.writeFileSync(path.join(client, `${STATIC_FILE}.br`), brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      fs.writeFileSync(path.join(client, `${STATIC_FILE}.gz`), gzipSync(body, { level: 9 }));
      // Started again: the app lists its client's files when it starts.
      await target.apps.pop().stop();
      target.apps.push(await startApp(target.db, PROXIED, { dir: target.dir }));
      target.bytes = body.length;
      // Each asked for once as a browser asks: what is measured is serving them, not their first render.
      for (const address of [target.page, `/${STATIC_FILE}`]) await get(`${target.apps[0].url}${address}`, BROWSER);
    }
    return targets;
  } catch (error) {
    await stopTargets(targets);
    throw error;
  }
}

async function stopTargets(targets) {
  for (const target of targets) {
    for (const app of target.apps) await app.stop();
    await target.db.drop();
    fs.rmSync(target.dir, { recursive: true, force: true });
  }
}

/** Closed loops on several servers at once, as one result: latencies together, CPU of every server. */
async function together(loads) {
  const cpuBefore = loads.map(({ app }) => cpuMs(app.pid));
  const began = performance.now();
  const results = await Promise.all(loads.map(({ app, ...load }) => closedLoop({ url: app.url, keepLatencies: true, ...load })));
  const seconds = (performance.now() - began) / 1000;
  const cpu = loads.reduce((sum, { app }, i) => sum + cpuMs(app.pid) - cpuBefore[i], 0);
  return { results, seconds, cpu };
}

/** One row from the runs of one load: their latencies together, errors and statuses summed, CPU per answer. */
function row(name, runs) {
  const latencies = runs.flatMap((run) => run.latencies);
  const seconds = runs.reduce((sum, run) => sum + run.seconds, 0);
  const statuses = {};
  for (const run of runs) for (const [status, n] of Object.entries(run.statuses)) statuses[status] = (statuses[status] ?? 0) + n;
  const summary = summarize(latencies, seconds);
  return {
    name,
    ...summary,
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    statuses,
    'CPU ms/request': cpuPerRequest(0, runs.reduce((sum, run) => sum + (run.cpu ?? 0), 0), summary.answered),
    ratios: false,
  };
}

/**
 * A scenario on apps of its own (startTargets), stopped whatever happens. `measure` gives its rows
 * (each with its build, grouped by build here), the first of them the scenario's row, the others
 * following it (bench.mjs).
 */
const onOwnApps = (name, measure) => ({
  name,
  setup: async (options) => ({
    custom: async ({ connections, seconds }) => {
      const targets = await startTargets(options);
      try {
        const measured = await measure(targets, { connections, seconds, postgres: Boolean(options.database.adminUrl) });
        const [first, ...others] = targets.flatMap((target) => measured.filter((entry) => entry.target === target).map((entry) => entry.row));
        return { ...first, companions: others };
      } finally {
        await stopTargets(targets);
      }
    },
  }),
});

const PAGE_VS_STATIC = 'public page: /lineups/{id} as a browser asks (br)';

const pageVsStatic = onOwnApps(PAGE_VS_STATIC, async (targets, { connections, seconds }) => {
  const runs = new Map(targets.map((target) => [target, { page: [], file: [] }]));
  // Two rounds, the builds and the two addresses taking turns.
  for (let round = 1; round <= 2; round++) {
    for (const target of inTurn(targets, round)) {
      for (const kind of round === 1 ? ['page', 'file'] : ['file', 'page']) {
        const address = kind === 'page' ? target.page : `/${STATIC_FILE}`;
        const { results, seconds: took, cpu } = await together([{ app: target.apps[0], connections, seconds: seconds / 2, next: () => ({ path: address, headers: BROWSER }) }]);
        runs.get(target)[kind].push({ ...results[0], seconds: took, cpu });
      }
    }
  }
  return targets.flatMap((target) => [
    { target, row: { ...row(labelled(target.build, PAGE_VS_STATIC), runs.get(target).page), of: labelled(target.build, 'page') } },
    {
      target,
      row: { ...row(labelled(target.build, `ceiling: a static file of its ${(target.bytes / 1024).toFixed(1)} KB, same server`), runs.get(target).file), ceilingOf: labelled(target.build, 'page') },
    },
  ]);
});

const healthzWhilePageHammered = onOwnApps('/healthz while the public page is hammered', async (targets, { connections, seconds }) => {
  const measured = [];
  for (const target of targets) {
    const [app] = target.apps;
    const { results, seconds: took, cpu } = await together([
      { app, connections: 1, seconds, next: () => ({ path: '/healthz' }) },
      { app, connections, seconds, next: () => ({ path: target.page, headers: BROWSER }) },
    ]);
    measured.push(
      { target, row: row(labelled(target.build, `/healthz while ${connections} clients ask for the public page`), [{ ...results[0], seconds: took }]) },
      { target, row: row(labelled(target.build, `the ${connections} public page clients`), [{ ...results[1], seconds: took, cpu }]) },
    );
  }
  return measured;
});

/** Quiet long enough for an instance on PostgreSQL to know it is alone (db/notices-pg.ts: 6 s). */
const ALONE_AFTER_MS = 7_000;

const signInFlood = onOwnApps('/login/discord while one client floods it', async (targets, { connections, seconds, postgres }) => {
  const flooders = Math.max(1, connections - 4);
  let visitor = 0;
  // Each visitor's request from an address of its own (a /64 of the documentation range).
  const visit = () => ({ path: '/login/discord', headers: { 'x-forwarded-for': `2001:db8:${(++visitor >> 16).toString(16)}:${(visitor & 0xffff).toString(16)}::1` } });
  const flood = () => ({ path: '/login/discord', headers: { 'x-forwarded-for': '203.0.113.7' } });
  const signInAnswer = (status) => status === 303;
  const floodAnswer = (status) => status === 303 || status === 429;
  const measured = [];
  for (const instances of [1, ...(postgres ? [2] : [])]) {
    if (instances === 2) for (const target of targets) target.apps.push(await startApp(target.db, PROXIED, { dir: target.dir }));
    else if (postgres) await new Promise((resolve) => setTimeout(resolve, ALONE_AFTER_MS));
    for (const target of inTurn(targets, instances)) {
      const share = (n) => Math.max(1, Math.round(n / instances));
      const { results, seconds: took, cpu } = await together(
        target.apps.flatMap((app) => [
          { app, connections: share(4), seconds, next: visit, ok: signInAnswer },
          { app, connections: share(flooders), seconds, next: flood, ok: floodAnswer },
        ]),
      );
      // The servers' CPU over every answer, visitors' and flood's.
      const answered = results.reduce((sum, result) => sum + result.latencies.length, 0);
      const part = (result) => ({ ...result, seconds: took / target.apps.length, cpu: (cpu * result.latencies.length) / answered });
      const shape = instances === 2 ? ', two instances' : '';
      measured.push(
        { target, row: row(labelled(target.build, `/login/discord for other visitors while one client floods it${shape}`), results.filter((_, i) => i % 2 === 0).map(part)) },
        { target, row: row(labelled(target.build, `the flooding client (${flooders} connections, one address)${shape}`), results.filter((_, i) => i % 2 === 1).map(part)) },
      );
    }
  }
  return measured;
});

export const publicScenarios = [pageVsStatic, healthzWhilePageHammered, signInFlood];

