// Run after `vite build`: writes a brotli (.br) and a gzip (.gz) copy beside each text file of
// the built client, at the highest levels (the work is done once, here, not per request). The
// server sends one of them when the browser accepts it (src/server/app.ts). index.html is left
// out: the server fills in the app's name and keeps it in memory. Copies that would not be
// smaller than the file are not written.
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = process.argv[2] ?? 'dist/client';
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|webmanifest)$/;

const files = fs
  .readdirSync(dir, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name) && !entry.parentPath.includes('.vite'))
  .map((entry) => path.join(entry.parentPath, entry.name));

let before = 0;
let after = 0;
for (const file of files) {
  const content = fs.readFileSync(file);
  const brotli = brotliCompressSync(content, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
  });
  const gzip = gzipSync(content, { level: constants.Z_BEST_COMPRESSION });
  if (brotli.length < content.length) fs.writeFileSync(`${file}.br`, brotli);
  if (gzip.length < content.length) fs.writeFileSync(`${file}.gz`, gzip);
  before += content.length;
  after += Math.min(brotli.length, content.length);
}
console.log(`Precompressed ${files.length} files: ${(before / 1024).toFixed(0)} KB, ${(after / 1024).toFixed(0)} KB with brotli`);
