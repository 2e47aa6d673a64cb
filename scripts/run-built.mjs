import { fileURLToPath } from 'node:url';
import { buildIfNeeded } from './build-if-needed.mjs';
import { requireInstalledPackages } from './installed-packages.mjs';

// Runs a server command-line tool (seed, backup, export, import) from the built server: `node scripts/run-built.mjs seed …`.
const [command] = process.argv.splice(2, 1);
const COMMANDS = ['seed', 'backup', 'export', 'import'];
if (!COMMANDS.includes(command)) {
  console.error(`usage: node scripts/run-built.mjs ${COMMANDS.join('|')} [args]`);
  process.exit(2);
}
requireInstalledPackages(fileURLToPath(new URL('..', import.meta.url)));
buildIfNeeded({ client: false });
await import(`../dist/server/cli/${command}.js`);
