// The lineup page in `npm run bench` (issue 15, part 7): a staff member opens the Lineup tab of an
// event with 60 signups and 12 slots in the production build, in Debian's Chromium driven by
// Playwright (never a downloaded browser), then drags a slot with the mouse in small steps.
//
// - Time to interactive: from navigation start to the later of (a) the lineup rendered (its 12
//   slot cards and 48 waiting signups in the page) and (b) the end of the last long task (over
//   50 ms) before a quiet main thread: no long task for 500 ms after it. Then a slot's drag
//   handle must respond (the drag below starts from it).
// - The machine's floor: the same quiet point on /login (the smallest page the server renders,
//   signed out, in a fresh browser), so a run on a slower machine reads against what that machine
//   does at all, as the server's scenarios read against their ceiling.
// - While dragging: every frame's length as requestAnimationFrame deltas, and the browser's own
//   long animation frames (PerformanceObserver 'long-animation-frame', over 50 ms), up to the
//   release of the mouse. The drop (the lineup re-laid out in its new order) is the frames after
//   it, given apart as *drop ms*: the longest of them.
// Each run uses a fresh browser; BENCH_LINEUP_RUNS (3) runs, the table gives each and the median.
import fs from 'node:fs';
import os from 'node:os';
import { chromium } from '@playwright/test';
import { comparedBuilds, inTurn, labelled } from './builds.mjs';
import { PRODUCTION_ENV } from './lighthouse.mjs';
import { staffCookie } from './scenarios.mjs';
import { busyEvent, community } from './seed.mjs';
import { startApp, temporaryDatabase } from './server.mjs';

const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const SLOTS = 12;
const WAITING = 48;
const QUIET_MS = 500;

