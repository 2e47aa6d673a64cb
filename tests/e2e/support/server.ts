import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The built app started as `npm start` starts it (dist/server/main.js), on a free port with a
// fresh temporary DATA_DIR and NO demo data: end-to-end tests make every event, DJ and signup
// they need (tests/e2e/support/api.ts). The development sign-in stays on (DISCORD_CLIENT_ID
// empty): its accounts live in code (src/server/auth/dev-accounts.ts), and signing in as one
// creates that person's DJ record.

export interface RunningServer {
  url: string;
  /** Stops the app and starts it again on the same database and port, as an operator's restart does. */
  restart: () => Promise<void>;
  stop: () => Promise<void>;
}

/**
 * Starts a server on its own empty database. SQLite in the temporary DATA_DIR unless
 * `databaseUrl` names a PostgreSQL database, which must then be empty too. `env`: more of the
 * environment (e.g. TEST_CLOCK=on).
 */
export async function startServer({ databaseUrl = '', env = {} }: { databaseUrl?: string; env?: Record<string, string> } = {}): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lineup-e2e-'));
  const cleanUp = () => fs.rmSync(dataDir, { recursive: true, force: true });
  let app: SpawnedApp;
  try {
    app = await spawnApp({ dataDir, databaseUrl, env, port: '0' });
  } catch (error) {
    cleanUp();
    throw error;
  }
  const port = new URL(app.url).port;
  return {
    url: app.url,
    restart: async () => {
      await app.stop();
      app = await spawnApp({ dataDir, databaseUrl, env, port });
    },
    stop: async () => {
      await app.stop();
      cleanUp();
    },
  };
}

interface SpawnedApp {
  url: string;
  stop: () => Promise<void>;
}

async function spawnApp({ dataDir, databaseUrl, env, port }: { dataDir: string; databaseUrl: string; env: Record<string, string>; port: string }): Promise<SpawnedApp> {
  const server = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: port,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DISCORD_CLIENT_ID: '',
      SEED_DEMO_DATA: 'never',
      DATABASE_URL: databaseUrl,
      // The fake Discord of global-setup.ts: webhook URLs are accepted only under its origin.
      DISCORD_API_URL: process.env.E2E_DISCORD_URL ?? '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  let url: string;
  try {
    url = await waitForUrl(server);
  } catch (error) {
    server.kill('SIGTERM');
    await exited;
    throw error;
  }
  return {
    url,
    stop: async () => {
      if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
      await exited;
    },
  };
}

/** The address the server says on stderr once it is ready (stdout is its JSON log). */
function waitForUrl(server: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    server.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    server.stderr?.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      output += text;
      const match = output.match(/running at (http:\/\/\S+)/);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
      // Anything else it says on stderr is a problem worth seeing.
      const others = text.split('\n').filter((line) => line && !line.startsWith('Lineup is running at '));
      if (others.length > 0) process.stderr.write(`${others.join('\n')}\n`);
    });
    server.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
}
