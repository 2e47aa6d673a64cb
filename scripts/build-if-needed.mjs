import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Builds the client and/or server when their output is missing or older than the sources, so
// `npm start` works on a fresh clone and after a `git pull` without a separate build step. The
// build's output goes to stderr: stdout is the app's JSON log.

const root = fileURLToPath(new URL('..', import.meta.url));
const at = (file) => path.join(root, file);

const newest = (dir) => {
  let latest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
  }
  return latest;
};
const mtime = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);

function build(what, script) {
  console.error(`Building the ${what}…`);
  try {
    execSync(`npm run --silent ${script}`, { cwd: root, stdio: ['ignore', 2, 2] });
  } catch {
    console.error(`Building the ${what} failed (see above).`);
    process.exit(1);
  }
}

export function buildIfNeeded({ client = true } = {}) {
  const shared = newest(at('src/shared'));
  const config = Math.max(...['package-lock.json', 'vite.config.ts', 'vite.server.config.ts', 'tsconfig.json', 'tsconfig.server.json'].map((file) => mtime(at(file))));
  // The server's bundle holds the client's renderer (src/client/entry-server.tsx) too.
  const clientSources = newest(at('src/client'));
  if (mtime(at('dist/server/main.js')) < Math.max(newest(at('src/server')), clientSources, shared, config)) build('server', 'build:server');
  if (client && mtime(at('dist/client/index.html')) < Math.max(clientSources, shared, config)) build('client', 'build:client');
}
