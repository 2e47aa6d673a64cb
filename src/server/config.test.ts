import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, DEV_DISCORD, loadConfig, parseTrustProxy } from './config.js';
import { INSTALL_DIR } from './install-dir.js';

// What start-up accepts, and what it refuses with a line that says what to write instead.

const problemsOf = (env: Record<string, string>, installDir?: string) => {
  try {
    loadConfig(env, { installDir });
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
};

describe('TRUST_PROXY', () => {
  test.each<[string, ReturnType<typeof parseTrustProxy>]>([
    ['false', false],
    ['', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['127.0.0.1', ['127.0.0.1']],
    ['10.0.0.0/8, 192.168.1.10', ['10.0.0.0/8', '192.168.1.10']],
    ['::1,fd00::/8', ['::1', 'fd00::/8']],
    ['loopback, uniquelocal', ['loopback', 'uniquelocal']],
  ])('%j is accepted', (raw, expected) => {
    expect(parseTrustProxy(raw)).toEqual(expected);
    expect(loadConfig({ TRUST_PROXY: raw }).trustProxy).toEqual(expected);
  });

  test('true (believe every X-Forwarded-For) is refused with what to write instead', () => {
    expect(problemsOf({ TRUST_PROXY: 'true' })).toEqual([
      "TRUST_PROXY must not be true (it would believe any client's X-Forwarded-For): write the number of proxies in front of the app (e.g. 1), or their addresses (e.g. 127.0.0.1 or 10.0.0.0/8)",
    ]);
  });

  test.each(['yes', '10.0.0.0/33', '300.1.1.1', '127.0.0.1,,10.0.0.1', 'example.org', '1.5', '99'])('%j is refused', (raw) => {
    const problems = problemsOf({ TRUST_PROXY: raw });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^TRUST_PROXY must be/);
  });
});

describe('SESSION_SECRET', () => {
  const discord = { DISCORD_CLIENT_ID: '123456789012345678', DISCORD_CLIENT_SECRET: 'the-discord-secret', DISCORD_GUILD_ID: '223456789012345678' };
  test('keys the stored Discord tokens; else the Discord client secret; else the development secret', () => {
    const secret = 'a'.repeat(40);
    expect(loadConfig({ ...discord, SESSION_SECRET: secret }).sessionSecret).toBe(secret);
    expect(loadConfig(discord).sessionSecret).toBe('the-discord-secret');
    expect(loadConfig({}).sessionSecret).toBe(DEV_DISCORD.clientSecret);
    expect(loadConfig({ SESSION_SECRET: secret }).sessionSecret).toBe(secret);
  });
  test('a short one is refused', () => {
    expect(problemsOf({ SESSION_SECRET: 'short' })).toEqual([
      'SESSION_SECRET must be at least 32 characters (e.g. the output of: openssl rand -base64 32)',
    ]);
  });
});

describe('every problem in one pass (issue 34)', () => {
  test('a start-up with many mistakes lists them all at once, each naming its variable as it is written', () => {
    const problems = problemsOf({
      NODE_ENV: 'prod',
      PORT: '99999',
      TRUST_PROXY: 'true',
      SESSION_TTL_DAYS: '-1',
      LOG_LEVEL: 'verbose',
      DISCORD_CLIENT_ID: '123456789012345678',
      DISCORD_GUILD_ID: 'abc',
      DISCORD_ADMIN_ROLE_IDS: '323456789012345678, admins, 12',
      DISCORD_DJ_ROLE_IDS: 'DJ',
      DATA_DIR: '/nonexistent/lineup-data',
    });
    expect(problems).toEqual([
      'NODE_ENV must be development, production or test',
      'PORT must be between 0 and 65535',
      'TRUST_PROXY must not be true (it would believe any client\'s X-Forwarded-For): write the number of proxies in front of the app (e.g. 1), or their addresses (e.g. 127.0.0.1 or 10.0.0.0/8)',
      'LOG_LEVEL must be fatal, error, warn, info, debug, trace or silent',
      'SESSION_TTL_DAYS must be a number of days greater than 0 and at most 3650 (e.g. 30)',
      "DISCORD_GUILD_ID must be your Discord server's id: 17 to 20 digits (right-click the server → Copy Server ID); not: abc",
      'DISCORD_ADMIN_ROLE_IDS must be Discord role ids separated by commas, 17 to 20 digits each (Server Settings → Roles → right-click a role → Copy Role ID); not: admins, 12',
      'DISCORD_DJ_ROLE_IDS must be Discord role ids separated by commas, 17 to 20 digits each (Server Settings → Roles → right-click a role → Copy Role ID); not: DJ',
      'DISCORD_CLIENT_SECRET must be set with DISCORD_CLIENT_ID',
      'DATA_DIR /nonexistent/lineup-data does not exist: create it, or correct the path (only the default ./data beside package.json is created for you)',
    ]);
    // Never a zod path such as DISCORD_ADMIN_ROLE_IDS.1.
    for (const problem of problems) expect(problem).toMatch(/^[A-Z_]+ /);
  });

  test.each([['0'], ['-1'], ['thirty'], ['4000']])('SESSION_TTL_DAYS=%s says what is allowed', (value) => {
    expect(problemsOf({ SESSION_TTL_DAYS: value })).toEqual(['SESSION_TTL_DAYS must be a number of days greater than 0 and at most 3650 (e.g. 30)']);
  });

  test('Discord ids are snowflakes: the application, the server and every role', () => {
    const discord = { DISCORD_CLIENT_SECRET: 'secret', DISCORD_GUILD_ID: '223456789012345678' };
    expect(problemsOf({ ...discord, DISCORD_CLIENT_ID: 'my-app' })).toEqual([
      "DISCORD_CLIENT_ID must be your Discord application's id: 17 to 20 digits (Developer Portal → your application → OAuth2 → Client ID); not: my-app",
    ]);
    const config = loadConfig({ ...discord, DISCORD_CLIENT_ID: '123456789012345678', DISCORD_HOST_ROLE_IDS: ' 323456789012345678 ,42345678901234567890,' });
    expect(config.discord.hostRoleIds).toEqual(['323456789012345678', '42345678901234567890']);
    expect(problemsOf({ ...discord, DISCORD_CLIENT_ID: '123456789012345678', DISCORD_HOST_ROLE_IDS: '123456789012345678901' })).toHaveLength(1);
  });

  test('a blank value counts as unset, as .env.example writes them', () => {
    const config = loadConfig({ PORT: '', SESSION_TTL_DAYS: ' ', PUBLIC_URL: '', DISCORD_CLIENT_ID: '', NODE_ENV: '', DATA_DIR: '' });
    expect(config.port).toBe(3000);
    expect(config.sessionTtlMs).toBe(30 * 24 * 60 * 60 * 1000);
    expect(config.discord.devProvider).toBe(true);
    expect(config.env).toBe('development');
  });

  test('PUBLIC_URL is an http or https address', () => {
    expect(problemsOf({ PUBLIC_URL: 'ftp://lineup.example.org' })).toEqual(['PUBLIC_URL must be a URL like https://lineup.example.org']);
    expect(loadConfig({ PUBLIC_URL: 'https://lineup.example.org/' }).publicUrl).toBe('https://lineup.example.org');
  });
});

describe('DATA_DIR (issue 34)', () => {
  let scratch: string;
  beforeEach(() => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'lineup-config-'));
  });
  afterEach(() => fs.rmSync(scratch, { recursive: true, force: true }));

  test('unset: ./data beside package.json, wherever the process runs (created when the database opens)', () => {
    expect(loadConfig({}).dataDir).toBe(path.join(INSTALL_DIR, 'data'));
    expect(loadConfig({}, { installDir: scratch }).dataDir).toBe(path.join(scratch, 'data'));
    expect(fs.existsSync(path.join(scratch, 'data'))).toBe(false);
  });

  test('a relative DATA_DIR starts beside package.json, not in the current folder', () => {
    fs.mkdirSync(path.join(scratch, 'community'));
    expect(loadConfig({ DATA_DIR: 'community' }, { installDir: scratch }).dataDir).toBe(path.join(scratch, 'community'));
  });

  test('one that is set but does not exist is refused with its path, and nothing is created', () => {
    const typo = path.join(scratch, 'comunity');
    expect(problemsOf({ DATA_DIR: typo })).toEqual([
      `DATA_DIR ${typo} does not exist: create it, or correct the path (only the default ./data beside package.json is created for you)`,
    ]);
    expect(problemsOf({ DATA_DIR: './data' }, scratch)).toEqual([
      `DATA_DIR ${path.join(scratch, 'data')} does not exist: create it, or correct the path (only the default ./data beside package.json is created for you)`,
    ]);
    expect(fs.readdirSync(scratch)).toEqual([]);
  });

  test('a file is not a data folder', () => {
    const file = path.join(scratch, 'lineup.db');
    fs.writeFileSync(file, '');
    expect(problemsOf({ DATA_DIR: file })).toEqual([`DATA_DIR ${file} is not a folder`]);
  });
});

describe('TEST_CLOCK', () => {
  test('off unless said; on for tests; refused in production, where it would let the schedule of posts be moved', () => {
    expect(loadConfig({}).testClock).toBe(false);
    expect(loadConfig({ TEST_CLOCK: 'on' }).testClock).toBe(true);
    expect(problemsOf({ TEST_CLOCK: 'yes' })).toEqual(['TEST_CLOCK must be on or off']);
    const production = { NODE_ENV: 'production', DISCORD_CLIENT_ID: '123456789012345678', DISCORD_CLIENT_SECRET: 'secret', DISCORD_GUILD_ID: '223456789012345678' };
    expect(loadConfig(production).testClock).toBe(false);
    expect(problemsOf({ ...production, TEST_CLOCK: 'on' })).toEqual([
      'TEST_CLOCK must be off when NODE_ENV=production (it lets the schedule of posts to DJs be moved: for tests only)',
    ]);
  });
});
