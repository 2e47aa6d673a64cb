import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Starts the built server (as `npm start` does) on a free port with a fresh DATA_DIR and
// publishes its address to the tests as E2E_BASE_URL. Returns the teardown.
export default async function globalSetup() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lineup-e2e-'));
  const server = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DISCORD_CLIENT_ID: '',
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const baseUrl = await waitForUrl(server);
  process.env.E2E_BASE_URL = baseUrl;
  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

function waitForUrl(server: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/running at (http:\/\/\S+)/);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    server.stdout?.on('data', onData);
    server.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      process.stderr.write(chunk);
    });
    server.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
}
