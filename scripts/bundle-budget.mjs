// Fails the build when the JavaScript a visit downloads (gzipped) exceeds its budget: the entry
// chunk and everything it imports statically (any first visit, /login included: the DJ's signup
// summary is part of it), plus the chunks a page loads on demand and what they import. The
// budgets are issue 24's: React DOM renders every page but the public ones, which the server
// renders and which carry only their own small script. It also fails when the browser would get
// anything but React DOM (the product's owner asked for React; decision 020).
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = 'dist/client';
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const appEntry = 'index.html';
// The script the app's page starts first, beside the entry (decision 060).
const intlWarmup = 'intlWarmup.ts';

const VISITS = [
  { name: 'first visit (/login, a DJ\'s signup summary)', loads: [appEntry, intlWarmup], budgetKb: 150 },
  // 176 since the app starts in turns (decision 062): its start in three files rather than one
  // compresses 1.8 KB worse, and halves Lighthouse's blocking time on a DJ's pages.
  { name: 'a DJ\'s signup wizard', loads: [appEntry, intlWarmup, 'features/signup/SignupWizardPage.tsx'], budgetKb: 176 },
  { name: 'staff home', loads: [appEntry, intlWarmup, 'app/staffRoutes.tsx', 'features/home/HomePage.tsx'], budgetKb: 176 },
  // The event page with all its tabs, which load as two modules (the server links them from the page).
  // A staff page on the host's machine, not one of issue 24's visits: the live board and the Add Dj
  // dialog (the roster's typeahead, 25 KB) load on their own. 295 since that dialog does (289.1 KB).
  { name: 'a staff member\'s event page', loads: [appEntry, intlWarmup, 'app/staffRoutes.tsx', 'features/events/screens.ts', 'features/lineup/screens.ts'], budgetKb: 295 },
  { name: 'the public lineup page (rendered on the server)', loads: ['public-page.ts'], budgetKb: 60 },
];

/**
 * The chunks `keys` load, with everything they import statically; the app's entry also loads what
 * it imports in turns as it starts (main.tsx), which the page links with it.
 */
function chunksOf(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (!manifest[key]) throw new Error(`${key} is not in the build's manifest (renamed? update scripts/bundle-budget.mjs)`);
    if (seen.has(key)) return;
    seen.add(key);
    const startup = key === appEntry ? (manifest[key].dynamicImports ?? []) : [];
    for (const imported of [...(manifest[key].imports ?? []), ...startup]) visit(imported);
  };
  keys.forEach(visit);
  return seen;
}

// A chunk's own file, and the scripts it starts as files of their own (a worker).
const scripts = (keys) => [...keys].flatMap((key) => [manifest[key].file, ...(manifest[key].assets ?? [])]).filter((file) => file.endsWith('.js'));
const gzippedKb = (keys) => scripts(keys).reduce((total, file) => total + gzipSync(fs.readFileSync(path.join(dist, file))).length, 0) / 1024;

let over = false;
for (const { name, loads, budgetKb } of VISITS) {
  const kb = gzippedKb(chunksOf(loads));
  console.log(`JavaScript for ${name}: ${kb.toFixed(1)} KB gzipped (budget ${budgetKb} KB)`);
  if (kb > budgetKb) {
    console.error(`  over budget by ${(kb - budgetKb).toFixed(1)} KB: load more on demand or drop a dependency.`);
    over = true;
  }
}

// React DOM, and nothing in its place: its version stamp is in the first visit's code, and no
// chunk carries another runtime (Preact's own options hook names).
const firstVisit = scripts(chunksOf([appEntry])).map((file) => fs.readFileSync(path.join(dist, file), 'utf8')).join('\n');
const reactVersion = JSON.parse(fs.readFileSync('node_modules/react-dom/package.json', 'utf8')).version;
if (!new RegExp(`["'\`]${reactVersion.replaceAll('.', '\\.')}["'\`]`).test(firstVisit)) {
  console.error(`React DOM ${reactVersion} is not in the first visit's code: is another runtime aliased in its place?`);
  over = true;
}
for (const file of fs.readdirSync(path.join(dist, 'assets')).filter((name) => name.endsWith('.js'))) {
  if (/preact|__PREACT_DEVTOOLS__/i.test(fs.readFileSync(path.join(dist, 'assets', file), 'utf8'))) {
    console.error(`${file} carries Preact: the browser runs React DOM (decision 020).`);
    over = true;
  }
}

// The app's start is imported in turns (main.tsx): each of its files must be linked from the page,
// or the browser would ask for it only when the turn before has run (vite.config.ts links them).
const page = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
for (const file of scripts(chunksOf([appEntry]))) {
  if (!page.includes(`"/${file}"`)) {
    console.error(`${file} loads at the app's start but the page does not link it: the browser would wait for it.`);
    over = true;
  }
}

const lazy = Object.values(manifest).filter((chunk) => chunk.isDynamicEntry).length;
console.log(`${lazy} chunks load on demand`);
if (over) process.exit(1);
