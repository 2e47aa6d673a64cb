import { fileURLToPath } from 'node:url';
import { buildIfNeeded } from './build-if-needed.mjs';
import { requireInstalledPackages } from './installed-packages.mjs';

// `npm start`: check the installed packages, build what is missing, then run the server in this
// process (package.json's `exec` makes it npm's own child, so npm's SIGTERM reaches it).
requireInstalledPackages(fileURLToPath(new URL('..', import.meta.url)));
buildIfNeeded();
await import('../dist/server/main.js');
