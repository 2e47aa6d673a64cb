import net from 'node:net';
import { z } from 'zod';
import { DISCORD_API_DEFAULT } from '@shared/discord-webhooks.js';

// One place that reads the environment. Start-up stops with one readable line per problem.

const csvIds = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().regex(/^\d+$/, 'must be comma-separated numeric role ids')));

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== '' ? value.trim() : undefined));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(3000),
  APP_NAME: z.string().min(1).default('Lineup'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
      .optional(),
  ),
  TRUST_PROXY: z.string().default('false'),
  PUBLIC_URL: optionalText.pipe(z.url('must be a URL like https://lineup.example.org').optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_TTL_DAYS: z.coerce.number({ message: 'must be a number' }).positive().default(30),
  SEED_DEMO_DATA: z.enum(['auto', 'never']).default('auto'),
  SESSION_SECRET: optionalText.pipe(
    z
      .string()
      .min(32, 'must be at least 32 characters (e.g. the output of: openssl rand -base64 32)')
      .optional(),
  ),
  DISCORD_CLIENT_ID: optionalText,
  DISCORD_CLIENT_SECRET: optionalText,
  DISCORD_GUILD_ID: optionalText,
  DISCORD_ADMIN_ROLE_IDS: csvIds,
  DISCORD_HOST_ROLE_IDS: csvIds,
  DISCORD_DJ_ROLE_IDS: csvIds,
  DISCORD_API_URL: optionalText.pipe(z.url('must be a URL').optional()),
  DISCORD_AUTHORIZE_URL: optionalText.pipe(z.url('must be a URL').optional()),
  TEST_CLOCK: z.enum(['on', 'off'], { error: 'must be on or off' }).default('off'),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  appName: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string | undefined;
  /**
   * Which X-Forwarded-* senders to believe for the client address and protocol: none (false), the
   * nearest N proxies (a hop count), or proxies at these addresses/CIDR ranges. Never "everyone".
   */
  trustProxy: TrustProxy;
  logLevel: Env['LOG_LEVEL'];
  sessionTtlMs: number;
  /**
   * Key material for the Discord tokens stored (encrypted) with each session: SESSION_SECRET, else
   * the Discord client secret (with the development sign-in, its fixed development secret).
   * Never logged, never sent anywhere.
   */
  sessionSecret: string;
  /** SEED_DEMO_DATA=auto: an empty database gets demo data, but only with the development sign-in. */
  seedDemoData: boolean;
  /**
   * TEST_CLOCK=on: an admin may set the clock the posts to DJs are scheduled by (PUT
   * /api/testing/clock), for the end-to-end tests. Refused with NODE_ENV=production.
   */
  testClock: boolean;
  discord: {
    /** True when no Discord application is configured: the built-in development provider signs people in. */
    devProvider: boolean;
    clientId: string;
    clientSecret: string;
    guildId: string;
    adminRoleIds: string[];
    hostRoleIds: string[];
    djRoleIds: string[];
    /** Undefined with the development provider: it lives on the app's own origin. */
    apiUrl: string | undefined;
    authorizeUrl: string | undefined;
    /**
     * The only origin Discord webhook URLs may have: DISCORD_API_URL's (also with the development
     * sign-in, so tests can stand a fake Discord in), else Discord's own.
     */
    webhookOrigin: string;
  };
}

export type TrustProxy = false | number | string[];

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}

