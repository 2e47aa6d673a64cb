import { existsSync } from 'node:fs';
import path from 'node:path';
import { defaultClientDir } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { StorageStartError } from './db/open.js';
import { EnvFileError, readEnvFile } from './install-dir.js';
import { createLogger, type Logger } from './log.js';
import { type RunningApp, startServer } from './start.js';
import { installedPackage, nodeSupportProblem, startingLine } from './startup-log.js';

// The process entry point. stdout carries the log only, JSON lines (`jq` reads it); stderr
// carries what a person starting it reads: start-up problems, one line each, and where the app
// is running once it is ready. SIGTERM and SIGINT stop it gracefully (decision 039).

async function main() {
  // The .env beside package.json (see .env.example), wherever the process was started from;
  // the real environment wins.
  const envFile = readEnvFile();
  const config = loadConfig();
  const log = createLogger(config);
  log.info(...startingLine(config, envFile));
  if (envFile.ignored) log.warn({ ignored: envFile.ignored }, `${envFile.ignored} is not read: Lineup reads only the .env beside its package.json`);
  const unsupported = nodeSupportProblem(process.version, installedPackage().engines?.node);
  if (unsupported) log.warn({ node: process.version }, unsupported);
  const signals = stopOnSignals(log);

  // The built client (its manifest says so). `npm run dev` runs this file from source: the
  // browser then uses Vite's server, which asks this one for the API only.
  const clientDir = defaultClientDir();
  const built = existsSync(path.join(clientDir, '.vite', 'manifest.json'));
  const running = await startServer(config, { log, clientDir: built ? clientDir : undefined });
  const signIn = config.discord.devProvider ? ' (development sign-in)' : '';
  const ready = `Lineup is running at ${running.url}${signIn} on ${running.ctx.store.dialect}`;
  log.info({ url: running.url, database: running.ctx.store.dialect, devSignIn: config.discord.devProvider }, ready);
  console.error(ready);
  signals.started(running);
}

/** A repeat this soon is the same signal delivered twice, not a person insisting. */
const SAME_SIGNAL_MS = 2000;

/**
 * The first SIGTERM or SIGINT stops the app: no new connections, requests in flight finish, the
 * database closes, exit 0. One that comes while the app is still starting stops it as soon as it
 * has started. A repeat within two seconds is ignored: a terminal's Ctrl+C reaches both npm and
 * this process, and npm passes it on too. A later one (Ctrl+C pressed again while stopping
 * waits on a request) exits at once, with 1.
 */
function stopOnSignals(log: Logger) {
  let running: RunningApp | undefined;
  let firstAt: number | undefined;
  const stop = (app: RunningApp) =>
    app.stop().then(
      () => {
        log.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        log.error({ err: error }, 'could not stop cleanly');
        process.exit(1);
      },
    );
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (firstAt !== undefined) {
        if (Date.now() - firstAt < SAME_SIGNAL_MS) return;
        log.warn({ signal }, `${signal} again: exiting without waiting for requests in flight`);
        process.exit(1);
      }
      firstAt = Date.now();
      log.info({ signal }, `${signal}: stopping (no new connections; requests in flight finish)`);
      if (running) void stop(running);
    });
  }
  return {
    started(app: RunningApp) {
      running = app;
      if (firstAt !== undefined) void stop(app);
    },
  };
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    for (const problem of error.problems) console.error(problem);
  } else if (error instanceof StorageStartError || error instanceof EnvFileError) {
    console.error(error.message);
  } else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(`PORT: ${(error as Error).message.replace(/^listen /, '')} (another program uses this port)`);
  } else if ((error as NodeJS.ErrnoException).code === 'EACCES') {
    console.error(`PORT: permission denied (${(error as Error).message})`);
  } else {
    console.error(`Lineup could not start: ${(error as Error).message ?? String(error)}`);
  }
  process.exit(1);
});
