import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { migrationProvider } from './db/migrations/index.js';
import { INSTALL_DIR } from './install-dir.js';
import { startServerProcess } from './testing/server-process.js';

// The server process as a service manager runs it (src/server/main.ts through tsx, as
// `npm run dev` does; scripts/self-hosting.test.ts runs the build from another folder). Start-up
// refuses bad configuration with one readable line per problem on stderr, all of them at once,
// never a stack trace; stdout is the log, JSON lines only.

const MAIN = path.join(INSTALL_DIR, 'src/server/main.ts');
const baseEnv = (dataDir: string) => ({ PATH: process.env.PATH, DATA_DIR: dataDir, PORT: '0', SEED_DEMO_DATA: 'never' });

let scratch: string;
beforeEach(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'lineup-startup-'));
});
afterEach(() => fs.rmSync(scratch, { recursive: true, force: true }));

function start(env: Record<string, string>) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...baseEnv(scratch), ...env },
    encoding: 'utf8',
    timeout: 20_000,
  });
  return { status: result.status, stdout: result.stdout, lines: result.stderr.trim().split('\n').filter(Boolean) };
}

test('a PORT that is not a number stops start-up with one line', () => {
  const { status, lines } = start({ PORT: 'eighty' });
  expect(status).toBe(1);
  expect(lines).toEqual(['PORT must be a number']);
});

