// Fails the build when the JavaScript a visit downloads (gzipped) exceeds its budget: the entry
// chunk and everything it imports statically (any first visit, /login included: the DJ's signup
// summary is part of it), plus the chunks a page loads on demand and what they import. The
// budgets sit a little above today's figures so that growth is a decision; the wizard's is issue
// 15's 120 KB.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = 'dist/client';
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);

const VISITS = [
  { name: 'first visit (/login, a DJ\'s signup summary)', loads: [], budgetKb: 95 },
  { name: 'a DJ\'s signup wizard', loads: ['features/signup/SignupWizardPage.tsx'], budgetKb: 120 },
  { name: 'staff home', loads: ['features/home/HomePage.tsx'], budgetKb: 112 },
];

/** The chunks `keys` load, with everything they import statically. */
function chunksOf(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (!manifest[key]) throw new Error(`${key} is not in the build's manifest (renamed? update scripts/bundle-budget.mjs)`);
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return seen;
}

const gzippedKb = (keys) =>
  [...keys]
    .map((key) => manifest[key].file)
    .filter((file) => file.endsWith('.js'))
    .reduce((total, file) => total + gzipSync(fs.readFileSync(path.join(dist, file))).length, 0) / 1024;

let over = false;
for (const { name, loads, budgetKb } of VISITS) {
  const kb = gzippedKb(chunksOf([entryKey, ...loads]));
  console.log(`JavaScript for ${name}: ${kb.toFixed(1)} KB gzipped (budget ${budgetKb} KB)`);
  if (kb > budgetKb) {
    console.error(`  over budget by ${(kb - budgetKb).toFixed(1)} KB: load more on demand or drop a dependency.`);
    over = true;
  }
}
const lazy = Object.values(manifest).filter((chunk) => chunk.isDynamicEntry).length;
console.log(`${lazy} chunks load on demand`);
if (over) process.exit(1);
