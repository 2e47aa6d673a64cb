import { z } from 'zod';

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
  TRUST_PROXY: z.enum(['true', 'false'], { message: 'must be true or false' }).default('false'),
  PUBLIC_URL: optionalText.pipe(z.url('must be a URL like https://lineup.example.org').optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_TTL_DAYS: z.coerce.number({ message: 'must be a number' }).positive().default(30),
  SEED_DEMO_DATA: z.enum(['auto', 'never']).default('auto'),
  DISCORD_CLIENT_ID: optionalText,
  DISCORD_CLIENT_SECRET: optionalText,
  DISCORD_GUILD_ID: optionalText,
  DISCORD_ADMIN_ROLE_IDS: csvIds,
  DISCORD_HOST_ROLE_IDS: csvIds,
  DISCORD_DJ_ROLE_IDS: csvIds,
  DISCORD_API_URL: optionalText.pipe(z.url('must be a URL').optional()),
  DISCORD_AUTHORIZE_URL: optionalText.pipe(z.url('must be a URL').optional()),
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
  /** Behind a reverse proxy: take the client address and protocol from X-Forwarded-*. */
  trustProxy: boolean;
  logLevel: Env['LOG_LEVEL'];
  sessionTtlMs: number;
  seedDemoData: boolean;
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
  };
}

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
  if (problems.length > 0) throw new ConfigError(problems);

  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    appName: env.APP_NAME,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    publicUrl: env.PUBLIC_URL?.replace(/\/+$/, ''),
    trustProxy: env.TRUST_PROXY === 'true',
    logLevel: env.LOG_LEVEL,
    sessionTtlMs: env.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000,
    seedDemoData: env.SEED_DEMO_DATA === 'auto',
    discord: devProvider
      ? {
          devProvider: true,
          ...DEV_DISCORD,
          adminRoleIds: [...DEV_DISCORD.adminRoleIds],
          hostRoleIds: [...DEV_DISCORD.hostRoleIds],
          djRoleIds: [...DEV_DISCORD.djRoleIds],
          apiUrl: undefined,
          authorizeUrl: undefined,
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
        },
  };
}
