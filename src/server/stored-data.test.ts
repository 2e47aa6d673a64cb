import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { API } from '@shared/api/index.js';
import { CSV_VIEWS } from '@shared/archive/views.js';
import { SIGNUP_ANSWER_DEFAULTS } from '@shared/schemas/signup-answers.js';
import type { SlotsTable } from './db/schema.js';
import { djRow, type SignedIn, startTestApp, testDialects, type TestApp } from './testing/harness.js';
import { fakeClientBuild } from './testing/client-build.js';

// Stored data never breaks a page (issue 32, decision 033): rows written straight into the
// database as the original tool's import left them (stream links as `vrcdn:NAME`, `PRERECORD`,
// `rtspt://…`, a name with a line break, a bidi override or more than 200 characters, a length no
// editor offers, a source type this version does not know, a public link that is no longer
// https, a DJ's stream key) open on every page and endpoint that reads them, on SQLite and on
// PostgreSQL: shown as stored (stream links in the form the operator pulls), a warning logged once,
// never a 500, and a stream key never shown to anyone but staff.

const KEY_LINK = 'rtmp://ingest.vrcdn.live/live/rex_sk_8f3kq0vz7m1x';
const EVENT_NAME = `Sunday\nService \u202Egnikool\u202C ${'🎧'.repeat(200)}`;
const SIGNUP_NAME = `Rex\nRhythm ${'y'.repeat(200)}`;
const HOUR = 3_600_000;