test('an unreachable DATABASE_URL stops start-up with one line', () => {
  const { status, lines } = start({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
  expect(status).toBe(1);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^DATABASE_URL: cannot connect/);
});

test('a DATA_DIR that is a file stops start-up with one line', () => {
  const { status, lines } = start({ DATA_DIR: '/etc/hostname' });
  expect(status).toBe(1);
  expect(lines).toEqual(['DATA_DIR /etc/hostname is not a folder']);
});

test('a DATA_DIR set to a folder that does not exist is refused with its path, and nothing is created (issue 34)', () => {
  const typo = path.join(scratch, 'comunity');
  const { status, lines, stdout } = start({ DATA_DIR: typo });
  expect(status).toBe(1);
  expect(lines).toEqual([`DATA_DIR ${typo} does not exist: create it, or correct the path (only the default ./data beside package.json is created for you)`]);
  expect(fs.existsSync(typo)).toBe(false);
  expect(stdout).toBe('');
});

test('the development sign-in refuses to run in production', () => {
  const { status, lines } = start({ NODE_ENV: 'production' });
  expect(status).toBe(1);
  expect(lines).toEqual([
    'DISCORD_CLIENT_ID must be set when NODE_ENV=production (the development sign-in is for local use only)',
  ]);
});

test('TRUST_PROXY=true stops start-up with a line that says what to write instead', () => {
  const { status, lines } = start({ TRUST_PROXY: 'true' });
  expect(status).toBe(1);
  expect(lines).toEqual([
    "TRUST_PROXY must not be true (it would believe any client's X-Forwarded-For): write the number of proxies in front of the app (e.g. 1), or their addresses (e.g. 127.0.0.1 or 10.0.0.0/8)",
  ]);
});

test('every problem is reported at once, each naming its variable as it is written (issue 34)', () => {
  const { status, lines } = start({
    NODE_ENV: 'production',
    PORT: '99999',
    PUBLIC_URL: 'not a url',
    TRUST_PROXY: 'true',
    SESSION_TTL_DAYS: '-1',
    DISCORD_CLIENT_ID: '123456789012345678',
    DISCORD_CLIENT_SECRET: 'a-secret-that-is-never-printed',
    DISCORD_GUILD_ID: 'abc',
    DISCORD_ADMIN_ROLE_IDS: '323456789012345678,admins',
  });
  expect(status).toBe(1);
  expect(lines).toEqual([
    'PORT must be between 0 and 65535',
    "TRUST_PROXY must not be true (it would believe any client's X-Forwarded-For): write the number of proxies in front of the app (e.g. 1), or their addresses (e.g. 127.0.0.1 or 10.0.0.0/8)",
    'PUBLIC_URL must be a URL like https://lineup.example.org',
    'SESSION_TTL_DAYS must be a number of days greater than 0 and at most 3650 (e.g. 30)',
    "DISCORD_GUILD_ID must be your Discord server's id: 17 to 20 digits (right-click the server → Copy Server ID); not: abc",
    'DISCORD_ADMIN_ROLE_IDS must be Discord role ids separated by commas, 17 to 20 digits each (Server Settings → Roles → right-click a role → Copy Role ID); not: admins',
  ]);
});

/** The server, once it says on stderr where it runs. */
const startServing = (env: Record<string, string>) =>
  startServerProcess(process.execPath, ['--import', 'tsx', MAIN], { env: { ...baseEnv(scratch), ...env } });

const jsonLines = (text: string) => text.trim().split('\n').map((line) => JSON.parse(line) as { msg: string; level: number; [field: string]: unknown });

test('stdout is JSON lines only: the first says which .env and DATA_DIR, each migration is logged as it runs; SIGTERM stops it gracefully (issue 34)', async () => {
  const server = await startServing({ LOG_LEVEL: 'info' });
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);

  // Every line parses (a plain "Lineup is running at …" line used to break `jq`).
  const lines = jsonLines(server.stdout());
  const envFile = fs.existsSync(path.join(INSTALL_DIR, '.env')) ? path.join(INSTALL_DIR, '.env') : null;
  expect(lines[0]).toMatchObject({ envFile, dataDir: scratch, database: { dialect: 'sqlite', file: path.join(scratch, 'lineup.db') } });
  expect(lines[0]!.msg).toMatch(new RegExp(`^Lineup \\S+ starting: settings from .*, DATA_DIR ${scratch}, SQLite database ${scratch}/lineup.db$`));
  const names = Object.keys(await migrationProvider.getMigrations());
  expect(lines.filter((line) => line.migration).map((line) => line.msg)).toEqual(names.map((name) => `applying database migration ${name}`));
  expect(lines.find((line) => line.msg.startsWith('database migrated'))?.msg).toBe(`database migrated: ${names.length} migrations applied (${names.join(', ')})`);
  expect(lines.some((line) => line.msg === `Lineup is running at ${server.url} (development sign-in) on sqlite` && line.url === server.url)).toBe(true);
  expect(lines.slice(-2).map((line) => line.msg)).toEqual(['SIGTERM: stopping (no new connections; requests in flight finish)', 'stopped']);

  // Started again on the same data, nothing is migrated; SIGINT (Ctrl+C) stops it as well.
  const again = await startServing({ LOG_LEVEL: 'info' });
  again.child.kill('SIGINT');
  expect(await again.exited).toBe(0);
  const second = jsonLines(again.stdout());
  expect(second.filter((line) => line.msg.includes('migrat'))).toEqual([]);
  expect(second.at(-1)!.msg).toBe('stopped');
});

test('a signal delivered twice at once is one stop; sent again later, while a request holds the stop up, it exits at once', async () => {
  const server = await startServing({ LOG_LEVEL: 'info' });
  // A request still arriving (its body cut short): a graceful stop waits for it.
  const { hostname, port } = new URL(server.url);
  const socket = net.connect(Number(port), hostname);
  await once(socket, 'connect');
  socket.write('POST /api/signup HTTP/1.1\r\nHost: lineup\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{');
  await setTimeout(300);
  // Ctrl+C in a terminal: npm and the server both get it, and npm passes it on.
  server.child.kill('SIGINT');
  server.child.kill('SIGINT');
  await setTimeout(2500);
  expect(server.child.exitCode).toBeNull();
  server.child.kill('SIGINT');
  expect(await server.exited).toBe(1);
  socket.destroy();
  const messages = jsonLines(server.stdout()).map((line) => line.msg);
  expect(messages.filter((msg) => msg.startsWith('SIGINT'))).toEqual([
    'SIGINT: stopping (no new connections; requests in flight finish)',
    'SIGINT again: exiting without waiting for requests in flight',
  ]);
});
