import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { exportArchive } from '../archive/export.js';
import { loadConfig } from '../config.js';
import { sqliteFile } from '../db/open.js';
import { openConfiguredStore, runCli } from './run.js';

// `npm run backup [-- FILE]`: a consistent copy of the data, safe while the app runs. SQLite:
// the online backup API copies a snapshot page by page without blocking writers for long.
// PostgreSQL: pg_dump's custom format where pg_dump is installed (pg_restore brings it back),
// otherwise the Lineup archive (npm run import brings it back into an empty database).
// Without FILE, into DATA_DIR/backups with the time in the name.

const target = process.argv[2];
if (process.argv.length > 3 || target?.startsWith('-')) {
  console.error('usage: npm run backup [-- FILE]');
  process.exit(2);
}

const stamp = () => new Date().toISOString().slice(0, 19).replaceAll(':', '-');

await runCli('Backup', async () => {
  const config = loadConfig({ ...process.env, SEED_DEMO_DATA: 'never' });
  const fileFor = (extension: string) => path.resolve(target ?? path.join(config.dataDir, 'backups', `lineup-${stamp()}.${extension}`));
  if (!config.databaseUrl) {
    const file = fileFor('db');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const source = new SQLite(sqliteFile(config.dataDir), { readonly: true, fileMustExist: true });
    try {
      await source.backup(file);
    } finally {
      source.close();
    }
    console.log(`Backed up ${sqliteFile(config.dataDir)} to ${file}`);
    return;
  }
  if (hasPgDump()) {
    const file = fileFor('dump');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const dump = spawnSync('pg_dump', ['--format=custom', `--file=${file}`, `--dbname=${config.databaseUrl}`], { encoding: 'utf8' });
    if (dump.status !== 0) throw new Error(`pg_dump: ${dump.stderr.trim() || `exit ${dump.status}`}`);
    console.log(`Backed up the PostgreSQL database with pg_dump to ${file} (restore with pg_restore into an empty database).`);
    return;
  }
  const file = fileFor('json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const store = await openConfiguredStore();
  try {
    fs.writeFileSync(file, `${JSON.stringify(await exportArchive(store.db), null, 2)}\n`);
  } finally {
    await store.close();
  }
  console.log(`pg_dump is not installed: backed up the PostgreSQL database as a Lineup archive to ${file} (restore with npm run import into an empty database).`);
});

function hasPgDump(): boolean {
  return spawnSync('pg_dump', ['--version'], { encoding: 'utf8' }).status === 0;
}
