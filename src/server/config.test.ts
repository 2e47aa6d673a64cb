import { ConfigError, DEV_DISCORD, loadConfig, parseTrustProxy } from './config.js';

// What start-up accepts, and what it refuses with a line that says what to write instead.

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
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
  const discord = { DISCORD_CLIENT_ID: '1', DISCORD_CLIENT_SECRET: 'the-discord-secret', DISCORD_GUILD_ID: '2' };
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

describe('TEST_CLOCK', () => {
  test('off unless said; on for tests; refused in production, where it would let the schedule of posts be moved', () => {
    expect(loadConfig({}).testClock).toBe(false);
    expect(loadConfig({ TEST_CLOCK: 'on' }).testClock).toBe(true);
    expect(problemsOf({ TEST_CLOCK: 'yes' })).toEqual(['TEST_CLOCK must be on or off']);
    const production = { NODE_ENV: 'production', DISCORD_CLIENT_ID: 'client', DISCORD_CLIENT_SECRET: 'secret', DISCORD_GUILD_ID: '1' };
    expect(loadConfig(production).testClock).toBe(false);
    expect(problemsOf({ ...production, TEST_CLOCK: 'on' })).toEqual([
      'TEST_CLOCK must be off when NODE_ENV=production (it lets the schedule of posts to DJs be moved: for tests only)',
    ]);
  });
});
