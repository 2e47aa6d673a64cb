import fs from 'node:fs';
import { API } from '@shared/api/index.js';
import { feeds, paths } from '@shared/paths.js';
import type { NextEventFeed } from '@shared/schemas/public.js';
import { SettableClock } from '../dj-posts/clock.js';
import { fakeClientBuild } from '../testing/client-build.js';
import { startTestApp, testDialects, type SignedIn, type TestApp } from '../testing/harness.js';
import { createEventAs, lifecycleAs, lineupOfActs } from '../testing/staff-saves.js';

// "Now playing" and "up next" on the public lineup page and /feeds/next.json (issue 35), served
// from memory (decision 036) on a clock the test sets: the clock crossing a slot boundary or a
// slot marked on the live board is seen on the next request, no answer may be kept past the
// next boundary or longer than the live max-age, and an unpublished event's night leaks nothing.

const START = Date.parse('2030-06-09T19:00:00.000Z');
const MINUTE = 60_000;
/** How long a next-event feed may be kept while its event runs (public/routes.ts). */
const LIVE_MAX_AGE_S = 15;

describe.each(testDialects)('now playing on the public page and feed, on %s', (dialect) => {
  let app: TestApp;
  let clock: SettableClock;
  let clientDir: string;
  let host: SignedIn;
  let dana: SignedIn;
  let rex: SignedIn;

  beforeEach(async () => {
    clock = new SettableClock(START - 10 * MINUTE);
    clientDir = fakeClientBuild();
    app = await startTestApp(dialect, {}, { clock, clientDir });
    host = await app.signIn(['host', 'dj'], { djName: 'Hal' });
    dana = await app.signIn(['dj'], { djName: 'Dana' });
    rex = await app.signIn(['dj'], { djName: 'Rex' });
  });
  afterEach(async () => {
    await app.destroy();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  /** An event at START, Dana live (19:00–20:00 UTC) then Rex live (20:00–21:00), saved; published unless asked not to. */
  async function night({ name = 'Sunday Service', published = true } = {}) {
    const eventId = await createEventAs(app, host, { name, startDatetime: new Date(START).toISOString(), confirmSameDay: true });
    const { uuids } = await lineupOfActs(app, host, eventId, [[dana, 'Dana live'], [rex, 'Rex live']]);
    if (published) await lifecycleAs(app, host, eventId, 'publish');
    return { eventId, danaSlot: uuids['Dana live']! };
  }


  /** The public page's "On air" section as a visitor reads it: who plays now, who is up next (null: not shown). */
  async function page(eventId: string) {
    const { status, body } = await app.request<string>('GET', paths.publicLineup(eventId));
    const html = String(body);
    const field = (testId: string) => new RegExp(`data-testid="${testId}">([^<]*)`).exec(html)?.[1]?.trim() ?? null;
    return { status, html, nowPlaying: field('now-playing'), upNext: field('up-next') };
  }

  /** /feeds/next.json as an in-world screen reads it, with how long it may keep it. */
  async function feed() {
    const { status, body, headers } = await app.request<NextEventFeed>('GET', feeds.next('json'));
    expect(status).toBe(200);
    const maxAge = Number(/max-age=(\d+)/.exec(headers.get('cache-control') ?? '')?.[1]);
    return { event: body.event, nowPlaying: body.event?.nowPlaying?.name ?? null, upNext: body.event?.upNext?.name ?? null, maxAge };
  }

  const mark = (eventId: string, signupUuid: string, value: 'on_air' | 'no_show' | null) =>
    app.call(API.live.markSlot, { params: { eventId, signupUuid }, body: { mark: value } }, { as: host });

  test('across the night: nothing before the start, then each slot from its boundary on, never kept past the next boundary; nothing after the end', async () => {
    const { eventId } = await night();

    // Before the start: the lineup, no "On air"; the feed may be kept until the start at most.
    let seen = await page(eventId);
    expect(seen.html).toContain('Dana live');
    expect([seen.nowPlaying, seen.upNext]).toEqual([null, null]);
    let read = await feed();
    expect([read.nowPlaying, read.upNext]).toEqual([null, null]);
    expect(read.maxAge).toBeLessThanOrEqual(10 * 60);

    // The start: Dana plays now (read twice: the second answer is the kept one).
    clock.set(START);
    for (let i = 0; i < 2; i++) {
      seen = await page(eventId);
      expect([seen.nowPlaying, seen.upNext]).toEqual(['Dana live', 'Rex live']);
      read = await feed();
      expect([read.nowPlaying, read.upNext]).toEqual(['Dana live', 'Rex live']);
      expect(read.maxAge).toBe(LIVE_MAX_AGE_S);
    }
    expect((await app.call(API.public.getPublicLineup, { params: { eventId } })).body.live).toMatchObject({ nowPlaying: { name: 'Dana live' }, upNext: { name: 'Rex live' } });

    // Five seconds before the boundary a screen may keep the feed five seconds, no longer.
    clock.set(START + 60 * MINUTE - 5_000);
    read = await feed();
    expect(read.nowPlaying).toBe('Dana live');
    expect(read.maxAge).toBe(5);

    // The boundary, with no write in between: the kept answers are not served any more.
    clock.set(START + 60 * MINUTE);
    seen = await page(eventId);
    expect([seen.nowPlaying, seen.upNext]).toEqual(['Rex live', null]);
    read = await feed();
    expect([read.nowPlaying, read.upNext]).toEqual(['Rex live', null]);
    expect(read.event?.nowPlaying?.times[0]).toMatchObject({ zone: expect.any(String), time: expect.any(String) });

    // The end: the page keeps its lineup and says nothing is on; the feed moves on (no event ahead).
    clock.set(START + 120 * MINUTE);
    seen = await page(eventId);
    expect(seen.status).toBe(200);
    expect(seen.html).toContain('Rex live');
    expect([seen.nowPlaying, seen.upNext]).toEqual([null, null]);
    expect((await feed()).event).toBeNull();
  });

  test('a slot marked on the live board is on the next request: a no-show plays nothing and is not up next; cleared, it is back', async () => {
    const { eventId, danaSlot } = await night();
    clock.set(START + 10 * MINUTE);
    expect((await page(eventId)).nowPlaying).toBe('Dana live');
    expect((await feed()).nowPlaying).toBe('Dana live');
    const before = await app.request('GET', paths.publicLineup(eventId));
    const tag = before.headers.get('etag')!;

    expect((await mark(eventId, danaSlot, 'no_show')).status).toBe(200);
    let seen = await page(eventId);
    expect([seen.nowPlaying, seen.upNext]).toEqual(['Nobody right now', 'Rex live']);
    // Never shown as a no-show: the lineup still lists the act, the page says only who plays.
    expect(seen.html).toContain('Dana live');
    expect(seen.html).not.toMatch(/no.show/i);
    let read = await feed();
    expect([read.nowPlaying, read.upNext]).toEqual([null, 'Rex live']);
    expect(JSON.stringify(read.event)).not.toMatch(/no.?show|mark/i);
    // A reload with the old tag gets the new page, not a 304.
    expect((await app.request('GET', paths.publicLineup(eventId), { headers: { 'if-none-match': tag } })).status).toBe(200);

    // On air: Dana plays now again.
    expect((await mark(eventId, danaSlot, 'on_air')).status).toBe(200);
    seen = await page(eventId);
    expect([seen.nowPlaying, seen.upNext]).toEqual(['Dana live', 'Rex live']);

    expect((await mark(eventId, danaSlot, null)).status).toBe(200);
    read = await feed();
    expect([read.nowPlaying, read.upNext]).toEqual(['Dana live', 'Rex live']);
  });

  test('a no-show later in the night is never up next', async () => {
    const { eventId } = await night();
    const rexSlot = (await app.call(API.events.getEvent, { params: { eventId } }, { as: host })).body.signups.find((signup) => signup.name === 'Rex live')!.uuid;
    clock.set(START + 10 * MINUTE);
    expect((await page(eventId)).upNext).toBe('Rex live');
    // Staff know ahead that Rex will not make it (marks are taken from the event's start on).
    expect((await mark(eventId, rexSlot, 'no_show')).status).toBe(200);
    const seen = await page(eventId);
    expect([seen.nowPlaying, seen.upNext]).toEqual(['Dana live', null]);
    expect((await feed()).upNext).toBeNull();
  });

  test('an unpublished event leaks nothing of its night: not its page, not the feed, not the API, not after an unpublish either', async () => {
    const hidden = await night({ name: 'Secret Session', published: false });
    clock.set(START + 10 * MINUTE);
    expect((await mark(hidden.eventId, hidden.danaSlot, 'on_air')).status).toBe(200);

    const seen = await page(hidden.eventId);
    expect(seen.status).toBe(404);
    expect(seen.html).not.toMatch(/Secret Session|Dana live|Rex live/);
    expect((await app.call(API.public.getPublicLineup, { params: { eventId: hidden.eventId } })).status).toBe(404);
    const read = await feed();
    expect(read.event).toBeNull();

    // A published night, read while it runs (and so kept), then unpublished: gone at the next request.
    const shown = await night({ name: 'Open Session' });
    expect((await page(shown.eventId)).nowPlaying).toBe('Dana live');
    expect((await feed()).event?.name).toBe('Open Session');
    await lifecycleAs(app, host, shown.eventId, 'unpublish');
    const after = await page(shown.eventId);
    expect(after.status).toBe(404);
    expect(after.html).not.toMatch(/Open Session|Dana live/);
    const { body } = await app.request<unknown>('GET', feeds.next('json'));
    expect(JSON.stringify(body)).not.toMatch(/Open Session|Secret Session|Dana live|Rex live/);
  });
});
