// The builds a browser measurement (Lighthouse, the lineup page) compares. This checkout's build
// always; with BENCH_BASELINE=DIR also the build in DIR (another checkout after its own `npm run
// build`, e.g. main's in a worktree of its own), measured in the same run, the two taking turns run
// by run, so that a shared machine's busy moments fall on both alike. Each build runs as its own
// app on its own database; the data is written through this checkout's store, so both builds must
// share the schema.
import fs from 'node:fs';
import path from 'node:path';

export function comparedBuilds() {
  const own = { label: '', dir: process.cwd() };
  const baseline = process.env.BENCH_BASELINE;
  if (!baseline) return [own];
  const dir = path.resolve(baseline);
  if (!fs.existsSync(path.join(dir, 'dist', 'server', 'main.js'))) throw new Error(`BENCH_BASELINE: no build in ${dir} (run npm run build there)`);
  return [{ label: 'this build', dir: own.dir }, { label: `baseline (${path.basename(dir)})`, dir }];
}

/** The builds in the order of run `run` (from 1): this build first in odd runs, the baseline first in even ones. */
export const inTurn = (builds, run) => (run % 2 === 1 ? builds : [...builds].reverse());

/** A row label with the build's name when two builds are compared. */
export const labelled = (build, text) => (build.label ? `${build.label}: ${text}` : text);
