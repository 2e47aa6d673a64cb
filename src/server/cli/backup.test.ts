import { spawnSync } from 'node:child_process';
import { API } from '@shared/api/index.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { createPostgresDatabase, dropPostgresDatabase, startTestApp, type TestApp } from '../testing/harness.js';

// `npm run backup` on both databases, and restores that prove a backup opens and serves: the
// restored install answers with the data that was backed up.

function backup(app: Pick<TestApp, 'dataDir' | 'databaseUrl'>, args: string[], env: Record<string, string> = {}) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/backup.ts', ...args], {
    env: { PATH: process.env.PATH, DATA_DIR: app.dataDir, ...(app.databaseUrl ? { DATABASE_URL: app.databaseUrl } : {}), ...env },
    encoding: 'utf8',
  });
}

let scratch: string;
const apps: TestApp[] = [];
beforeEach(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'lineup-backup-'));
});
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.destroy()));
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** An app with a DJ in it, and the admin's cookie. */
async function withData(dialect: 'sqlite' | 'postgres') {
  const app = await startTestApp(dialect);
  apps.push(app);
  const admin = await app.signIn(['admin'], { djName: 'Backed Up' });
  return { app, admin };
}

/** The restored install serves the DJ that was backed up (a restored session included). */
async function expectServes(restored: TestApp, admin: { cookie: string; djId: string }) {
  const response = await restored.call(API.djs.getDj, { params: { djId: admin.djId } }, { as: admin });
  expect(response.status).toBe(200);
  expect(response.body.dj.djName).toBe('Backed Up');
}

test('SQLite: a consistent copy while the app runs, which opens and serves once restored', async () => {
  const { app, admin } = await withData('sqlite');
  const target = path.join(scratch, 'copy.db');
  const result = backup(app, [target]);
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  const copy = new SQLite(target, { readonly: true });
  try {
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
  } finally {
    copy.close();
  }
  // The app is still serving after the backup.
  expect((await app.request('GET', '/healthz')).status).toBe(200);

  // Restore as the README says: the copy becomes lineup.db of a data directory.
  const restoredDir = path.join(scratch, 'restored');
  fs.mkdirSync(restoredDir);
  fs.copyFileSync(target, path.join(restoredDir, 'lineup.db'));
  const restored = await startTestApp('sqlite', {}, { reuse: { dataDir: restoredDir } });
  apps.push(restored);
  await expectServes(restored, admin);
});

test('SQLite: without a file name the copy goes to DATA_DIR/backups, named by its time', async () => {
  const { app } = await withData('sqlite');
  const result = backup(app, []);
  expect(result.status).toBe(0);
  const files = fs.readdirSync(path.join(app.dataDir, 'backups'));
  expect(files).toEqual([expect.stringMatching(/^lineup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.db$/)]);
  expect(result.stdout).toContain(path.join(app.dataDir, 'backups', files[0]!));
});

test('backup explains itself when used wrongly', () => {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/backup.ts', 'a', 'b'], { encoding: 'utf8' });
  expect(result.status).toBe(2);
  expect(result.stderr.trim()).toBe('usage: npm run backup [-- FILE]');
});

describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL', () => {
  const created: string[] = [];
  async function emptyDatabase(): Promise<string> {
    const url = await createPostgresDatabase();
    created.push(url);
    return url;
  }
  afterAll(async () => {
    for (const url of created) await dropPostgresDatabase(url);
  });

  const hasPgDump = spawnSync('pg_dump', ['--version']).status === 0;

  test.runIf(hasPgDump)('with pg_dump: a custom-format dump that pg_restore brings back into an empty database, which serves', async () => {
    const { app, admin } = await withData('postgres');
    const target = path.join(scratch, 'lineup.dump');
    const result = backup(app, [target]);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('with pg_dump');

    const databaseUrl = await emptyDatabase();
    const restore = spawnSync('pg_restore', ['--no-owner', `--dbname=${databaseUrl}`, target], { encoding: 'utf8' });
    expect(restore.stderr).toBe('');
    expect(restore.status).toBe(0);
    const restored = await startTestApp('postgres', {}, { reuse: { dataDir: fs.mkdtempSync(path.join(scratch, 'pg-')), databaseUrl } });
    await expectServes(restored, admin);
    await restored.stop();
  });

  test('without pg_dump: the Lineup archive, which npm run import brings back into an empty database, which serves', async () => {
    const { app, admin } = await withData('postgres');
    const target = path.join(scratch, 'lineup.json');
    // No pg_dump on this PATH.
    const result = backup(app, [target], { PATH: path.join(scratch, 'no-tools') });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('pg_dump is not installed: backed up the PostgreSQL database as a Lineup archive');

    const databaseUrl = await emptyDatabase();
    const dataDir = fs.mkdtempSync(path.join(scratch, 'pg-'));
    const restore = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/import.ts', target], {
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
      encoding: 'utf8',
    });
    expect(restore.stderr).toBe('');
    expect(restore.status).toBe(0);
    const restored = await startTestApp('postgres', {}, { reuse: { dataDir, databaseUrl } });
    // Sessions are not in an archive: the admin signs in again (same DJ record).
    const again = await restored.signIn(['admin'], { djName: 'Other', discordId: '955555555555555599' });
    await expectServes(restored, { cookie: again.cookie, djId: admin.djId });
    await restored.stop();
  });
});
