import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Start-up refuses bad configuration with one readable line naming the variable, never a stack trace.

function start(env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lineup-startup-'));
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: '0', SEED_DEMO_DATA: 'never', ...env },
    encoding: 'utf8',
    timeout: 20_000,
  });
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { status: result.status, lines: result.stderr.trim().split('\n').filter(Boolean) };
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

test('an unwritable DATA_DIR stops start-up with one line', () => {
  const { status, lines } = start({ DATA_DIR: '/etc/hostname/lineup' });
  expect(status).toBe(1);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^DATA_DIR: cannot write to \/etc\/hostname\/lineup/);
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

test('every problem is reported at once', () => {
  const { lines } = start({ PORT: '99999', PUBLIC_URL: 'not a url' });
  expect(lines).toEqual(['PORT must be between 0 and 65535', 'PUBLIC_URL must be a URL like https://lineup.example.org']);
});
