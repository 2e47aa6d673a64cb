// Lighthouse in `npm run bench`: the sign-in page, a DJ's signup page and the public lineup pages, with
// Lighthouse's default (mobile) settings: a mid-range phone's screen, and CPU and network
// throttling simulated from an unthrottled load, so a 2-core machine shared with other work
// still gives usable figures. Debian's Chromium, never a downloaded browser: CHROME_PATH (as
// chrome-launcher reads it), else CHROMIUM_PATH (as the e2e tests read it), else /usr/bin/chromium.
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { comparedBuilds, inTurn, labelled } from './builds.mjs';
import { staffCookie } from './scenarios.mjs';
import { startApp, temporaryDatabase } from './server.mjs';

const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/**
 * The app as it runs in production: NODE_ENV=production, which requires a Discord application,
 * so the settings name a fake one whose endpoints are a closed local port. Nothing contacts it:
 * the pages are measured as they load, and Lighthouse clicks nothing. This was chosen over
 * NODE_ENV=development so that the server takes its production path (configuration, the
 * Content-Security-Policy naming the Discord origin, no development sign-in routes); the client
 * is the same production build either way.
 */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  DISCORD_CLIENT_ID: '100000000000000000',
  DISCORD_CLIENT_SECRET: 'bench-fake-secret',
  DISCORD_GUILD_ID: '100000000000000001',
  DISCORD_DJ_ROLE_IDS: '100000000000000002',
  DISCORD_API_URL: 'http://127.0.0.1:9/api',
  DISCORD_AUTHORIZE_URL: 'http://127.0.0.1:9/oauth2/authorize',
};

/**
 * One row per page and run and a median row per page: scores (0–100), LCP and TBT (ms), bytes
 * transferred (KB), the CPU index. With BENCH_BASELINE (builds.mjs) every run is made on both
 * builds in turn.
 */
export async function lighthousePages() {
  const chromePath = process.env.CHROME_PATH || process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!fs.existsSync(chromePath)) throw new Error(`Chromium not found at ${chromePath} (apt-get install chromium, or set CHROME_PATH)`);
  const builds = comparedBuilds();
  const running = [];
  try {
    for (const build of builds) running.push({ build, ...(await startSeeded(build)) });
    // The machine is shared: each page BENCH_LIGHTHOUSE_RUNS times (3), and the run with the
    // median performance score. BENCH_LIGHTHOUSE_REPORTS=DIR keeps each run's JSON report.
    const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
    // Each page in each theme (decision 026): a device set to dark is Chromium's --force-dark-mode,
    // which both the client hint and prefers-color-scheme follow. BENCH_LIGHTHOUSE_THEMES=light
    // measures one.
    const themes = (process.env.BENCH_LIGHTHOUSE_THEMES ?? 'light,dark').split(',').map((theme) => theme.trim());
    const rows = [];
    for (const { page: name, theme, index } of themes.flatMap((theme) => PAGES.map((page, index) => ({ ...page, theme, index })))) {
      const measured = new Map(running.map((target) => [target, []]));
      for (let run = 1; run <= runs; run++) {
        for (const target of inTurn(running, run)) {
          const { path, cookie } = target.pages[index];
          const lhr = await audit(chromePath, `${target.app.url}${path}`, cookie, theme === 'dark' ? ['--force-dark-mode'] : []);
          if (process.env.BENCH_LIGHTHOUSE_REPORTS && lhr) {
            fs.mkdirSync(process.env.BENCH_LIGHTHOUSE_REPORTS, { recursive: true });
            const build = target.build.label ? `${target.build.label.split(' ')[0]}-` : '';
            fs.writeFileSync(`${process.env.BENCH_LIGHTHOUSE_REPORTS}/${build}${path.split('/').slice(1, 3).join('-')}-${theme}-${run}.json`, JSON.stringify(lhr));
          }
          measured.get(target).push({ page: labelled(target.build, `${name}, ${theme}, run ${run}`), ...figures(lhr) });
        }
      }
      for (const [target, results] of measured) {
        rows.push(...results);
        const byScore = results.filter((row) => row.performance !== undefined).sort((a, b) => a.performance - b.performance);
        if (runs > 1 && byScore.length) rows.push({ ...byScore[Math.floor((byScore.length - 1) / 2)], page: labelled(target.build, `${name}, ${theme}, median`) });
      }
    }
    return rows;
  } finally {
    for (const { app, db } of running) {
      await app.stop();
      await db.drop();
    }
  }
}

