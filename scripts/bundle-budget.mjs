// Fails the build when the JavaScript a first visit downloads (the entry chunk and everything it
// imports statically: /login and the DJ signup pages) exceeds its budget. Staff screens are
// loaded on demand and are not counted.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 250;
const dist = 'dist/client';
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const seen = new Set();
const visit = (key) => {
  if (seen.has(key)) return;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) visit(imported);
};
visit(entryKey);

let total = 0;
for (const key of seen) {
  const file = manifest[key].file;
  if (!file.endsWith('.js')) continue;
  total += gzipSync(fs.readFileSync(path.join(dist, file))).length;
}
const kb = total / 1024;
const lazy = Object.values(manifest).filter((chunk) => chunk.isDynamicEntry).length;
console.log(`First-visit JavaScript: ${kb.toFixed(1)} KB gzipped (budget ${BUDGET_KB} KB); ${lazy} chunks load on demand`);
if (kb > BUDGET_KB) {
  console.error(`Over budget by ${(kb - BUDGET_KB).toFixed(1)} KB: load more screens on demand or drop a dependency.`);
  process.exit(1);
}
