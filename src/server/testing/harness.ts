import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { inject } from 'vitest';
import type { Kysely } from 'kysely';
import type { CallInput, Contract } from '@shared/api/contract.js';
import type { Role } from '@shared/domain.js';
import { type Answer, callContract, type SentRequest } from '@shared/testing/api-client.js';
import { type OpenStream, openStream } from './streams.js';
import { createPostgresDatabase, dropPostgresDatabase } from './postgres-databases.js';
import { type Config, loadConfig } from '../config.js';
import { openSession, SESSION_COOKIE } from '../auth/sessions.js';
import { sqliteFile } from '../db/open.js';
import type { Database } from '../db/schema.js';
import type { Clock } from '../dj-posts/clock.js';
import type { Limits } from '../limits.js';
import { startServer, type RunningApp } from '../start.js';

// Integration tests run the real server over HTTP against a real database: SQLite always,
// PostgreSQL too when TEST_DATABASE_URL is set (each test app gets its own fresh database, a copy
// of the one the run migrated once: testing/database-templates.ts).

export { createPostgresDatabase, dropPostgresDatabase };

export type TestDialect = 'sqlite' | 'postgres';

export const testDialects: TestDialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

export interface TestApp extends RunningApp {
  dialect: TestDialect;
  dataDir: string;
  databaseUrl?: string;
  /** Restarts the server on the same database (data must survive). */
  restart(): Promise<TestApp>;
  /** Creates a DJ and a session for them; returns the cookie header value. */
  signIn(roles: Role[], dj?: Partial<{ publicName: string; djName: string; discordId: string }>): Promise<SignedIn>;
  /**
   * Calls an endpoint through its contract (typed by it; an error code the contract does not list
   * fails the test): `app.call(api.saveEvent, { params, body }, { as: host })`.
   */
  call<C extends Contract>(contract: C, input: CallInput<C>, options?: CallOptions): Promise<Answer<C>>;
  /** Opens a live-update stream through its contract, read in the background (testing/streams.ts). */
  openStream<C extends Contract & { stream: true }>(contract: C, input: CallInput<C>, options?: { as?: { cookie: string } }): Promise<OpenStream>;
  /** A request spelled by hand: for what is not an API call (pages, feeds) or where the spelling is what a test tries. */
  request<T = unknown>(method: string, url: string, options?: { body?: unknown; cookie?: string; headers?: Record<string, string> }): Promise<TestResponse<T>>;
  /** Stops the server and removes its database. */
  destroy(): Promise<void>;
}

export interface CallOptions {
  /** Who calls: a signed-in person (their session cookie); nobody when left out. */
  as?: { cookie: string };
  headers?: Record<string, string>;
}

export interface SignedIn {
  cookie: string;
  djId: string;
  discordId: string;
}

/** A roster row as the sign-in writes one: a name, no links, no notes. */
export const djRow = ({ id = randomUUID(), discordId, publicName = 'Someone', djName = 'DJ Someone', now = Date.now() }: {
  id?: string;
  discordId: string | null;
  publicName?: string;
  djName?: string;
  now?: number;
}) => ({ id, discord_id: discordId, public_name: publicName, dj_name: djName, rtmp_url: '', twitch_username: '', avatar_url: null, notes: '', created_at: now, updated_at: now });

/** A DJ on the roster with no Discord ID (staff added them), written straight to the database. */
export async function insertDj(db: Kysely<Database>, djName: string): Promise<string> {
  const row = djRow({ discordId: null, publicName: `${djName} person`, djName });
  await db.insertInto('djs').values(row).execute();
  return row.id;
}

let discordCounter = 0;
export const uniqueDiscordId = () => `${Date.now()}${String(++discordCounter).padStart(5, '0')}`.slice(0, 19);

export interface TestAppOptions {
  /** Shorter timeouts and intervals (startServer's `limits`). */
  limits?: Partial<Limits>;
  /** Collects the log lines (JSON text) here, at LOG_LEVEL (default warn). */
  logLines?: string[];
  /** Restart on an existing database. */
  reuse?: { dataDir: string; databaseUrl?: string };
  /** Serve this built client (its index.html at least), as the real server does. */
  clientDir?: string;
  /** The clock posts to DJs are scheduled by (startServer's `clock`): the schedule then runs when a test asks. Kept across restarts. */
  clock?: Clock;
}

