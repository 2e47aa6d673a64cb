import fs from 'node:fs';
import path from 'node:path';
import { API } from '@shared/api/index.js';
import { slotForSignup } from '@shared/lineup.js';
import { eventFieldsSchema } from '@shared/schemas/events.js';
import { DEFAULT_REMINDER_SETTINGS } from '@shared/schemas/dj-posts.js';
import { type Archive, ARCHIVE_TABLES, ARCHIVE_VERSION, archiveTablesSchema, columnWrittenAs } from '@shared/archive/schema.js';
import { readArchive } from '@shared/archive/read.js';
import { seedIfEmpty } from '../seed/seed.js';
import { startTestApp, testDialects, type SignedIn, type TestApp } from '../testing/harness.js';

// Archives of every version the app has written, kept in fixtures/ (archive-v3.json, ...): each is
// the app's own export of the community below, and must import into a freshly migrated install
// after every migration to come. A change of ARCHIVE_VERSION adds its upgrade (ARCHIVE_UPGRADES)
// and a new fixture, written by `WRITE_ARCHIVE_FIXTURE=1 TZ=UTC npx vitest run
// src/server/archive/fixtures.test.ts`, and keeps the old ones (docs/decisions/058-a-column-declared-once.md).

const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const fixtureFiles = fs.readdirSync(FIXTURES).filter((name) => /^archive-v\d+\.json$/.test(name));

/** The seed's demo series (every night in the past, so no test depends on today), and what staff did besides. */
async function community(app: TestApp) {
  const db = app.ctx.store.db;
  await seedIfEmpty(db, new Date('2025-03-01T12:00:00.000Z'));
  const admin = await app.signIn(['admin'], { djName: 'Archivist', discordId: '955555555555555501' });
  const { discordWebhooks: _webhooks, ...settings } = (await app.call(API.settings.getSettings, {}, { as: admin })).body;
  expect((await app.call(API.settings.saveSettings, { body: { ...settings, seriesName: 'Archive Nights', defaultZone: 'America/New_York' } }, { as: admin })).status).toBe(200);
  expect((await app.call(API.djPosts.saveReminderSettings, { body: { ...DEFAULT_REMINDER_SETTINGS, slotReminderMinutes: 45 } }, { as: admin })).status).toBe(200);
  expect((await app.call(API.streamChecks.saveStreamCheckSettings, { body: { hoursBefore: 3 } }, { as: admin })).status).toBe(200);
  const quiet = await app.signIn(['dj'], { djName: 'Quiet Quinn', discordId: '955555555555555502' });
  expect((await app.call(API.djPosts.saveMyReminders, { body: { remindersOn: false } }, { as: quiet })).status).toBe(200);

  const events = await db.selectFrom('events').select('id').orderBy('start_at').execute();
  const [last, upcoming] = [events.at(-2)!, events.at(-1)!];
  // The last night: one slot went on air, the B2B slot's DJs did not show.
  const night = (await app.call(API.events.getEvent, { params: { eventId: last.id } }, { as: admin })).body;
  const b2b = night.signups.find((signup) => signup.djRefs.length === 2)!;
  for (const [signupUuid, mark] of [[night.slots[0]!.signupUuid!, 'on_air'], [b2b.uuid, 'no_show']] as const) {
    expect((await app.call(API.live.markSlot, { params: { eventId: last.id, signupUuid }, body: { mark } }, { as: admin })).status).toBe(200);
  }
  // The next night: a signup on standby, a stream tested, the post announcing it in Discord.
  const next = (await app.call(API.events.getEvent, { params: { eventId: upcoming.id } }, { as: admin })).body;
  const waiting = next.signups.filter((signup) => !next.slots.some((slot) => slot.signupUuid === signup.uuid));
  const saved = await app.call(
    API.events.saveEvent,
    {
      params: { eventId: upcoming.id },
      body: {
        baseVersion: next.version,
        event: eventFieldsSchema.parse(next),
        resolvedUpdates: [],
        signups: next.signups.map((signup) => (signup.uuid === waiting[0]!.uuid ? { ...signup, standby: true } : signup)),
        slots: [...next.slots, slotForSignup(waiting[1]!)],
        removedSignupUuids: [],
      },
    },
    { as: admin },
  );
  expect(saved.status).toBe(200);
  expect((await app.call(API.streamChecks.setStreamCheck, { params: { eventId: upcoming.id }, body: { signupUuid: next.slots[0]!.signupUuid!, tested: true } }, { as: admin })).status).toBe(200);
  await db
    .insertInto('discord_posts')
    .values({ event_id: upcoming.id, kind: 'announcement', message_id: '1312345678901234567', webhook_id: '123456789012345678', posted_at: Date.parse('2025-03-01T18:00:00.000Z'), posted_by: admin.djId, posted_by_name: 'Archivist', updated_at: null, updated_by_name: null })
    .execute();
  return admin;
}

describe.runIf(process.env.WRITE_ARCHIVE_FIXTURE)('writing the fixture of this archive version', () => {
  test(`archive-v${ARCHIVE_VERSION}.json is the app's export of the community`, async () => {
    const file = path.join(FIXTURES, `archive-v${ARCHIVE_VERSION}.json`);
    expect(fs.existsSync(file), `${file} exists: a fixture is never rewritten`).toBe(false);
    const app = await startTestApp('sqlite');
    try {
      const admin = await community(app);
      const exported = await app.call(API.archive.exportArchive, {}, { as: admin });
      expect(exported.status).toBe(200);
      fs.writeFileSync(file, `${JSON.stringify({ ...exported.body, exportedAt: '2025-03-03T09:00:00.000Z' }, null, 2)}\n`);
    } finally {
      await app.destroy();
    }
  });
});

