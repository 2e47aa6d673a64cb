import { type Config, ConfigError, loadConfig } from '../config.js';
import { type MigrationLog, openStore, StorageStartError, type Store } from '../db/open.js';
import { HttpError } from '../http/errors.js';
import { EnvFileError, readEnvFile } from '../install-dir.js';

// What the command-line tools share: the service's settings (the .env beside package.json, then
// the environment: a cron job gets the same DATA_DIR and database as the service), the configured
// database (never seeded), and one line per problem on failure, with exit code 1.

export function cliConfig(): Config {
  readEnvFile();
  return loadConfig({ ...process.env, SEED_DEMO_DATA: 'never' });
}

/** A tool says once which migrations it applied (an import into a new install), not each as it starts. */
const migrationLog: MigrationLog = {
  info: (fields, message) => {
    if ('migrations' in fields) console.log(message);
  },
};

export async function openConfiguredStore(config = cliConfig()): Promise<Store> {
  return openStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, log: migrationLog });
}

export async function runCli(what: string, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (error instanceof ConfigError) error.problems.forEach((problem) => console.error(problem));
    else if (error instanceof StorageStartError || error instanceof HttpError || error instanceof EnvFileError) console.error(error.message);
    else console.error(`${what} failed: ${(error as Error).message}`);
    process.exit(1);
  }
}
