import fs from 'node:fs';
import path from 'node:path';
import { CompressibleBody } from './compressed.js';

// The built client's hashed files (dist/client/assets), kept in memory once first asked for, with
// the brotli and gzip copies the build made (scripts/precompress.mjs). A staff page asks for some
// forty of them at once: opening, reading and streaming each file (and its copy) took about 3 ms
// of the server's time, which a page's first load waited for, six at a time; from memory 42 of
// them go out in 55-66 ms where they took 126-232 ms (docs/performance.md). Their content never
// changes under a name, so nothing kept goes stale; the set is as large as the build.

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.woff2': 'font/woff2',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
};

const readIfThere = (file: string) => {
  try {
    return fs.readFileSync(file);
  } catch {
    return undefined;
  }
};

/** The kept file at `wanted` (a path under the client's directory), or null for a kind of file not kept here. */
export function hashedAssets(clientDir: string): (wanted: string) => CompressibleBody | null {
  const kept = new Map<string, CompressibleBody>();
  return (wanted) => {
    const type = TYPES[path.extname(wanted)];
    if (!type) return null;
    let body = kept.get(wanted);
    if (!body) {
      const file = path.join(clientDir, wanted);
      const content = readIfThere(file);
      // Gone since the server started (a build in place): the file server answers for it.
      if (!content) return null;
      const br = readIfThere(`${file}.br`);
      const gzip = readIfThere(`${file}.gz`);
      body = new CompressibleBody(content, type, 'kept', undefined, { ...(br && { br }), ...(gzip && { gzip }) });
      kept.set(wanted, body);
    }
    return body;
  };
}
