// Lighthouse in `npm run bench`: the sign-in page, a DJ's signup page and the public lineup pages, with
// Lighthouse's default (mobile) settings: a mid-range phone's screen, and CPU and network
// throttling simulated from an unthrottled load, so a 2-core machine shared with other work
// still gives usable figures. Debian's Chromium, never a downloaded browser: CHROME_PATH (as
// chrome-launcher reads it), else CHROMIUM_PATH (as the e2e tests read it), else /usr/bin/chromium.
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
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

/** One row per page: scores (0–100), LCP and TBT (ms), bytes transferred (KB), the CPU index. */
export async function lighthousePages() {
  const chromePath = process.env.CHROME_PATH || process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!fs.existsSync(chromePath)) throw new Error(`Chromium not found at ${chromePath} (apt-get install chromium, or set CHROME_PATH)`);
  const db = await temporaryDatabase({ name: 'sqlite' });
  const app = await startApp(db, PRODUCTION_ENV);
  try {
    const { openStore } = await import('../../dist/server/db/open.js');
    const store = await openStore({ dataDir: db.dataDir });
    let eventId, djCookie;
    try {
      eventId = await upcomingOpenEvent(store);
      djCookie = await staffCookie(store, ['dj']);
    } finally {
      await store.close();
    }
    const pages = [
      { page: '/login', path: '/login' },
      { page: '/eventSignup/{eventId} (signed-in DJ)', path: `/eventSignup/${eventId}`, cookie: djCookie },
      { page: '/lineups/{eventId} (public)', path: `/lineups/${eventId}` },
      { page: '/lineups (public)', path: '/lineups' },
    ];
    // The machine is shared: each page BENCH_LIGHTHOUSE_RUNS times (3), and the run with the
    // median performance score. BENCH_LIGHTHOUSE_REPORTS=DIR keeps each run's JSON report.
    const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
    // Each page in each theme (decision 026): a device set to dark is Chromium's --force-dark-mode,
    // which both the client hint and prefers-color-scheme follow. BENCH_LIGHTHOUSE_THEMES=light
    // measures one.
    const themes = (process.env.BENCH_LIGHTHOUSE_THEMES ?? 'light,dark').split(',').map((theme) => theme.trim());
    const rows = [];
    for (const { page: name, path, cookie, theme } of themes.flatMap((theme) => pages.map((page) => ({ ...page, theme })))) {
      const page = `${name}, ${theme}`;
      const measured = [];
      for (let run = 1; run <= runs; run++) {
        const lhr = await audit(chromePath, `${app.url}${path}`, cookie, theme === 'dark' ? ['--force-dark-mode'] : []);
        if (process.env.BENCH_LIGHTHOUSE_REPORTS && lhr) {
          fs.mkdirSync(process.env.BENCH_LIGHTHOUSE_REPORTS, { recursive: true });
          fs.writeFileSync(`${process.env.BENCH_LIGHTHOUSE_REPORTS}/${path.split('/').slice(1, 3).join('-')}-${theme}-${run}.json`, JSON.stringify(lhr));
        }
        measured.push({ page: `${page}, run ${run}`, ...figures(lhr) });
      }
      rows.push(...measured);
      const byScore = measured.filter((row) => row.performance !== undefined).sort((a, b) => a.performance - b.performance);
      if (runs > 1 && byScore.length) rows.push({ ...byScore[Math.floor((byScore.length - 1) / 2)], page: `${page}, median` });
    }
    return rows;
  } finally {
    await app.stop();
    await db.drop();
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