/** Text columns (as stored) holding JSON: a JSON column the archive and db/schema.ts both took for text. */
function jsonInText(archive: Archive): string[] {
  return ARCHIVE_TABLES.flatMap((table) => {
    const asText = Object.entries(archiveTablesSchema.shape[table].element.shape).flatMap(([column, schema]) => (columnWrittenAs(schema) ? [] : [column]));
    return archive.tables[table].flatMap((record) =>
      asText.filter((column) => {
        const value: unknown = (record as Record<string, unknown>)[column];
        if (typeof value !== 'string' || !/^\s*[[{]/.test(value)) return false;
        try {
          return typeof JSON.parse(value) === 'object';
        } catch {
          return false;
        }
      }).map((column) => `${table}.${column}`),
    );
  });
}

describe.each(testDialects)('the committed archives import into a freshly migrated %s install', (dialect) => {
  let app: TestApp;
  let admin: SignedIn;
  beforeEach(async () => {
    app = await startTestApp(dialect);
    // The admin signs in first: the archive's Archivist (same Discord ID) takes their record over.
    admin = await app.signIn(['admin'], { djName: 'New me', discordId: '955555555555555501' });
  });
  afterEach(async () => {
    await app.destroy();
  });

  test('there is a fixture of this archive version', () => {
    expect(fixtureFiles).toContain(`archive-v${ARCHIVE_VERSION}.json`);
  });

  test.each(fixtureFiles)('%s: the lineups, plays, marks and settings come back as they were', async (name) => {
    const text = fs.readFileSync(path.join(FIXTURES, name), 'utf8');
    const read = readArchive(text);
    if (!read.ok) throw new Error(read.message);
    const upgraded = read.value;
    const preview = await app.call(API.archive.previewArchiveImport, { body: { text } }, { as: admin });
    expect(preview.status).toBe(200);
    expect(preview.body.plan).toMatchObject({ refusal: null, takenOver: [{ existingName: 'New me', archiveName: 'Archivist' }] });
    expect((await app.call(API.archive.importArchive, { body: { text } }, { as: admin })).status).toBe(200);

    const eventNamed = (eventName: string) => upgraded.tables.events.find((event) => event.name === eventName)!.id;
    const getEvent = async (eventName: string) => (await app.call(API.events.getEvent, { params: { eventId: eventNamed(eventName) } }, { as: admin })).body;
    // The last night's lineup, its B2B slot, and what staff marked on the live board.
    const night = await getEvent('Sunday Service #19');
    const signupNamed = (signupName: string) => night.signups.find((signup) => signup.name === signupName)!;
    expect(night.slots.map((slot) => night.signups.find((signup) => signup.uuid === slot.signupUuid)!.name)).toEqual(['Rex Rhythm', 'Night Owl', 'Bassline Betty', 'Kai Kinetic b2b Luna Loops']);
    expect(signupNamed('Kai Kinetic b2b Luna Loops').djRefs).toHaveLength(2);
    const live = await app.call(API.live.getLiveState, { params: { eventId: night.id } }, { as: admin });
    expect(live.body.marks).toEqual({ [signupNamed('Rex Rhythm').uuid]: 'on_air', [signupNamed('Kai Kinetic b2b Luna Loops').uuid]: 'no_show' });
    const history = await app.call(API.history.getEventHistory, { params: { eventId: night.id }, query: { limit: 50 } }, { as: admin });
    expect(history.body.entries.map((entry) => entry.kind).filter((kind) => kind === 'live_mark')).toHaveLength(2);
    // The next night: a DJ on standby, a stream tested.
    const next = await getEvent('Sunday Service #20');
    expect(next.signups.filter((signup) => signup.standby).map((signup) => signup.name)).toEqual(['Kai Kinetic']);
    expect(next.signups.filter((signup) => signup.streamTestedAt).map((signup) => signup.name)).toEqual(['Rex Rhythm']);
    // A DJ's plays: the no-show leaves Luna only the night before.
    const djNamed = (djName: string) => upgraded.tables.djs.find((dj) => dj.dj_name === djName)!.id;
    const plays = async (djName: string) => (await app.call(API.djs.getDj, { params: { djId: djNamed(djName) } }, { as: admin })).body.plays.map((play) => play.eventName);
    expect(await plays('Luna Loops')).toEqual(['Sunday Service #18']);
    expect(await plays('Rex Rhythm')).toEqual(['Sunday Service #20', 'Sunday Service #19']);
    // Settings: the series, the reminders, the stream checks.
    expect((await app.call(API.settings.getSettings, {}, { as: admin })).body).toMatchObject({ seriesName: 'Archive Nights', defaultZone: 'America/New_York' });
    expect((await app.call(API.djPosts.getReminderSettings, {}, { as: admin })).body).toMatchObject({ slotReminderMinutes: 45 });
    expect((await app.call(API.streamChecks.getStreamCheckSettings, {}, { as: admin })).body).toMatchObject({ hoursBefore: 3 });

    // And all of it comes out again as the upgraded archive holds it, no JSON column left as text.
    const again = (await app.call(API.archive.exportArchive, {}, { as: admin })).body;
    expect(again.tables).toEqual(upgraded.tables);
    expect(jsonInText(again)).toEqual([]);
  });
});

test('a JSON column read as text is found', () => {
  const archive = readArchive(fs.readFileSync(path.join(FIXTURES, `archive-v${ARCHIVE_VERSION}.json`), 'utf8'));
  if (!archive.ok) throw new Error(archive.message);
  const event = archive.value.tables.events[0]!;
  archive.value.tables.events[0] = { ...event, host: JSON.stringify(event.public_links) };
  expect(jsonInText(archive.value)).toEqual(['events.host']);
});