/** The four pages measured, by name; each build's addresses and the DJ's cookie come from its own data. */
const PAGES = [{ page: '/login' }, { page: '/eventSignup/{eventId} (signed-in DJ)' }, { page: '/lineups/{eventId} (public)' }, { page: '/lineups (public)' }];

/** A build's app on a database of its own, with an upcoming open event and a signed-in DJ. */
async function startSeeded(build) {
  const db = await temporaryDatabase({ name: 'sqlite' });
  const app = await startApp(db, PRODUCTION_ENV, { dir: build.dir });
  try {
    const { openStore } = await import('../../dist/server/db/open.js');
    const store = await openStore({ dataDir: db.dataDir });
    try {
      const eventId = await upcomingOpenEvent(store);
      const djCookie = await staffCookie(store, ['dj']);
      const paths = ['/login', `/eventSignup/${eventId}`, `/lineups/${eventId}`, '/lineups'];
      return { app, db, pages: paths.map((path, index) => ({ path, cookie: index === 1 ? djCookie : undefined })) };
    } finally {
      await store.close();
    }
  } catch (error) {
    await app.stop();
    await db.drop();
    throw error;
  }
}

/**
 * One Lighthouse run in a fresh browser, and one more try after a failed trace: a second run in
 * the same headless Chromium sometimes ends in NO_NAVSTART.
 */
async function audit(chromePath, url, cookie, flags = []) {
  let lhr;
  for (let attempt = 1; attempt <= 2 && (!lhr || lhr.runtimeError); attempt++) {
    const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: [...CHROME_FLAGS, ...flags], logLevel: 'silent' });
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'seo'],
        formFactor: 'mobile',
        throttlingMethod: 'simulate',
        ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
      });
      lhr = result?.lhr;
    } finally {
      chrome.kill();
    }
  }
  return lhr;
}

function figures(lhr) {
  if (!lhr || lhr.runtimeError) {
    console.error(`Lighthouse: ${lhr?.runtimeError?.message ?? 'no result'}`);
    return {};
  }
  const score = (category) => (lhr.categories[category]?.score == null ? '' : Math.round(lhr.categories[category].score * 100));
  const value = (audit) => lhr.audits[audit]?.numericValue;
  const kb = value('total-byte-weight');
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    SEO: score('seo'),
    'LCP ms': Math.round(value('largest-contentful-paint') ?? NaN),
    'TBT ms': Math.round(value('total-blocking-time') ?? NaN),
    'transfer KB': kb === undefined ? '' : (kb / 1024).toFixed(1),
    // Lighthouse's own measure of the CPU it had during the run (a quiet desktop is well over
    // 1,000): simulated throttling multiplies the time the page's work took, so a busy machine
    // lowers the performance score through TBT and LCP.
    'CPU index': Math.round(lhr.environment?.benchmarkIndex ?? NaN),
  };
}

/**
 * A published event a week ahead with signups open, as a DJ would find it from the signup link,
 * and a lineup of eight DJs, as the public finds it.
 */
async function upcomingOpenEvent(store) {
  const id = randomUUID();
  const now = Date.now();
  const start = now + 7 * 24 * 3_600_000;
  const names = ['Aurora', 'Boreal', 'Cirrus', 'Dune', 'Ember', 'Fjord', 'Gale', 'Halo'];
  await store.db
    .insertInto('events')
    .values({ id, name: 'Sunday Service', start_at: start, end_at: start + names.length * 3_600_000, published: 1, host: 'Hal', message: 'Come chill and wiggle with us!', footer: 'Join the community', signups_open: 1, version: 1, created_at: now, updated_at: now })
    .execute();
  await store.db
    .insertInto('slots')
    .values(
      names.map((name, position) => ({
        event_id: id,
        position,
        signup_uuid: null,
        start_at: start + position * 3_600_000,
        end_at: start + (position + 1) * 3_600_000,
        legacy_dj_name: name,
        legacy_dj_id: null,
        legacy_duration: 1,
        legacy_is_debut: position === 3 ? 1 : 0,
        legacy_slot_type: 'LIVE',
        stream_source_url: '',
        stream_source_type: 'VRCDN',
      })),
    )
    .execute();
  return id;
}