describe.each(testDialects)('stored data today\'s rules refuse, on %s', (dialect) => {
  let app: TestApp;
  let clientDir: string;
  const logLines: string[] = [];
  let host: SignedIn;
  let dj: SignedIn;
  let partner: SignedIn;
  let eventId: string;

  beforeEach(async () => {
    logLines.length = 0;
    clientDir = fakeClientBuild();
    app = await startTestApp(dialect, {}, { logLines, clientDir });
    host = await app.signIn(['host']);
    dj = await app.signIn(['dj']);
    partner = await app.signIn(['dj']);
    eventId = await insertImportedEvent();
  });
  afterEach(async () => {
    await app.destroy();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  /** An upcoming published event as an import of the original tool left it. */
  async function insertImportedEvent(): Promise<string> {
    const db = app.ctx.store.db;
    const id = randomUUID();
    const now = Date.now();
    const start = now + 7 * 24 * HOUR;
    const oldTimer = randomUUID();
    await db.updateTable('djs').set({ dj_name: 'DJ\nRex', public_name: 'Rex\u202Eevil', rtmp_url: KEY_LINK, twitch_username: 'https://www.twitch.tv/Rex_TV' }).where('id', '=', dj.djId).execute();
    await db.updateTable('djs').set({ rtmp_url: 'vrcdn:owl_beats', twitch_username: 'twitch:Owl_Beats' }).where('id', '=', partner.djId).execute();
    await db.insertInto('djs').values(djRow({ id: oldTimer, discordId: null, publicName: 'Old Timer', djName: 'Old\nTimer' })).execute();
    await db
      .insertInto('events')
      .values({
        id,
        name: EVENT_NAME,
        start_at: start,
        end_at: start + 8.5 * HOUR,
        published: 1,
        host: 'Hal\nHost',
        message: '',
        footer: '',
        signups_open: 1,
        public_links: JSON.stringify([
          { label: 'Old stream', url: 'http://insecure.example/watch' },
          { label: 'VRChat world', url: 'https://vrchat.com/home/world/wrld_1' },
        ]),
        version: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const formData = { ...SIGNUP_ANSWER_DEFAULTS, event_id: id, name: 'Rex\nRhythm', type: 'LIVE', stream_link: 'rtspt://stream.vrcdn.live/live/rex', confirm_expectations: true, dj_notes: 'B2B with Owl' };
    const signup = (uuid: string, position: number, values: { name: string; requested_duration: number; type: string; form_data: string | null; submitted_by: string | null }) =>
      db.insertInto('signups').values({ uuid, event_id: id, position, is_debut: 0, hidden: 0, created_at: now, updated_at: now, update_pending_at: null, update_fields: null, update_dismissed_at: null, ...values }).execute();
    await signup('s-rex', 0, { name: SIGNUP_NAME, requested_duration: 5, type: 'LIVE', form_data: JSON.stringify(formData), submitted_by: dj.djId });
    await signup('s-pre', 1, { name: 'Prerecorded Set', requested_duration: 1, type: 'PRERECORD', form_data: null, submitted_by: null });
    await db
      .insertInto('signup_djs')
      .values([
        { signup_uuid: 's-rex', event_id: id, dj_id: dj.djId, position: 0 },
        { signup_uuid: 's-rex', event_id: id, dj_id: partner.djId, position: 1 },
        { signup_uuid: 's-pre', event_id: id, dj_id: oldTimer, position: 0 },
      ])
      .execute();
    const slot = (position: number, values: Pick<SlotsTable, 'stream_source_url' | 'stream_source_type'> & Partial<SlotsTable>): SlotsTable => ({
      event_id: id,
      position,
      signup_uuid: null,
      start_at: start + position * HOUR,
      end_at: start + (position + 1) * HOUR,
      legacy_dj_name: null,
      legacy_dj_id: null,
      legacy_duration: null,
      legacy_is_debut: null,
      legacy_slot_type: null,
      ...values,
    });
    await db
      .insertInto('slots')
      .values([
        slot(0, { signup_uuid: 's-rex', stream_source_url: 'vrcdn:rex', stream_source_type: 'VRCDN' }),
        slot(1, { signup_uuid: 's-pre', stream_source_url: 'PRERECORD', stream_source_type: 'VRCDN' }),
        slot(2, { legacy_dj_name: 'Old\nTimer', legacy_dj_id: oldTimer, legacy_duration: 0.5, legacy_is_debut: 0, legacy_slot_type: 'LIVE', stream_source_url: 'twitch:oldtimer', stream_source_type: 'TWITCH' }),
        slot(3, { legacy_dj_name: 'Late One', legacy_duration: 1, legacy_is_debut: 1, legacy_slot_type: 'BROADCAST', stream_source_url: 'http://insecure.example/live', stream_source_type: 'YOUTUBE' }),
        slot(4, { legacy_dj_name: 'Quest', legacy_duration: 1, legacy_is_debut: 0, legacy_slot_type: 'LIVE', stream_source_url: 'https://stream.vrcdn.live/live/quest.live.ts', stream_source_type: 'MANUAL' }),
      ])
      .execute();
    await db
      .insertInto('dj_plays')
      .values([dj.djId, partner.djId, oldTimer].map((djId) => ({ event_id: id, dj_id: djId })))
      .execute();
    await db
      .insertInto('event_changes')
      .values({ id: randomUUID(), event_id: id, at: now, actor_dj_id: host.djId, actor_name: 'Hal\nHost', kind: 'saved', version: 1, summary: JSON.stringify([{ t: 'signup', change: 'added', name: SIGNUP_NAME }, { t: 'from-a-newer-version' }]) })
      .execute();
    return id;
  }

  test('the event page reads it as stored, its stream links as the operator pulls them, and logs it once', async () => {
    const event = await app.call(API.events.getEvent, { params: { eventId } }, { as: host });
    expect(event.status).toBe(200);
    expect(event.body).toMatchObject({
      name: EVENT_NAME,
      host: 'Hal\nHost',
      publicLinks: [
        { label: 'Old stream', url: 'http://insecure.example/watch' },
        { label: 'VRChat world', url: 'https://vrchat.com/home/world/wrld_1' },
      ],
    });
    expect(event.body.signups.map(({ name, requestedDuration, type }) => ({ name, requestedDuration, type }))).toEqual([
      { name: SIGNUP_NAME, requestedDuration: 5, type: 'LIVE' },
      { name: 'Prerecorded Set', requestedDuration: 1, type: 'PRERECORD' },
    ]);
    expect(event.body.signups[0]!.formData).toMatchObject({ name: 'Rex\nRhythm', stream_link: 'rtmp://stream.vrcdn.live/live/rex' });
    expect(event.body.slots.map(({ streamSourceType, streamSourceUrl }) => [streamSourceType, streamSourceUrl])).toEqual([
      ['VRCDN', 'rtmp://stream.vrcdn.live/live/rex'],
      ['PRERECORD', ''],
      ['TWITCH', 'https://twitch.tv/oldtimer'],
      // A type this version does not know reads as its link's; a link no rule takes, as stored.
      ['MANUAL', 'http://insecure.example/live'],
      // The type staff chose stays; the link reads as the operator pulls it.
      ['MANUAL', 'rtmp://stream.vrcdn.live/live/quest'],
    ]);
    expect(event.body.slots[2]!.legacy).toMatchObject({ djName: 'Old\nTimer' });
    expect(event.body.slots[3]!.legacy).toMatchObject({ slotType: 'LIVE' });
    expect(event.body.djs[dj.djId]).toMatchObject({ djName: 'DJ\nRex', publicName: 'Rex\u202Eevil', rtmpUrl: KEY_LINK, twitchUsername: 'rex_tv' });
    expect(event.body.djs[partner.djId]).toMatchObject({ rtmpUrl: 'rtmp://stream.vrcdn.live/live/owl_beats', twitchUsername: 'owl_beats' });

    // A save checks the whole draft: staff are asked to fix what no longer passes (the page lists it).
    const save = await app.call(
      API.events.saveEvent,
      { params: { eventId }, body: { baseVersion: 1, event: { ...event.body, host: 'Hal' }, signups: event.body.signups, slots: event.body.slots, removedSignupUuids: [] } },
      { as: host },
    );
    expect(save.status).toBe(400);
    expect(save.error.message).toContain('Event name must be one line');

    // Read again and again: the problems are logged once for this version of the event, naming where, never the values.
    await app.call(API.events.getEvent, { params: { eventId } }, { as: host });
    const logged = logLines.map((line) => JSON.parse(line) as { msg: string; eventId?: string; field?: string; problems?: string[] }).filter((line) => line.eventId === eventId);
    expect(logged.filter((line) => line.field === 'stream_source_type')).toHaveLength(1);
    const warnings = logged.filter((line) => line.problems);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.msg).toBe("an event holds values today's rules refuse: shown as stored, for staff to fix");
    const signupName = `Signup "Rex Rhythm ${'y'.repeat(28)}…"`;
    expect(warnings[0]!.problems).toEqual([
      'Event name must be at most 200 characters. Event name must be one line, without line breaks or control characters. Event name must not contain invisible text-direction characters; type it in again rather than pasting it.',
      'Host must be one line, without line breaks or control characters.',
      'Public link 1: Link URL must start with https://.',
      `${signupName}: Signup name must be at most 200 characters. Signup name must be one line, without line breaks or control characters.`,
      `${signupName}: Requested duration must be a multiple of 15 minutes, up to 4 hours.`,
      'Slot 3: Slot DJ name must be one line, without line breaks or control characters.',
      'Slot 4: The stream source URL must be a VRCDN link (rtspt://stream.vrcdn.live/live/NAME or vrcdn:NAME), a Twitch channel (twitch.tv/NAME or twitch:NAME), a YouTube live link, a link to a recording, or an rtmp://, rtmps://, rtsp://, rtspt://, srt:// or https:// address.',
      'Answers of signup s-rex, name: Name must be one line, without line breaks or control characters.',
    ]);
    expect(logLines.join('\n')).not.toContain('rex_sk_');
  });

  test('every other staff read answers: lists, home, DJs, roster, history, Discord posts', async () => {
    const list = await app.call(API.events.listEvents, { query: { when: 'upcoming' } }, { as: host });
    expect(list.status).toBe(200);
    expect(list.body[0]).toMatchObject({ name: EVENT_NAME, host: 'Hal\nHost', djs: [SIGNUP_NAME, 'Prerecorded Set', 'Old\nTimer', 'Late One', 'Quest'] });
    expect((await app.call(API.events.getHomeEvent, {}, { as: host })).body.event).toMatchObject({ name: EVENT_NAME });

    const roster = await app.call(API.djs.getRoster, { query: { archived: 'include' } }, { as: host });
    expect(roster.status).toBe(200);
    expect(roster.body.djs.map((row) => row.djName)).toEqual(expect.arrayContaining(['DJ\nRex', 'Old\nTimer']));
    const details = await app.call(API.djs.getDj, { params: { djId: dj.djId } }, { as: host });
    expect(details.status).toBe(200);
    expect(details.body.dj).toMatchObject({ djName: 'DJ\nRex', rtmpUrl: KEY_LINK });
    expect(details.body.plays).toEqual([expect.objectContaining({ eventId, eventName: EVENT_NAME })]);
    const signups = await app.call(API.history.getDjSignups, { params: { djId: dj.djId } }, { as: host });
    expect(signups.status).toBe(200);
    expect(signups.body.signups[0]).toMatchObject({ eventName: EVENT_NAME, signupName: SIGNUP_NAME });

    const history = await app.call(API.history.getEventHistory, { params: { eventId }, query: {} }, { as: host });
    expect(history.status).toBe(200);
    expect(history.body.entries[0]).toMatchObject({ actor: { name: 'Hal\nHost' }, lines: [{ t: 'signup', name: SIGNUP_NAME }] });
    expect((await app.call(API.discord.getDiscordPosts, { params: { eventId } }, { as: host })).status).toBe(200);

    // Moving out: the archive and the spreadsheets carry it as stored.
    const admin = await app.signIn(['admin']);
    const archive = await app.call(API.archive.exportArchive, {}, { as: admin });
    expect(archive.status).toBe(200);
    expect(archive.body.tables.events.find((row) => row.id === eventId)).toMatchObject({ name: EVENT_NAME });
    for (const view of CSV_VIEWS) expect((await app.call(API.archive.exportCsv, { params: { view } }, { as: admin })).status, view).toBe(200);
  });

  test('the DJs read their own pages, and a stream key reaches no one but staff', async () => {
    const area = await app.call(API.signup.getSignupArea, { query: { event_id: eventId } }, { as: dj });
    expect(area.status).toBe(200);
    expect(area.body.event.name).toBe(EVENT_NAME);
    expect(area.body.dj.djName).toBe('DJ\nRex');
    expect(area.body.signup).toMatchObject({ name: 'Rex\nRhythm', stream_link: 'rtmp://stream.vrcdn.live/live/rex' });
    // The profile's key is never offered as a one-tap choice.
    expect(area.body.previousStreamLinks).toEqual(['https://twitch.tv/rex_tv']);
    const page = await app.request<string>('GET', `/eventSignup/${eventId}`, { cookie: dj.cookie });
    expect(page.status).toBe(200);
    expect(page.body).toContain('rtmp://stream.vrcdn.live/live/rex');
    expect((await app.call(API.me.getDjHome, {}, { as: dj })).body.signups[0]).toMatchObject({ eventName: EVENT_NAME, signupName: SIGNUP_NAME });

    // The back-to-back partner sees the shared basics, none of the submitter's answers or links.
    const partnerArea = await app.request<string>('GET', `/api/signup?event_id=${eventId}`, { cookie: partner.cookie });
    expect(partnerArea.status).toBe(200);
    expect(JSON.stringify(partnerArea.body)).not.toMatch(/rex_sk_|vrcdn\.live\/live\/rex|rtspt/);
    const partnerPage = await app.request<string>('GET', `/eventSignup/${eventId}`, { cookie: partner.cookie });
    expect(partnerPage.status).toBe(200);
    expect(partnerPage.body).not.toMatch(/rex_sk_|live\/rex/);
  });

  test('the public pages and feeds read it too, with only the links today\'s rules allow and never a stream link', async () => {
    const index = await app.call(API.public.listPublicLineups, {});
    expect(index.status).toBe(200);
    expect(index.body.events[0]).toMatchObject({ name: EVENT_NAME, host: 'Hal\nHost' });
    const lineup = await app.call(API.public.getPublicLineup, { params: { eventId } });
    expect(lineup.status).toBe(200);
    // A link that is no longer https never becomes a link on a public page.
    expect(lineup.body.event.links).toEqual([{ label: 'VRChat world', url: 'https://vrchat.com/home/world/wrld_1' }]);
    expect(lineup.body.event.slots.map((slot) => slot.name)).toEqual([SIGNUP_NAME, 'Prerecorded Set', 'Old\nTimer', 'Late One', 'Quest']);

    const calendarLink = await app.call(API.public.getCalendarLink, {}, { as: dj });
    const reads = [
      '/lineups',
      `/lineups/${eventId}`,
      '/feeds/events.ics',
      '/feeds/next.txt',
      '/feeds/next.json',
      `/feeds/lineup/${eventId}.svg`,
      `/feeds/lineup/${eventId}.png`,
      new URL(calendarLink.body.url).pathname,
    ];
    for (const url of reads) {
      const response = await app.request<string>('GET', url);
      expect(response.status, url).toBe(200);
      const body = typeof response.body === 'string' ? response.body : JSON.stringify(response.body);
      expect(body, url).not.toMatch(/rex_sk_|vrcdn\.live\/live|rtspt|insecure\.example/);
    }
    const ics = await app.request<string>('GET', '/feeds/events.ics');
    // iCalendar text escapes the line break rather than letting it end the property.
    expect(ics.body).toContain('Sunday\\nService');
  });
});
