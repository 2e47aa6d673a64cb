import fs from 'node:fs';
import type { CallInput, Contract } from '@shared/api/contract.js';
import { API } from '@shared/api/index.js';
import { malformed } from '@shared/testing/api-client.js';
import path from 'node:path';
import { slotForSignup } from '@shared/lineup.js';
import { eventFieldsSchema, type SaveEventBody } from '@shared/schemas/events.js';
import { nextEventFeedSchema, publicLineupListSchema, publicLineupSchema } from '@shared/schemas/public.js';
import { DEFAULT_SETTINGS } from '@shared/schemas/settings.js';
import { fakeClientBuild, metaContent } from '../testing/client-build.js';
import { intake } from '../testing/fixtures.js';
import { startTestApp, testDialects, type SignedIn, type TestApp } from '../testing/harness.js';
import { icalEvents, parseICal } from '../testing/ical.js';

// The public pages and feeds (issue 14) through HTTP: only published events, never private data,
// cacheable answers, a DJ's private calendar link, zone validation, link-preview tags.

const DAY = 86_400_000;
/** A week from now, at 19:00 UTC (the tests never depend on the day they run). */
const inDays = (days: number) => {
  const at = new Date(Date.now() + days * DAY);
  at.setUTCHours(19, 0, 0, 0);
  return at.toISOString();
};

// What DJs and staff typed that must never reach a public answer.
const SECRETS = {
  streamLink: 'rtmp://private.example.org/live/aurora-secret-key',
  notes: 'please do not tell anyone about my cat',
  message: 'staff-only announcement draft',
  otherStream: 'rtmp://private.example.org/live/boreal-secret-key',
};

