import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

// Builds the client and/or server when their output is missing or older than the sources, so
// `npm start` works on a fresh clone and after a `git pull` without a separate build step.

const newest = (dir) => {
  let latest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
  }
  return latest;
};
const mtime = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);
const sharedChanged = newest('src/shared');
const configChanged = Math.max(mtime('package-lock.json'), mtime('vite.config.ts'), mtime('tsconfig.json'), mtime('tsconfig.server.json'));

export function buildIfNeeded({ client = true } = {}) {
  const serverOut = mtime('dist/server/main.js');
  if (serverOut < Math.max(newest('src/server'), sharedChanged, configChanged)) {
    console.log('Building the server…');
    execSync('npm run --silent build:server', { stdio: 'inherit' });
  }
  const clientOut = mtime('dist/client/index.html');
  if (client && clientOut < Math.max(newest('src/client'), sharedChanged, configChanged)) {
    console.log('Building the client…');
    execSync('npm run --silent build:client', { stdio: 'inherit' });
  }
}
