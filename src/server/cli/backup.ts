import path from 'node:path';
import SQLite from 'better-sqlite3';
import { ConfigError, loadConfig } from '../config.js';
import { sqliteFile } from '../db/open.js';

// `npm run backup -- FILE`: a consistent copy of the embedded database, safe while the app runs
// (SQLite's online backup API copies a snapshot page by page without blocking writers for long).
const target = process.argv[2];
if (!target) {
  console.error('usage: npm run backup -- FILE');
  process.exit(2);
}
try {
  const config = loadConfig({ ...process.env, SEED_DEMO_DATA: 'never' });
  if (config.databaseUrl) {
    console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump (see the README).');
    process.exit(2);
  }
  const source = new SQLite(sqliteFile(config.dataDir), { readonly: true, fileMustExist: true });
  await source.backup(path.resolve(target));
  source.close();
  console.log(`Backed up ${sqliteFile(config.dataDir)} to ${path.resolve(target)}`);
} catch (error) {
  if (error instanceof ConfigError) error.problems.forEach((p) => console.error(p));
  else console.error(`Backup failed: ${(error as Error).message}`);
  process.exit(1);
}
