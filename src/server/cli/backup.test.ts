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

/** Permission bits of a file or folder. */
const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

test('backups are readable by their owner only: they hold webhook URLs and sessions (issue 34)', async () => {
  const { app } = await withData('sqlite');
  // As a umask of 022 would leave them: readable by everyone.
  expect(backup(app, []).status).toBe(0);
  const folder = path.join(app.dataDir, 'backups');
  expect(modeOf(folder)).toBe(0o700);
  expect(modeOf(path.join(folder, fs.readdirSync(folder)[0]!))).toBe(0o600);
  const target = path.join(scratch, 'elsewhere', 'copy.db');
  expect(backup(app, [target]).status).toBe(0);
  expect(modeOf(target)).toBe(0o600);
  // Over an older copy that was readable by all, too.
  fs.chmodSync(target, 0o644);
  expect(backup(app, [target]).status).toBe(0);
  expect(modeOf(target)).toBe(0o600);
  expect(fs.readdirSync(path.dirname(target))).toEqual(['copy.db']);
});

test('--keep N leaves the newest N backups in the folder and removes the older ones, nothing else (issue 34)', async () => {
  const { app } = await withData('sqlite');
  const folder = path.join(scratch, 'nightly');
  fs.mkdirSync(folder);
  const older = ['lineup-2024-01-01T04-00-00.db', 'lineup-2024-01-02T04-00-00.dump', 'lineup-2024-01-03T04-00-00.json', 'lineup-2024-01-04T04-00-00.db'];
  const others = ['notes.txt', 'lineup-before-the-move.db'];
  for (const name of [...older, ...others]) fs.writeFileSync(path.join(folder, name), name);
  const result = backup(app, ['--keep', '3', folder]);
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  const written = fs.readdirSync(folder).find((name) => !older.includes(name) && !others.includes(name))!;
  expect(written).toMatch(/^lineup-\d{4}-.*\.db$/);
  expect(fs.readdirSync(folder).sort()).toEqual([...others, 'lineup-2024-01-03T04-00-00.json', 'lineup-2024-01-04T04-00-00.db', written].sort());
  expect(result.stdout).toContain(`Removed 2 older backups from ${folder} (--keep 3): lineup-2024-01-02T04-00-00.dump, lineup-2024-01-01T04-00-00.db`);
  // --keep 1: only the new one.
  expect(backup(app, ['--keep=1', folder]).status).toBe(0);
  expect(fs.readdirSync(folder).filter((name) => !others.includes(name))).toHaveLength(1);
});

test('errors name the path (issue 34)', async () => {
  const { app } = await withData('sqlite');
  const underAFile = backup(app, ['/etc/hostname/lineup.db']);
  expect(underAFile.status).toBe(1);
  expect(underAFile.stderr.trim()).toMatch(/^Backup failed: cannot create the folder \/etc\/hostname \(E[A-Z]+: .*\)$/);

  const empty = path.join(scratch, 'empty');
  fs.mkdirSync(empty);
  const noDatabase = backup({ dataDir: empty, databaseUrl: undefined }, []);
  expect(noDatabase.status).toBe(1);
  expect(noDatabase.stderr.trim()).toBe(`Backup failed: there is no database at ${path.join(empty, 'lineup.db')} (is DATA_DIR the service's?)`);

  const missing = path.join(scratch, 'mistyped');
  const noFolder = backup({ dataDir: missing, databaseUrl: undefined }, []);
  expect(noFolder.status).toBe(1);
  expect(noFolder.stderr.trim()).toBe(`DATA_DIR ${missing} does not exist: create it, or correct the path (only the default ./data beside package.json is created for you)`);
  expect(fs.existsSync(missing)).toBe(false);
});

test('backup explains itself when used wrongly', () => {
  const run = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/backup.ts', ...args], { encoding: 'utf8' });
  const twoFiles = run('a', 'b');
  expect(twoFiles.status).toBe(2);
  expect(twoFiles.stderr.trim()).toBe('usage: npm run backup -- [--keep N] [FILE | FOLDER]');
  expect(run('--keep', 'all').stderr.trim()).toBe('--keep must be a whole number of backups, 1 or more\nusage: npm run backup -- [--keep N] [FILE | FOLDER]');
});

