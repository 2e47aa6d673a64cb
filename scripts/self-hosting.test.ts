import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { startServerProcess } from '@server/testing/server-process.js';

// Lineup as a self-hoster installs and runs it (issue 34): a copy of the repository in a folder
// of its own (as a clone is; node_modules linked from this one, as `npm ci` would fill it),
// started with `npm start`, then as the systemd unit starts it (the built app, from another
// folder), backed up by the README's cron line, and `npm start` after a `git pull` without `npm ci`.

const REPO = path.resolve('.');
const COPIED = ['package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.server.json', 'vite.config.ts', 'vite.server.config.ts', 'src', 'scripts'];

let scratch: string;
let install: string;
beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'lineup-self-hosting-'));
  install = path.join(scratch, 'lineup');
  for (const entry of COPIED) fs.cpSync(path.join(REPO, entry), path.join(install, entry), { recursive: true });
  fs.symlinkSync(path.join(REPO, 'node_modules'), path.join(install, 'node_modules'));
});
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** npm without its weekly look for a newer npm (a network call and a notice). */
const npmEnv = { npm_config_update_notifier: 'false', npm_config_fund: 'false' };

type LogLine = { msg: string; pid: number; [field: string]: unknown };
const jsonLines = (text: string) => text.trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as LogLine);

test('npm start in a fresh copy: builds, starts on ./data beside package.json, stdout is JSON lines, and npm passes SIGTERM on', async () => {
  const app = await startServerProcess('npm', ['start'], { cwd: install, env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: '0', ...npmEnv } });
  expect(app.stderr()).toContain('Building the server…');
  expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
  app.child.kill('SIGTERM');
  await app.exited;

  // npm prints its own banner ("> lineup@0.1.0 start"); everything else on stdout is the log.
  const ours = app.stdout().split('\n').filter((line) => line !== '' && !line.startsWith('> '));
  const lines = ours.map((line) => JSON.parse(line) as LogLine);
  expect(lines[0]).toMatchObject({ envFile: null, dataDir: path.join(install, 'data') });
  expect(lines.at(-1)!.msg).toBe('stopped');
  // The server itself stopped: nothing is left serving.
  expect(() => process.kill(lines[0]!.pid, 0)).toThrow();
  await expect(fetch(`${app.url}/healthz`)).rejects.toThrow();
  expect(fs.existsSync(path.join(install, 'data', 'lineup.db'))).toBe(true);
}, 600_000);

const community = () => path.join(scratch, 'community');

test('started as the systemd unit starts it, from another folder: the .env beside package.json, its DATA_DIR, named in the first log line', async () => {
  fs.mkdirSync(community(), { recursive: true });
  fs.writeFileSync(path.join(install, '.env'), `DATA_DIR=${community()}\nPORT=0\nLOG_LEVEL=info\n`);
  // A .env in the folder it happens to start in is not read.
  const elsewhere = path.join(scratch, 'elsewhere');
  fs.mkdirSync(elsewhere);
  fs.writeFileSync(path.join(elsewhere, '.env'), 'DATA_DIR=/nowhere\nPORT=1\n');

  const app = await startServerProcess(process.execPath, [path.join(install, 'dist/server/main.js')], { cwd: elsewhere, env: { PATH: process.env.PATH } });
  expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
  app.child.kill('SIGTERM');
  expect(await app.exited).toBe(0);

  const lines = jsonLines(app.stdout());
  expect(lines[0]).toMatchObject({ envFile: path.join(install, '.env'), dataDir: community() });
  expect(lines[0]!.msg).toMatch(new RegExp(`^Lineup \\S+ starting: settings from ${install}/.env, DATA_DIR ${community()}, SQLite database ${community()}/lineup.db$`));
  expect(lines[1]!.msg).toBe(`${path.join(elsewhere, '.env')} is not read: Lineup reads only the .env beside its package.json`);
  expect(fs.existsSync(path.join(community(), 'lineup.db'))).toBe(true);
  expect(fs.existsSync('/nowhere')).toBe(false);
}, 120_000);

test("the README's cron line backs up the service's data: same .env, same DATA_DIR, private, the oldest pruned", () => {
  const readme = fs.readFileSync(path.join(REPO, 'README.md'), 'utf8');
  const cron = /^0 4 \* \* \* (\S+) (.+)$/m.exec(readme);
  expect(cron, 'a cron line in README').not.toBeNull();
  const [, user, line] = cron!;
  expect(user).toBe('lineup');
  const command = line!.replaceAll('/srv/lineup', install).replace('/usr/bin/node', fs.existsSync('/usr/bin/node') ? '/usr/bin/node' : process.execPath);
  const backups = path.join(community(), 'backups');
  fs.mkdirSync(backups);
  const older = Array.from({ length: 15 }, (_, day) => `lineup-2026-01-${String(day + 1).padStart(2, '0')}T04-00-00.db`);
  for (const name of older) fs.writeFileSync(path.join(backups, name), '');

  // As cron runs it (the user aside): sh, its own PATH, in the user's home, with none of the
  // service's variables.
  const home = path.join(scratch, 'home');
  fs.mkdirSync(home);
  const result = spawnSync('/bin/sh', ['-c', command], { cwd: home, env: { PATH: '/usr/bin:/bin', HOME: home, SHELL: '/bin/sh', LOGNAME: user }, encoding: 'utf8' });
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  const kept = fs.readdirSync(backups).sort();
  expect(kept).toHaveLength(14);
  const written = kept.at(-1)!;
  expect(older).not.toContain(written);
  expect(kept.slice(0, 13)).toEqual(older.slice(2));
  expect(fs.statSync(path.join(backups, written)).mode & 0o777).toBe(0o600);
  const copy = new SQLite(path.join(backups, written), { readonly: true });
  try {
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    expect((copy.prepare('select count(*) as n from kysely_migration').get() as { n: number }).n).toBeGreaterThan(0);
  } finally {
    copy.close();
  }
}, 60_000);

test('npm start after a git pull without npm ci: says to run npm ci, and builds nothing', () => {
  // A copy whose package-lock.json names what its node_modules lacks or has at another version.
  const pulled = path.join(scratch, 'pulled');
  fs.cpSync(path.join(install, 'scripts'), path.join(pulled, 'scripts'), { recursive: true });
  fs.copyFileSync(path.join(install, 'package.json'), path.join(pulled, 'package.json'));
  const lock = {
    name: 'lineup',
    lockfileVersion: 3,
    packages: {
      '': { name: 'lineup' },
      'node_modules/zod': { version: '4.6.7' },
      'node_modules/pino': { version: '10.4.0' },
      'node_modules/@rolldown/binding-darwin-arm64': { version: '1.0.0', optional: true },
    },
  };
  fs.writeFileSync(path.join(pulled, 'package-lock.json'), JSON.stringify(lock));
  fs.mkdirSync(path.join(pulled, 'node_modules', 'zod'), { recursive: true });
  fs.writeFileSync(path.join(pulled, 'node_modules', 'zod', 'package.json'), JSON.stringify({ name: 'zod', version: '4.5.0' }));

  for (const args of [['start'], ['run', 'backup']]) {
    const result = spawnSync('npm', args, { cwd: pulled, env: { PATH: process.env.PATH, HOME: process.env.HOME, ...npmEnv }, encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'The installed packages do not match package-lock.json (missing: pino; at another version: zod 4.5.0 (package-lock.json: 4.6.7)).\nInstall them as the lockfile says with `npm ci` (after every git pull), then run this again.',
    );
  }
  expect(fs.existsSync(path.join(pulled, 'dist'))).toBe(false);
});
