import { ConfigError, loadConfig } from '../config.js';
import { openStore, StorageStartError, type Store } from '../db/open.js';
import { HttpError } from '../http/errors.js';

// What the command-line tools share: the configured database (never seeded) and one line per
// problem on failure, with exit code 1.

export async function openConfiguredStore(): Promise<Store> {
  const config = loadConfig({ ...process.env, SEED_DEMO_DATA: 'never' });
  return openStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
}

export async function runCli(what: string, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (error instanceof ConfigError) error.problems.forEach((problem) => console.error(problem));
    else if (error instanceof StorageStartError || error instanceof HttpError) console.error(error.message);
    else console.error(`${what} failed: ${(error as Error).message}`);
    process.exit(1);
  }
}
