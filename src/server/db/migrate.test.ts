import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createPostgresDatabase, dropPostgresDatabase, testDialects } from '../testing/harness.js';
import { migrationProvider } from './migrations/index.js';
import { type MigrationLog, openStore, StorageStartError } from './open.js';

// Upgrading (issue 34): opening the database applies the migrations it lacks, each logged as it
// runs and all of them once done; a database a newer version migrated is refused with what to do.

describe.each(testDialects)('migrations on %s', (dialect) => {
  let dataDir: string;
  let databaseUrl: string | undefined;
  beforeEach(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lineup-migrate-'));
    databaseUrl = dialect === 'postgres' ? await createPostgresDatabase() : undefined;
  });
  afterEach(async () => {
    if (databaseUrl) await dropPostgresDatabase(databaseUrl);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const open = async () => {
    const lines: string[] = [];
    const log: MigrationLog = { info: (_fields, message) => lines.push(message) };
    const store = await openStore({ dataDir, databaseUrl, log });
    await store.close();
    return lines;
  };

  test('each migration is logged as it runs, then all of them; a database already up to date logs none', async () => {
    const names = Object.keys(await migrationProvider.getMigrations());
    expect(await open()).toEqual([
      ...names.map((name) => `applying database migration ${name}`),
      `database migrated: ${names.length} migrations applied (${names.join(', ')})`,
    ]);
    expect(await open()).toEqual([]);
  });

  test('a database migrated by a newer version is refused, naming its migration and what to do', async () => {
    await open();
    const store = await openStore({ dataDir, databaseUrl });
    await sql`insert into kysely_migration (name, timestamp) values ('999_from_a_newer_version', ${new Date().toISOString()})`.execute(store.db);
    await store.close();
    const where = dialect === 'sqlite' ? `DATA_DIR: the database ${path.join(dataDir, 'lineup.db')}` : 'DATABASE_URL: the database';
    const refusal = await open().catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(StorageStartError);
    expect((refusal as Error).message).toBe(
      `${where} was migrated by a newer version of Lineup (its migration 999_from_a_newer_version is unknown to this one): start the newer version, or restore the backup taken before the upgrade`,
    );
  });
});