test('--keep with a file rather than a folder is refused', async () => {
  const { app } = await withData('sqlite');
  const file = path.join(scratch, 'one.db');
  const result = backup(app, ['--keep', '3', file]);
  expect(result.status).toBe(2);
  expect(result.stderr.trim()).toBe(`--keep removes older backups from a folder: ${file} is not one\nusage: npm run backup -- [--keep N] [FILE | FOLDER]`);
  expect(fs.existsSync(file)).toBe(false);
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

  /** A pg_dump in front of the real one that records what `ps` shows of it and its PGPASSWORD (or fails, as told). */
  function pgDumpWrapper(fail = false): { bin: string; seen: string } {
    const bin = path.join(scratch, 'bin');
    const seen = path.join(scratch, 'seen');
    fs.mkdirSync(bin);
    const real = spawnSync('sh', ['-c', 'command -v pg_dump'], { encoding: 'utf8' }).stdout.trim();
    fs.writeFileSync(
      path.join(bin, 'pg_dump'),
      [
        '#!/bin/sh',
        '[ "$1" = --version ] && exec "$REAL_PG_DUMP" --version',
        `ps -ww -o args= -p $$ > "${seen}.args"`,
        `printf %s "$PGPASSWORD" > "${seen}.password"`,
        fail ? 'echo "pg_dump: error: connection refused" >&2; exit 1' : 'exec "$REAL_PG_DUMP" "$@"',
        '',
      ].join('\n'),
      { mode: 0o755 },
    );
    process.env.REAL_PG_DUMP = real;
    return { bin, seen };
  }

  test.runIf(hasPgDump)('the password reaches pg_dump through its environment, never its command line (issue 34)', async () => {
    const { app } = await withData('postgres');
    const url = new URL(app.databaseUrl!);
    url.username = 'postgres';
    url.password = 'never-on-the-command-line';
    const { bin, seen } = pgDumpWrapper();
    const target = path.join(scratch, 'lineup.dump');
    const result = backup({ dataDir: app.dataDir, databaseUrl: url.toString() }, [target], { PATH: `${bin}:${process.env.PATH}`, REAL_PG_DUMP: process.env.REAL_PG_DUMP! });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    // What every user of the machine sees in `ps`: the address without its password.
    const args = fs.readFileSync(`${seen}.args`, 'utf8');
    expect(args).toContain(`--dbname=postgres://postgres@${url.host}${url.pathname}`);
    expect(args).not.toContain('never-on-the-command-line');
    expect(fs.readFileSync(`${seen}.password`, 'utf8')).toBe('never-on-the-command-line');
    expect(modeOf(target)).toBe(0o600);
    expect(spawnSync('pg_restore', ['--list', target], { encoding: 'utf8' }).status).toBe(0);
  });

  test.runIf(hasPgDump)('a pg_dump that fails leaves no backup behind and says which database', async () => {
    const { app } = await withData('postgres');
    const { bin } = pgDumpWrapper(true);
    const result = backup(app, [], { PATH: `${bin}:${process.env.PATH}`, REAL_PG_DUMP: process.env.REAL_PG_DUMP! });
    expect(result.status).toBe(1);
    const name = new URL(app.databaseUrl!).pathname.slice(1);
    expect(result.stderr.trim()).toBe(`Backup failed: pg_dump could not back up the PostgreSQL database ${name} on 127.0.0.1:${new URL(app.databaseUrl!).port}: pg_dump: error: connection refused`);
    expect(fs.readdirSync(path.join(app.dataDir, 'backups'))).toEqual([]);
  });

  test('without pg_dump: the Lineup archive, which npm run import brings back into an empty database, which serves', async () => {
    const { app, admin } = await withData('postgres');
    const target = path.join(scratch, 'lineup.json');
    // No pg_dump on this PATH.
    const result = backup(app, [target], { PATH: path.join(scratch, 'no-tools') });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('pg_dump is not installed: backed up the PostgreSQL database');
    expect(modeOf(target)).toBe(0o600);

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
