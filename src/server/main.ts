import { existsSync } from 'node:fs';
import path from 'node:path';
import { defaultClientDir } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { StorageStartError } from './db/open.js';
import { startServer } from './start.js';

// The process entry point: readable one-line start-up errors, graceful shutdown on signals.

async function main() {
  // A .env file beside package.json is read if present (see .env.example); real environment wins.
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  // The built client (its manifest says so). `npm run dev` runs this file from source: the
  // browser then uses Vite's server, which asks this one for the API only.
  const clientDir = defaultClientDir();
  const built = existsSync(path.join(clientDir, '.vite', 'manifest.json'));
  const running = await startServer(config, { clientDir: built ? clientDir : undefined });
  const signIn = config.discord.devProvider ? ' (development sign-in)' : '';
  console.log(`Lineup is running at ${running.url}${signIn} on ${running.ctx.store.dialect}`);
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      running.stop().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    for (const problem of error.problems) console.error(problem);
  } else if (error instanceof StorageStartError) {
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
