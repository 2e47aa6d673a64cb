import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { DISCORD_API_DEFAULT } from '@shared/discord-webhooks.js';
import { DJ_LIMITS } from '@shared/schemas/djs.js';
import { INSTALL_DIR } from './install-dir.js';

// One place that reads the environment. Start-up checks every variable in one pass and stops with
// one readable line per problem, each naming the variable as it is written (decision 039).

/** Discord's ids (snowflakes): the server's, the application's and the roles'. */
const SNOWFLAKE = new RegExp(`^\\d{${DJ_LIMITS.discordIdMinDigits},${DJ_LIMITS.discordIdMaxDigits}}$`);
const SNOWFLAKE_DIGITS = `${DJ_LIMITS.discordIdMinDigits} to ${DJ_LIMITS.discordIdMaxDigits} digits`;

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== '' ? value.trim() : undefined));

/** One Discord id, e.g. DISCORD_GUILD_ID: what it is and where Discord shows it. */
const discordId = (what: string, where: string) =>
  optionalText.refine((value) => value === undefined || SNOWFLAKE.test(value), {
    error: (issue) => `must be ${what}: ${SNOWFLAKE_DIGITS} (${where}); not: ${String(issue.input)}`,
  });

/** Comma-separated role ids; the message names every entry that is not one. */
const roleIds = optionalText.transform((value, ctx) => {
  const ids = (value ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  const bad = ids.filter((id) => !SNOWFLAKE.test(id));
  if (bad.length > 0) {
    ctx.addIssue(
      `must be Discord role ids separated by commas, ${SNOWFLAKE_DIGITS} each (Server Settings → Roles → right-click a role → Copy Role ID); not: ${bad.join(', ')}`,
    );
  }
  return ids;
});

const oneOf = <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
  z.enum(values, { error: `must be ${values.slice(0, -1).join(', ')} or ${values.at(-1)}` }).default(fallback);

const SESSION_TTL_MESSAGE = 'must be a number of days greater than 0 and at most 3650 (e.g. 30)';

/** Where the SQLite database lives unless DATA_DIR says otherwise: beside package.json. */
const DEFAULT_DATA_DIR = './data';

const envSchema = z.object({
  NODE_ENV: oneOf(['development', 'production', 'test'], 'development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(3000),
  APP_NAME: z.string().min(1).default('Lineup'),
  DATA_DIR: z.string().min(1).default(DEFAULT_DATA_DIR),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
      .optional(),
  ),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((raw, ctx) => {
      const trust = parseTrustProxy(raw);
      if (typeof trust === 'string') ctx.addIssue(trust);
      return trust as TrustProxy;
    }),
  PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be a URL like https://lineup.example.org' }).optional()),
  LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'info'),
  SESSION_TTL_DAYS: z.coerce.number({ error: SESSION_TTL_MESSAGE }).positive(SESSION_TTL_MESSAGE).max(3650, SESSION_TTL_MESSAGE).default(30),
  SEED_DEMO_DATA: oneOf(['auto', 'never'], 'auto'),
  SESSION_SECRET: optionalText.pipe(
    z
      .string()
      .min(32, 'must be at least 32 characters (e.g. the output of: openssl rand -base64 32)')
      .optional(),
  ),
  DISCORD_CLIENT_ID: discordId("your Discord application's id", 'Developer Portal → your application → OAuth2 → Client ID'),
  DISCORD_CLIENT_SECRET: optionalText,
  DISCORD_GUILD_ID: discordId("your Discord server's id", 'right-click the server → Copy Server ID'),
  DISCORD_ADMIN_ROLE_IDS: roleIds,
  DISCORD_HOST_ROLE_IDS: roleIds,
  DISCORD_DJ_ROLE_IDS: roleIds,
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

export interface LoadOptions {
  /** Where a relative DATA_DIR starts: the install folder (beside package.json). */
  installDir?: string;
}

/**
 * The configuration from `source`, checked in one pass: every problem is reported at once (a
 * ConfigError), each naming its variable. A blank value counts as unset, as in `.env.example`.
 */
export function loadConfig(source: NodeJS.ProcessEnv = process.env, { installDir = INSTALL_DIR }: LoadOptions = {}): Config {
  const given = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value.trim() !== ''));
  const parsed = envSchema.safeParse(given);
  const problems = [
    ...(parsed.success ? [] : parsed.error.issues.map((issue) => `${String(issue.path[0] ?? 'environment')} ${issue.message}`)),
    ...discordProblems(given),
  ];
  const dataDir = path.resolve(installDir, given.DATA_DIR ?? DEFAULT_DATA_DIR);
  // Only the default folder is created: a mistyped DATA_DIR must not start an empty community.
  const dataDirProblem = given.DATA_DIR === undefined ? undefined : existingFolderProblem(dataDir);
  if (dataDirProblem) problems.push(`DATA_DIR ${dataDirProblem}`);
  if (given.TEST_CLOCK === 'on' && given.NODE_ENV === 'production') {
    problems.push('TEST_CLOCK must be off when NODE_ENV=production (it lets the schedule of posts to DJs be moved: for tests only)');
  }
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const env = parsed.data;
  const devProvider = !env.DISCORD_CLIENT_ID;
  const webhookOrigin = new URL(env.DISCORD_API_URL ?? DISCORD_API_DEFAULT).origin;

  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    appName: env.APP_NAME,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    publicUrl: env.PUBLIC_URL?.replace(/\/+$/, ''),
    trustProxy: env.TRUST_PROXY,
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

/** The Discord application's settings go together; the development sign-in is for local use only. */
function discordProblems(given: Record<string, string | undefined>): string[] {
  if (!given.DISCORD_CLIENT_ID) {
    return given.NODE_ENV === 'production'
      ? ['DISCORD_CLIENT_ID must be set when NODE_ENV=production (the development sign-in is for local use only)']
      : [];
  }
  return (['DISCORD_CLIENT_SECRET', 'DISCORD_GUILD_ID'] as const)
    .filter((name) => !given[name])
    .map((name) => `${name} must be set with DISCORD_CLIENT_ID`);
}

function existingFolderProblem(dir: string): string | undefined {
  try {
    if (fs.statSync(dir).isDirectory()) return undefined;
    return `${dir} is not a folder`;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // ENOTDIR: a part of the path is a file.
    if (code !== 'ENOENT' && code !== 'ENOTDIR') return `${dir} cannot be read (${code ?? 'error'})`;
    return `${dir} does not exist: create it, or correct the path (only the default ./data beside package.json is created for you)`;
  }
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