/** A member to sign in: their roles, and how the roster names them (TestApp.signIn). */
type Member = readonly [roles: Role[], dj?: Parameters<TestApp['signIn']>[1]];

/** Hal, a host who also plays, and Dana, a DJ: the members a test of the event's history follows. */
export const HAL: Member = [['host', 'dj'], { publicName: 'Hal the host', djName: 'DJ Hal' }];
export const DANA: Member = [['dj'], { publicName: 'Dana', djName: 'DJ Dana' }];

/**
 * A fresh app on this database with a member signed in for each of `members`, in order: the
 * set-up most tests repeat before each test, in one call (`({ app, members: [host] } = await
 * startWithMembers(dialect, [['host']]))`).
 */
export async function startWithMembers<const M extends readonly Member[]>(dialect: TestDialect, ...members: M): Promise<{ app: TestApp; members: { -readonly [K in keyof M]: SignedIn } }> {
  const app = await startTestApp(dialect);
  const signedIn: SignedIn[] = [];
  for (const [roles, dj] of members) signedIn.push(await app.signIn(roles, dj));
  return { app, members: signedIn as { -readonly [K in keyof M]: SignedIn } };
}

export async function startTestApp(
  dialect: TestDialect,
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const { reuse, limits, logLines, clientDir, clock } = options;
  const dataDir = reuse?.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'lineup-test-'));
  const templates = inject('databaseTemplates');
  if (!reuse && dialect === 'sqlite') fs.copyFileSync(templates.sqliteFile, sqliteFile(dataDir));
  const databaseUrl = reuse ? reuse.databaseUrl : dialect === 'postgres' ? await createPostgresDatabase(templates.postgresDatabase) : undefined;
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: 'never',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(logLines ? { LOG_LEVEL: 'warn' } : {}),
    ...env,
  });
  const logStream = logLines
    ? new Writable({
        write(chunk, _encoding, done) {
          logLines.push(...String(chunk).split('\n').filter(Boolean));
          done();
        },
      })
    : undefined;
  const running = await startServer(config, { logger: env.LOG_LEVEL || logLines ? undefined : false, logStream, limits, clientDir, clock });

  const testApp: TestApp = {
    ...running,
    dialect,
    dataDir,
    databaseUrl,
    async restart() {
      await running.stop();
      return startTestApp(dialect, env, { limits, logLines, clientDir, clock, reuse: { dataDir, databaseUrl } });
    },
    async signIn(roles, dj = {}) {
      const now = Date.now();
      const djId = randomUUID();
      const discordId = dj.discordId ?? uniqueDiscordId();
      await running.ctx.store.db
        .insertInto('djs')
        .values(djRow({ id: djId, discordId, publicName: dj.publicName ?? `Person ${discordId.slice(-4)}`, djName: dj.djName ?? `DJ ${discordId.slice(-4)}`, now }))
        .execute();
      const session = await openSession(
        running.ctx.store.db,
        { djId, discordUserId: discordId, publicName: dj.publicName ?? `Person ${discordId.slice(-4)}`, avatarUrl: null, roles },
        running.ctx.config.sessionTtlMs,
      );
      return { cookie: `${SESSION_COOKIE}=${session.token}`, djId, discordId };
    },
    call(contract, input, { as, headers } = {}) {
      const send = async ({ method, url, headers: sent, body }: SentRequest) => {
        const response = await fetch(`${running.url}${url}`, { method, headers: as ? { ...sent, cookie: as.cookie } : sent, body, redirect: 'manual' });
        // A live-updates stream that opened never ends: its status is the answer.
        if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
          await response.body?.cancel();
          return { status: response.status, headers: response.headers, text: '' };
        }
        return { status: response.status, headers: response.headers, text: await response.text() };
      };
      return callContract(send, contract, input, headers);
    },
    openStream(contract, input, { as } = {}) {
      return openStream(running.url, contract, input, as);
    },
    async request(method, url, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.cookie) headers.cookie = options.cookie;
      let body: string | undefined;
      if (options.body !== undefined) {
        headers['content-type'] ??= 'application/json';
        body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
      }
      const response = await fetch(`${running.url}${url}`, { method, headers, body, redirect: 'manual' });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        // not JSON: keep the text
      }
      return { status: response.status, headers: response.headers, body: parsed as never };
    },
    async destroy() {
      await running.stop();
      if (databaseUrl) await dropPostgresDatabase(databaseUrl);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return testApp;
}