/** The development provider's fixed guild and role ids (see auth/dev-provider). */
export const DEV_DISCORD = {
  clientId: 'lineup-dev-client',
  clientSecret: 'lineup-dev-secret',
  guildId: '100000000000000001',
  adminRoleIds: ['200000000000000001'],
  hostRoleIds: ['200000000000000002'],
  djRoleIds: ['200000000000000003'],
} as const;

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'} ${issue.message}`),
    );
  }
  const env = parsed.data;
  const problems: string[] = [];
  const devProvider = !env.DISCORD_CLIENT_ID;
  if (devProvider && env.NODE_ENV === 'production') {
    problems.push(
      'DISCORD_CLIENT_ID must be set when NODE_ENV=production (the development sign-in is for local use only)',
    );
  }
  if (!devProvider) {
    if (!env.DISCORD_CLIENT_SECRET) problems.push('DISCORD_CLIENT_SECRET must be set with DISCORD_CLIENT_ID');
    if (!env.DISCORD_GUILD_ID) problems.push('DISCORD_GUILD_ID must be set with DISCORD_CLIENT_ID');
  }
  if (env.TEST_CLOCK === 'on' && env.NODE_ENV === 'production') {
    problems.push('TEST_CLOCK must be off when NODE_ENV=production (it lets the schedule of posts to DJs be moved: for tests only)');
  }
  const webhookOrigin = new URL(env.DISCORD_API_URL ?? DISCORD_API_DEFAULT).origin;
  const trustProxy = parseTrustProxy(env.TRUST_PROXY);
  if (typeof trustProxy === 'string') problems.push(`TRUST_PROXY ${trustProxy}`);
  if (problems.length > 0) throw new ConfigError(problems);

  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    appName: env.APP_NAME,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    publicUrl: env.PUBLIC_URL?.replace(/\/+$/, ''),
    trustProxy: trustProxy as TrustProxy,
    logLevel: env.LOG_LEVEL,
    sessionTtlMs: env.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000,
    sessionSecret: env.SESSION_SECRET ?? (devProvider ? DEV_DISCORD.clientSecret : (env.DISCORD_CLIENT_SECRET ?? '')),
    seedDemoData: env.SEED_DEMO_DATA === 'auto',
    testClock: env.TEST_CLOCK === 'on',
    discord: devProvider
      ? {
          devProvider: true,
          ...DEV_DISCORD,
          adminRoleIds: [...DEV_DISCORD.adminRoleIds],
          hostRoleIds: [...DEV_DISCORD.hostRoleIds],
          djRoleIds: [...DEV_DISCORD.djRoleIds],
          apiUrl: undefined,
          authorizeUrl: undefined,
          webhookOrigin,
        }
      : {
          devProvider: false,
          clientId: env.DISCORD_CLIENT_ID ?? '',
          clientSecret: env.DISCORD_CLIENT_SECRET ?? '',
          guildId: env.DISCORD_GUILD_ID ?? '',
          adminRoleIds: env.DISCORD_ADMIN_ROLE_IDS,
          hostRoleIds: env.DISCORD_HOST_ROLE_IDS,
          djRoleIds: env.DISCORD_DJ_ROLE_IDS,
          apiUrl: env.DISCORD_API_URL?.replace(/\/+$/, '') ?? 'https://discord.com/api/v10',
          authorizeUrl: env.DISCORD_AUTHORIZE_URL ?? 'https://discord.com/oauth2/authorize',
          webhookOrigin,
        },
  };
}

/** Names proxy-addr (Fastify's trustProxy) understands for well-known ranges. */
const TRUST_PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * TRUST_PROXY: `false` (default), a hop count (`1` = the one proxy in front of the app), or a
 * comma-separated list of proxy addresses or CIDR ranges. `true` would let any client write its
 * own X-Forwarded-For (and so its own rate-limit key), so it is refused with what to write
 * instead. Returns the problem as a string.
 */
export function parseTrustProxy(raw: string): TrustProxy | string {
  const value = raw.trim();
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') {
    return (
      'must not be true (it would believe any client\'s X-Forwarded-For): write the number of proxies ' +
      'in front of the app (e.g. 1), or their addresses (e.g. 127.0.0.1 or 10.0.0.0/8)'
    );
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= 10 ? hops : 'must be a small number of proxies (1 to 10), a list of addresses, or false';
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isAddressOrRange(entry));
  if (bad.length > 0) {
    return `must be false, a number of proxies (e.g. 1) or comma-separated addresses/CIDR ranges (e.g. 127.0.0.1, 10.0.0.0/8); not: ${bad.join(', ') || '(empty entry)'}`;
  }
  return entries;
}

function isAddressOrRange(entry: string): boolean {
  if (TRUST_PROXY_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}