/** In the page before its scripts: long tasks, long animation frames, and when the lineup is drawn. */
function instrument({ slots, waiting }) {
  const record = { longTasks: [], loafs: [], rendered: null, frames: null };
  window.__lineupBench = record;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) record.longTasks.push({ start: entry.startTime, end: entry.startTime + entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) record.loafs.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'long-animation-frame', buffered: true });
  const drawn = () =>
    document.querySelectorAll('[data-testid="slot-card"]').length >= slots && document.querySelectorAll('[data-testid="signup-card"]').length >= waiting;
  const observer = new MutationObserver(() => {
    if (record.rendered === null && drawn()) {
      record.rendered = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
}

/**
 * One row per run and a median row: TTI, when the lineup was drawn, and the drag's frames. With
 * BENCH_BASELINE (builds.mjs) each run is made on both builds in turn, and each has its median.
 */
export async function lineupPageRuns() {
  const chromePath = process.env.CHROME_PATH || process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!fs.existsSync(chromePath)) throw new Error(`Chromium not found at ${chromePath} (apt-get install chromium, or set CHROME_PATH)`);
  const runs = Number(process.env.BENCH_LINEUP_RUNS ?? 3);
  const running = [];
  try {
    for (const build of comparedBuilds()) {
      const db = await temporaryDatabase({ name: 'sqlite' });
      const target = { build, db, rows: [] };
      running.push(target);
      target.app = await startApp(db, PRODUCTION_ENV, { dir: build.dir });
      Object.assign(target, await seeded(db));
    }
    for (let run = 1; run <= runs; run++) {
      for (const target of inTurn(running, run)) target.rows.push({ run: labelled(target.build, String(run)), ...(await measure(chromePath, target.app.url, target.eventId, target.cookie)) });
    }
    return running.flatMap(({ build, rows }) => [
      ...rows,
      { run: labelled(build, 'median'), ...Object.fromEntries(Object.keys(rows[0]).filter((k) => k !== 'run').map((k) => [k, median(rows.map((r) => r[k]))])) },
    ]);
  } finally {
    for (const { app, db } of running) {
      await app?.stop();
      await db.drop();
    }
  }
}

/** The busy event and a staff session, written through this checkout's store. */
async function seeded(db) {
  const { openStore } = await import('../../dist/server/db/open.js');
  const store = await openStore({ dataDir: db.dataDir });
  try {
    const { djIds } = await community(store);
    const eventId = await busyEvent(store, djIds, { signups: SLOTS + WAITING, slots: SLOTS });
    return { eventId, cookie: await staffCookie(store) };
  } finally {
    await store.close();
  }
}

async function measure(chromePath, url, eventId, cookie) {
  const browser = await chromium.launch({ executablePath: chromePath, args: FLAGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const [name, value] = cookie.split('=');
    await context.addCookies([{ name, value, url }]);
    const page = await context.newPage();
    await page.addInitScript(instrument, { slots: SLOTS, waiting: WAITING });
    const load = os.loadavg()[0];
    await page.goto(`${url}/events/${eventId}/lineup`);
    // Drawn, then wait for QUIET_MS without a long task.
    await page.waitForFunction(() => window.__lineupBench.rendered !== null, null, { timeout: 60_000 });
    const tti = await page.waitForFunction(
      (quiet) => {
        const { rendered, longTasks } = window.__lineupBench;
        const ready = Math.max(rendered, ...longTasks.map((t) => t.end));
        return performance.now() - ready >= quiet ? ready : null;
      },
      QUIET_MS,
      { timeout: 60_000, polling: 50 },
    );
    const ttiMs = await tti.jsonValue();
    const renderedMs = await page.evaluate(() => window.__lineupBench.rendered);
    const drag = await dragFirstSlot(page);
    const floorMs = await quietLogin(browser, url);
    return {
      'TTI ms': Math.round(ttiMs),
      'login ms': floorMs,
      'TTI / login': Number((ttiMs / floorMs).toFixed(1)),
      'drawn ms': Math.round(renderedMs),
      'handle ms': drag.handleMs,
      frames: drag.frames,
      'longest frame ms': drag.longest,
      'frames > 50 ms': drag.over50,
      'long animation frames': drag.loafs,
      'drop ms': drag.dropMs,
      'load avg': load.toFixed(1),
    };
  } finally {
    await browser.close();
  }
}

/** /login in a context of its own (signed out): its largest paint, then 500 ms without a long task. */
async function quietLogin(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(() => {
      const record = { longTasks: [], painted: 0 };
      window.__loginBench = record;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) record.longTasks.push(entry.startTime + entry.duration);
      }).observe({ type: 'longtask', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) record.painted = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(`${url}/login`);
    const quiet = await page.waitForFunction(
      (wait) => {
        const { longTasks, painted } = window.__loginBench;
        const ready = Math.max(painted, ...longTasks);
        return painted && performance.now() - ready >= wait ? ready : null;
      },
      QUIET_MS,
      { timeout: 60_000, polling: 50 },
    );
    return Math.round(await quiet.jsonValue());
  } finally {
    await context.close();
  }
}

/**
 * Picks up the lineup's first slot by its handle and moves it down the lineup 4 px at a time (dnd-kit
 * starts a drag after 4 px), recording every frame until it is dropped.
 */
async function dragFirstSlot(page) {
  // The slot's own handle: the waiting signups' handles (same look) come first in the page.
  const handle = page.getByTestId('slot-card').first().locator('.slot-handle');
  const box = await handle.boundingBox();
  const x = box.x + box.width / 2;
  let y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.evaluate(() => {
    const record = window.__lineupBench;
    record.frames = [];
    record.dragStart = performance.now();
    let last = performance.now();
    const tick = (now) => {
      if (record.frames === null) return;
      record.frames.push(now - last);
      last = now;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await page.mouse.down();
  const started = Date.now();
  for (let i = 0; i < 3; i++) await page.mouse.move(x, (y += 4));
  await page.locator('.slot-handle[aria-pressed="true"]').waitFor({ timeout: 10_000 });
  const handleMs = Date.now() - started;
  const bottom = 880;
  while (y < bottom) await page.mouse.move(x, (y = Math.min(bottom, y + 4)));
  const dragging = await page.evaluate(() => ({ frames: window.__lineupBench.frames.length, at: performance.now() }));
  await page.mouse.up();
  // Two more frames after the drop has been handled, so its frame is in the record.
  const result = await page.evaluate(
    () =>
      new Promise((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            const record = window.__lineupBench;
            const frames = record.frames;
            record.frames = null;
            resolve({ frames, loafs: record.loafs.filter((l) => l.start >= record.dragStart) });
          }),
        ),
      ),
  );
  const whileDragging = result.frames.slice(1, dragging.frames);
  const drop = result.frames.slice(dragging.frames);
  return {
    handleMs,
    frames: whileDragging.length,
    longest: Math.round(Math.max(0, ...whileDragging)),
    over50: whileDragging.filter((f) => f > 50).length,
    loafs: result.loafs.filter((l) => l.start < dragging.at).length,
    dropMs: Math.round(Math.max(0, ...drop)),
  };
}

function median(values) {
  const numbers = values.map(Number).sort((a, b) => a - b);
  const middle = numbers[Math.floor((numbers.length - 1) / 2)];
  return Number.isInteger(middle) ? middle : middle.toFixed(1);
}
