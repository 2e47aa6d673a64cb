import fs from 'node:fs';
import { API } from '@shared/api/index.js';
import os from 'node:os';
import path from 'node:path';
import { feeds, paths } from '@shared/paths.js';
import { SIGNUP_RATE_LIMIT } from './signup/routes.js';
import { fakeClientBuild } from './testing/client-build.js';
import { insertOpenEvent, intake } from './testing/fixtures.js';
import { startTestApp, type TestApp } from './testing/harness.js';
import { lifecycleAs, saveEventAs } from './testing/staff-saves.js';

// Three app instances behind one address, on one PostgreSQL database (README, "Running on
// PostgreSQL"): what one instance does, the others know. Live updates, read caches, the public
// pages kept in memory, sign-outs and rate limits all hold across them.

/** Waits for `check` to pass (another instance hears of a commit through a notice, soon after it). */
async function eventually(check: () => Promise<void>, ms = 8000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

describe.runIf(process.env.TEST_DATABASE_URL)('three instances on one PostgreSQL database', () => {
  let first: TestApp;
  let instances: TestApp[];
  let eventId: string;
  const dirs: string[] = [];

  beforeAll(async () => {
    // With the client's pages (a stand-in build), so the public pages each instance keeps are there too.
    const clientDir = fakeClientBuild();
    dirs.push(clientDir);
    first = await startTestApp('postgres', {}, { clientDir });
    const others = [];
    for (let i = 0; i < 2; i++) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lineup-instance-'));
      dirs.push(dataDir);
      others.push(await startTestApp('postgres', {}, { clientDir, reuse: { dataDir, databaseUrl: first.databaseUrl } }));
    }
    instances = [first, ...others];
    eventId = await insertOpenEvent(first.ctx.store.db, 'Shared night');
  });
  afterAll(async () => {
    for (const instance of instances.slice(1)) await instance.stop();
    await first.destroy();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('a DJ signing up through one instance reaches a staff page streaming from another', async () => {
    const [a, b] = instances as [TestApp, TestApp];
    const host = await a.signIn(['host']);
    const stream = await b.openStream(API.events.eventChanges, { params: { eventId } }, { as: host });
    expect(stream.status).toBe(200);
    try {
      const dj = await a.signIn(['dj']);
      expect((await a.call(API.signup.submitSignup, { body: intake(eventId, { name: 'Across' }) }, { as: dj })).status).toBe(200);
      await stream.readUntil('event: changed\ndata: {"version":');
    } finally {
      await stream.cancel();
    }
  });

  test("a save through one instance is seen by the others' read caches", async () => {
    const [a, b, c] = instances as [TestApp, TestApp, TestApp];
    const host = await a.signIn(['host']);
    const names = async (app: TestApp) =>
      (await app.call(API.events.getEvent, { params: { eventId } }, { as: host })).body.signups.map((signup) => signup.name);
    // Cached on B and C (the event page's read cache), then changed through A.
    const before = await names(b);
    expect(await names(c)).toEqual(before);
    const dj = await a.signIn(['dj']);
    expect((await a.call(API.signup.submitSignup, { body: intake(eventId, { name: 'Cache buster' }) }, { as: dj })).status).toBe(200);
    for (const app of [b, c]) {
      await eventually(async () => expect(await names(app)).toEqual([...before, 'Cache buster']));
    }
    // And the roster's cache: a DJ made on C appears on A and B.
    const created = await c.call(API.djs.createDj, { body: { discordId: '987654321098765432', publicName: 'Made on C', djName: 'Instance Three', rtmpUrl: '', twitchUsername: '' } }, { as: host });
    expect(created.status).toBe(201);
    for (const app of [a, b]) {
      await eventually(async () => {
        const roster = await app.call(API.djs.getRoster, { query: { search: 'Instance Three' } }, { as: host });
        expect(roster.body.djs.map((row) => row.djName)).toEqual(['Instance Three']);
      });
    }
  });

  test('the public pages and feeds each instance keeps show a change made through another, and nothing unpublished', async () => {
    const [a, b, c] = instances as [TestApp, TestApp, TestApp];
    const host = await a.signIn(['host', 'dj']);
    const dj = await a.signIn(['dj']);
    const start = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const created = await a.call(API.events.createEvent, { body: { name: 'Across Light', startDatetime: start, host: 'Hal', message: '', footer: '', signupsAreOpen: true } }, { as: host });
    const id = created.body.id;
    expect((await a.call(API.signup.submitSignup, { body: intake(id, { name: 'Wanderer' }) }, { as: dj })).status).toBe(200);
    await saveEventAs(a, host, id);
    await lifecycleAs(a, host, id, 'publish');
    const addresses = [paths.publicLineup(id), paths.publicLineups(), feeds.events(), '/feeds/next.txt'];
    const read = async (app: TestApp, url: string) => (await app.request<string>('GET', url)).body;
    /** Every address on B and C shows `name` (and, once it does, the other reads come from memory). */
    const showEverywhere = async (check: (text: string) => void) => {
      for (const app of [b, c]) for (const url of addresses) await eventually(async () => check(await read(app, url)));
    };
    await showEverywhere((text) => expect(text).toContain('Across Light'));

    await saveEventAs(a, host, id, { name: 'Across Dawn', debut: true });
    await showEverywhere((text) => {
      expect(text).toContain('Across Dawn');
      expect(text).not.toContain('Across Light');
    });
    await lifecycleAs(c, host, id, 'unpublish');
    await showEverywhere((text) => expect(text).not.toContain('Across Dawn'));
    for (const app of [a, b]) expect((await app.request<string>('GET', paths.publicLineup(id))).status).toBe(404);
    await lifecycleAs(b, host, id, 'publish');
    await showEverywhere((text) => expect(text).toContain('Across Dawn'));
    // Cancelled: each instance's pages and feeds say so (issue 34).
    await lifecycleAs(a, host, id, 'cancel');
    await showEverywhere((text) => expect(text).toMatch(/cancel/i));
  });

  test('logging out through one instance ends the session on all of them', async () => {
    const [a, b, c] = instances as [TestApp, TestApp, TestApp];
    const host = await a.signIn(['host']);
    for (const app of instances) expect((await app.call(API.auth.getMe, {}, { as: host })).status).toBe(200);
    expect((await b.call(API.auth.signOut, {}, { as: host })).status).toBeLessThan(300);
    for (const app of [a, b, c]) {
      await eventually(async () => expect((await app.call(API.auth.getMe, {}, { as: host })).status).toBe(401));
    }
  });

  test('a rate limit holds across the instances: together they allow its max, not each', async () => {
    const dj = await first.signIn(['dj']);
    const submit = (app: TestApp, n: number) => app.call(API.signup.submitSignup, { body: intake(eventId, { name: `Take ${n}` }) }, { as: dj });
    for (let n = 1; n <= SIGNUP_RATE_LIMIT.max; n++) {
      expect((await submit(instances[n % 3]!, n)).status, `submission ${n}`).toBe(200);
    }
    for (const app of instances) {
      const refused = await submit(app, 0);
      expect(refused.status).toBe(429);
      expect(refused.error).toEqual({ code: 'rate_limited', message: 'Too many signup submissions. Please wait a minute and try again.' });
    }
    // Another DJ, and the same DJ on another route, have their own windows.
    const other = await first.signIn(['dj']);
    expect((await instances[2]!.call(API.signup.submitSignup, { body: intake(eventId) }, { as: other })).status).toBe(200);
  });
});
