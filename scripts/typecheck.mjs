// `npm run typecheck`: the whole project (browser and Node types) and the server alone (no DOM),
// side by side, incremental (build info under node_modules/.cache), so a repeat run is quick.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

const check = (project) =>
  new Promise((resolve) => {
    spawn(process.execPath, [tsc, '-p', project], { stdio: 'inherit' }).on('exit', (code) => resolve(code ?? 1));
  });

const codes = await Promise.all([check('tsconfig.json'), check('tsconfig.server.json')]);
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