describe.each(testDialects)('public pages and feeds on %s', (dialect) => {
  let app: TestApp;
  let host: SignedIn;
  let aurora: SignedIn;
  let boreal: SignedIn;
  let published: string;
  let unpublished: string;
  let clientDir: string;

  const staff = <C extends Contract>(contract: C, input: CallInput<C>) => app.call(contract, input, { as: host });

  async function createEvent(name: string, start: string): Promise<string> {
    const body = { name, startDatetime: start, host: 'Hal <Host>', message: SECRETS.message, footer: '', signupsAreOpen: true };
    const response = await staff(API.events.createEvent, { body: body });
    expect(response.status).toBe(201);
    return response.body.id;
  }

  /** Puts every signup of the event in the lineup, in order, with these public links; publishes when asked. */
  async function lineUp(eventId: string, publicLinks: unknown[], publish: boolean, debutName?: string) {
    const stored = (await staff(API.events.getEvent, { params: { eventId } })).body;
    const body: SaveEventBody = {
      baseVersion: stored.version,
      event: { ...eventFieldsSchema.parse(stored), publicLinks: publicLinks as SaveEventBody['event']['publicLinks'] },
      signups: stored.signups.map(({ formData: _answers, ...signup }) => ({ ...signup, isDebut: signup.name === debutName })),
      slots: stored.signups.map((signup) => ({ ...slotForSignup(signup), streamSourceUrl: 'rtmp://stream.example/live/test' })),
      removedSignupUuids: [],
      resolvedUpdates: [],
    };
    const saved = await staff(API.events.saveEvent, { params: { eventId }, body: body });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    if (!publish) return;
    // The preflight: every DJ confirmed their slot.
    for (const djId of stored.signups.flatMap((signup) => signup.djRefs)) {
      expect((await staff(API.events.setConfirmation, { params: { eventId }, body: { djId, confirmation: 'confirmed' } })).status).toBe(200);
    }
    expect((await staff(API.events.publishEvent, { params: { eventId }, body: { baseVersion: saved.body.version } })).status).toBe(200);
  }

  beforeEach(async () => {
    clientDir = fakeClientBuild();
    app = await startTestApp(dialect, {}, { clientDir });
    host = await app.signIn(['host', 'dj'], { djName: 'Hal' });
    aurora = await app.signIn(['dj'], { djName: 'Aurora' });
    boreal = await app.signIn(['dj'], { djName: 'Boreal' });

    published = await createEvent('Sunday Service 12', inDays(7));
    unpublished = await createEvent('Hidden Night', inDays(14));
    for (const eventId of [published, unpublished]) {
      const a = intake(eventId, { name: 'Aurora', stream_link: SECRETS.streamLink, dj_notes: SECRETS.notes });
      const b = intake(eventId, { name: 'Boreal', stream_link: SECRETS.otherStream });
      expect((await app.call(API.signup.submitSignup, { body: a }, { as: aurora })).status).toBe(200);
      expect((await app.call(API.signup.submitSignup, { body: b }, { as: boreal })).status).toBe(200);
    }
    await lineUp(published, [{ label: 'Watch on Twitch', url: 'https://twitch.tv/sunday' }], true, 'Boreal');
    await lineUp(unpublished, [], false);
  });
  afterEach(async () => {
    await app.destroy();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  /** Every private value, and every DJ's Discord id, is absent from this answer. */
  function expectNothingPrivate(text: string) {
    for (const secret of [...Object.values(SECRETS), aurora.discordId, boreal.discordId, host.discordId, aurora.djId, boreal.djId]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toContain('Hidden Night');
  }

  test('the index lists published upcoming events only, with their lineups, to anyone', async () => {
    const response = await app.call(API.public.listPublicLineups, {});
    expect(response.status).toBe(200);
    const list = publicLineupListSchema.parse(response.body);
    expect(list).toMatchObject({ seriesName: DEFAULT_SETTINGS.seriesName, seriesZone: 'Europe/London' });
    expect(list.events.map((event) => [event.id, event.djs])).toEqual([[published, ['Aurora', 'Boreal']]]);
    expectNothingPrivate(JSON.stringify(response.body));
  });

  test('an event page carries the lineup, host and public links; unpublished and unknown ids are the same 404', async () => {
    const response = await app.call(API.public.getPublicLineup, { params: { eventId: published } }, { as: aurora });
    expect(response.status).toBe(200);
    const { event } = publicLineupSchema.parse(response.body);
    expect(event).toMatchObject({ name: 'Sunday Service 12', host: 'Hal <Host>', links: [{ label: 'Watch on Twitch', url: 'https://twitch.tv/sunday' }] });
    expect(event.slots.map((slot) => [slot.name, slot.isDebut])).toEqual([
      ['Aurora', false],
      ['Boreal', true],
    ]);
    expect(Date.parse(event.slots[1]!.startTime) - Date.parse(event.slots[0]!.startTime)).toBe(3_600_000);
    expectNothingPrivate(JSON.stringify(response.body));

    const hidden = await app.call(API.public.getPublicLineup, { params: { eventId: unpublished } });
    const unknown = await app.call(API.public.getPublicLineup, { params: { eventId: 'no-such-event' } });
    expect(hidden.status).toBe(404);
    expect(hidden.error).toEqual(unknown.error);
    // Staff see the same 404 here: the public page is the public's view.
    expect((await app.call(API.public.getPublicLineup, { params: { eventId: unpublished } }, { as: host })).status).toBe(404);
  });

  test('public links must be https and one line; at most five', async () => {
    const stored = (await staff(API.events.getEvent, { params: { eventId: published } })).body;
    const save = (publicLinks: unknown) =>
      staff(API.events.saveEvent, malformed({ params: { eventId: published }, body: {
        baseVersion: stored.version,
        event: { ...eventFieldsSchema.parse(stored), publicLinks },
        signups: [],
        slots: stored.slots,
        removedSignupUuids: [],
      } }));
    const cases: Array<[unknown, string]> = [
      [[{ label: 'Watch', url: 'javascript:alert(1)' }], 'Link URL must start with https://.'],
      [[{ label: 'Watch', url: 'http://twitch.tv/x' }], 'Link URL must start with https://.'],
      [[{ label: 'Watch\n@everyone', url: 'https://twitch.tv/x' }], 'Link label must be one line'],
      [[{ label: '', url: 'https://twitch.tv/x' }], 'Link label is required.'],
      [Array.from({ length: 6 }, () => ({ label: 'Watch', url: 'https://twitch.tv/x' })), 'at most 5 public links'],
    ];
    for (const [links, message] of cases) {
      const response = await save(links);
      expect(response.status, message).toBe(400);
      expect(response.error.message).toContain(message);
    }
  });

  test('the series calendar is valid iCalendar with published events, lineups in the description, times in UTC', async () => {
    const response = await app.request<string>('GET', '/feeds/events.ics');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/calendar/);
    const text = response.body;
    const events = icalEvents(parseICal(text));
    expect(events.map((event) => event.SUMMARY)).toEqual(['Sunday Service 12']);
    const [event] = events;
    expect(event!.DTSTART).toMatch(/^\d{8}T\d{6}Z$/);
    expect(event!.DESCRIPTION).toMatch(/Lineup \((BST|GMT)\):\n\d\d:\d\d (BST|GMT) {2}Aurora\n\d\d:\d\d (BST|GMT) {2}Boreal \(debut\)/);
    expect(event!.DESCRIPTION).toContain('Watch on Twitch: https://twitch.tv/sunday');
    expect(event!.URL).toBe(`${app.url}/lineups/${published}`);
    expectNothingPrivate(text);
  });

  test('feeds carry an ETag and Cache-Control and answer 304 to a matching If-None-Match', async () => {
    for (const url of ['/feeds/events.ics', '/feeds/next.txt', '/feeds/next.json', `/feeds/lineup/${published}.svg`]) {
      const first = await app.request('GET', url);
      const etag = first.headers.get('etag');
      expect(etag, url).toMatch(/^"[\w-]+"$/);
      // Without PUBLIC_URL the links in a feed name the request's origin: only the image is for shared caches (link-origin.test.ts).
      expect(first.headers.get('cache-control'), url).toBe(url.includes('/lineup/') ? 'public, max-age=300' : 'private, max-age=300');
      const again = await app.request('GET', url);
      expect(again.headers.get('etag'), url).toBe(etag);
      const cached = await app.request('GET', url, { headers: { 'if-none-match': `W/"other", ${etag}` } });
      expect(cached.status, url).toBe(304);
      expect(cached.body, url).toBeUndefined();
      expect((await app.request('GET', url, { headers: { 'if-none-match': '"stale"' } })).status, url).toBe(200);
    }
    // A change to the lineup changes the tag.
    const before = (await app.request('GET', '/feeds/events.ics')).headers.get('etag');
    await lineUp(published, [{ label: 'Watch on YouTube', url: 'https://youtube.com/live' }], false);
    expect((await app.request('GET', '/feeds/events.ics')).headers.get('etag')).not.toBe(before);
  });

  test('the next-event feed times the lineup in each zone asked for, as text and JSON', async () => {
    const text = await app.request<string>('GET', '/feeds/next.txt?tz=Europe/London,Australia/Sydney,America/New_York');
    expect(text.status).toBe(200);
    expect(text.headers.get('content-type')).toMatch(/^text\/plain/);
    const lines = text.body.split('\n');
    expect(lines[0]).toBe('Sunday Service 12');
    expect(lines[2]).toBe('Host: Hal <Host>');
    expect(lines.filter((line) => line.endsWith('Aurora'))).toHaveLength(1);
    expect(text.body).toMatch(/\d\d:\d\d(\+1)? (BST|GMT) \/ \d\d:\d\d(\+1)? AE[SD]T \/ \d\d:\d\d E[SD]T {2}Boreal \(debut\)/);
    expect(text.body).toContain(`${app.url}/lineups/${published}`);
    expectNothingPrivate(text.body);

    const json = await app.request('GET', '/feeds/next.json?tz=Asia/Tokyo');
    expect(json.status).toBe(200);
    const feed = nextEventFeedSchema.parse(json.body);
    expect(feed.zones).toEqual([{ zone: 'Asia/Tokyo', label: 'GMT+9' }]);
    expect(feed.event?.slots.map((slot) => slot.times[0]!.label)).toEqual(['GMT+9', 'GMT+9']);
    expectNothingPrivate(JSON.stringify(json.body));

    // The series' zone by default.
    const byDefault = nextEventFeedSchema.parse((await app.request('GET', '/feeds/next.json')).body);
    expect(byDefault.zones.map((zone) => zone.zone)).toEqual(['Europe/London']);
  });

  test('unknown zones are refused with 400 and a message', async () => {
    for (const url of ['/feeds/next.txt?tz=Mars/Olympus', '/feeds/next.json?tz=Europe/London,Nowhere', `/feeds/lineup/${published}.png?tz=Mars/Olympus`]) {
      const response = await app.request<{ message: string }>('GET', url);
      expect(response.status, url).toBe(400);
      expect(response.body.message, url).toMatch(/^Unknown time zone: (Mars\/Olympus|Nowhere)\. Use IANA names/);
    }
    const tooMany = await app.request<{ message: string }>('GET', `/feeds/next.txt?tz=${'UTC,Europe/London,Asia/Tokyo,Europe/Paris,America/Chicago,Europe/Berlin'}`);
    expect(tooMany).toMatchObject({ status: 400, body: { message: 'Ask for at most 5 time zones.' } });
  });

  test('with no published event ahead, the next-event feed says so', async () => {
    await app.ctx.store.db.updateTable('events').set({ published: 0 }).execute();
    expect((await app.request<string>('GET', '/feeds/next.txt')).body).toBe('Sunday Service: no upcoming event has been announced yet.\n');
    expect((await app.request('GET', '/feeds/next.json')).body).toMatchObject({ event: null });
  });

  test('the lineup image renders as PNG and SVG for published events only', async () => {
    const png = await fetch(`${app.url}/feeds/lineup/${published}.png?tz=Europe/London,America/New_York`);
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await png.arrayBuffer());
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(bytes.readUInt32BE(16)).toBe(1200);
    expect(bytes.readUInt32BE(20)).toBeGreaterThanOrEqual(630);
    fs.mkdirSync('test-results', { recursive: true });
    fs.writeFileSync(path.join('test-results', `lineup-${dialect}.png`), bytes);

    const svg = await app.request<string>('GET', `/feeds/lineup/${published}.svg`);
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(svg.body).toMatch(/^<svg[^>]*><title>Lineup of Sunday Service 12<\/title><desc>[^<]*Aurora[^<]*Boreal \(debut\)/);
    expectNothingPrivate(svg.body);

    for (const url of [`/feeds/lineup/${unpublished}.png`, '/feeds/lineup/no-such-event.svg']) {
      expect((await app.request('GET', url)).status, url).toBe(404);
    }
    const badColour = await app.request<{ message: string }>('GET', `/feeds/lineup/${published}.svg?bg=red`);
    expect(badColour).toMatchObject({ status: 400, body: { message: 'Colours must be six hex digits, like 1a2b3c.' } });
  });

  test('the colours of the image come from Global Settings, unless a preview asks for others', async () => {
    const settings = { ...DEFAULT_SETTINGS, imageBackground: '#102030', imageText: '#FFFFFF', imageAccent: '#00ff88' };
    expect((await staff(API.settings.saveSettings, { body: settings })).body).toMatchObject({ imageText: '#FFFFFF' });
    const svg = (await app.request<string>('GET', `/feeds/lineup/${published}.svg`)).body;
    expect(svg).toContain('#102030');
    expect(svg).toContain('#00ff88');
    const preview = (await app.request<string>('GET', `/feeds/lineup/${published}.svg?bg=%23abcdef`)).body;
    expect(preview).toContain('#abcdef');
    const refused = await staff(API.settings.saveSettings, { body: { ...settings, imageAccent: 'pink' } });
    expect(refused).toMatchObject({ status: 400, error: { message: 'Accent colour must be a colour like #1a2b3c.' } });
  });

  test("a DJ's calendar link holds only their own slots of published events, and revoking it ends it", async () => {
    const link = await app.call(API.public.getCalendarLink, {}, { as: aurora });
    expect(link.status).toBe(200);
    expect(link.body.url).toMatch(new RegExp(`^${app.url}/feeds/dj/[A-Za-z0-9_-]{43}\\.ics$`));
    // The same link on every visit.
    expect((await app.call(API.public.getCalendarLink, {}, { as: aurora })).body).toEqual(link.body);
    // Only the token's hash (and the nonce it is derived from) is stored.
    const token = /dj\/(.+)\.ics$/.exec(link.body.url)![1]!;
    const stored = JSON.stringify(await app.ctx.store.db.selectFrom('dj_calendar_links').selectAll().execute());
    expect(stored).not.toContain(token);

    const feedPath = new URL(link.body.url).pathname;
    const feed = await app.request<string>('GET', feedPath);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('cache-control')).toBe('private, max-age=300');
    const events = icalEvents(parseICal(feed.body));
    expect(events.map((event) => event.SUMMARY)).toEqual(['Aurora at Sunday Service 12']);
    expect(feed.body).not.toContain('Boreal');
    expectNothingPrivate(feed.body);

    const other = await app.call(API.public.getCalendarLink, {}, { as: boreal });
    expect(other.body.url).not.toBe(link.body.url);

    const renewed = await app.call(API.public.revokeCalendarLink, {}, { as: aurora });
    expect(renewed.status).toBe(200);
    expect(renewed.body.url).not.toBe(link.body.url);
    expect((await app.request('GET', feedPath)).status).toBe(404);
    expect((await app.request('GET', new URL(renewed.body.url).pathname)).status).toBe(200);
    expect((await app.request('GET', new URL(other.body.url).pathname)).status).toBe(200);
    for (const guess of ['/feeds/dj/x.ics', `/feeds/dj/${'A'.repeat(43)}.ics`, '/feeds/dj/.ics']) {
      expect((await app.request('GET', guess)).status, guess).toBe(404);
    }
  });

  test('the public page is rendered on the server, with link-preview tags, for a published event; 404 otherwise', async () => {
    const page = await app.request<string>('GET', `/lineups/${published}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = page.body;
    expect(metaContent(html, 'og:title')).toBe('Sunday Service 12');
    expect(metaContent(html, 'og:url')).toBe(`${app.url}/lineups/${published}`);
    expect(html).toContain(`<link rel="canonical" href="${app.url}/lineups/${published}"/>`);
    expect(metaContent(html, 'og:image')).toMatch(new RegExp(`^${app.url}/feeds/lineup/${published}\\.png\\?v=\\d+$`));
    const description = /^[A-Z][a-z]+day \d+ [A-Z][a-z]+ \d{4}, \d\d:00 (BST|GMT) — Host: Hal <Host> — Lineup: \d\d:00 (BST|GMT) {2}Aurora · \d\d:00 (BST|GMT) {2}Boreal \(debut\)$/;
    expect(metaContent(html, 'og:description')).toMatch(description);
    expect(metaContent(html, 'description')).toMatch(description);
    expect(html).toContain('<title>Sunday Service 12 · Sunday Service</title>');
    // The lineup itself is in the HTML (readable without script), the host's name escaped.
    expect(html).toMatch(/<h1[^>]*>Sunday Service 12<\/h1>/);
    expect(html).toContain('Hosted by Hal &lt;Host&gt;');
    expect(html).toMatch(/<td class="public-act">Aurora<\/td>/);
    // Its one script is the public pages' own, with their styles.
    expect([...html.matchAll(/<script[^>]*>/g)].map(([tag]) => tag)).toEqual(['<script type="module" src="/assets/public-abc.js">']);
    expect(html).toContain('<link rel="stylesheet" href="/assets/styles-abc.css"/>');
    expectNothingPrivate(html);

    const missing = await Promise.all([unpublished, 'no-such-event'].map((id) => app.request<string>('GET', `/lineups/${id}`)));
    for (const answer of missing) {
      expect(answer.status).toBe(404);
      expect(answer.body).toMatch(/<h1[^>]*>Lineup not found<\/h1>/);
      expect(metaContent(answer.body, 'og:image')).toBeUndefined();
    }
    expect(missing[0]!.body).toBe(missing[1]!.body);
    expectNothingPrivate(missing[0]!.body);

    const index = await app.request<string>('GET', '/lineups');
    expect(index.status).toBe(200);
    expect(index.body).toMatch(/<h2><a href="\/lineups\/[^"]+">Sunday Service 12<\/a><\/h2>/);
    expect(index.body).toContain(`<link rel="canonical" href="${app.url}/lineups"/>`);
    expectNothingPrivate(index.body);
  });
});
