import fs from 'node:fs';
import { API } from '@shared/api/index.js';
import path from 'node:path';
import type { Archive } from '@shared/archive/schema.js';
import { ARCHIVE_VERSION } from '@shared/archive/schema.js';
import { DEFAULT_REMINDER_SETTINGS } from '@shared/schemas/dj-posts.js';
import { seedIfEmpty } from '../seed/seed.js';
import { type SignedIn, startTestApp, testDialects, type TestApp, type TestDialect } from '../testing/harness.js';
import { UNARCHIVED_TABLES, DERIVED_COLUMNS, archivedColumns } from './tables.js';
import { ARCHIVE_TABLES } from '@shared/archive/schema.js';

// The archive through HTTP, as an admin uses it: everything out, no secret with it, and back
// into a fresh install of the other database giving the same archive again.

const WEBHOOK = 'https://discord.com/api/webhooks/123456789012345678/s3cr3t-webhook-token-abcdefghijklmnop';

/** A community with everything an archive carries, and the secrets it must not. */
async function community(app: TestApp) {
  await seedIfEmpty(app.ctx.store.db, new Date('2030-06-01T12:00:00.000Z'));
  const db = app.ctx.store.db;
  const now = Date.parse('2030-06-01T12:00:00.000Z');
  await db.insertInto('settings').values({ key: 'discordWebhooks', value: JSON.stringify({ announcements: WEBHOOK }), updated_at: now }).execute();
  const admin = await app.signIn(['admin'], { djName: 'Archivist', discordId: '955555555555555501' });
  const { discordWebhooks: _webhooks, ...settings } = (await app.call(API.settings.getSettings, {}, { as: admin })).body;
  const saved = await app.call(API.settings.saveSettings, { body: { ...settings, seriesName: 'Archive Nights', defaultZone: 'America/New_York' } }, { as: admin });
  expect(saved.status).toBe(200);
  const dj = await app.signIn(['dj'], { djName: 'Calendar Keeper' });
  const link = await app.call(API.public.getCalendarLink, {}, { as: dj });
  expect(link.status).toBe(200);
  // The Reminders section and a DJ who turned their reminders off (archive version 2).
  expect((await app.call(API.djPosts.saveReminderSettings, { body: { ...DEFAULT_REMINDER_SETTINGS, slotReminderMinutes: 45 } }, { as: admin })).status).toBe(200);
  expect((await app.call(API.djPosts.saveMyReminders, { body: { remindersOn: false } }, { as: dj })).status).toBe(200);
  // A legacy slot (only a DJ name), an archived DJ, a cancelled event and a post to Discord.
  const event = await db.selectFrom('events').select(['id', 'end_at']).orderBy('start_at').executeTakeFirstOrThrow();
  await db
    .insertInto('slots')
    .values({ event_id: event.id, position: 99, signup_uuid: 'gone-signup', start_at: event.end_at, end_at: event.end_at + 3_600_000, legacy_dj_name: 'Old Timer', legacy_dj_id: null, legacy_duration: 1, legacy_is_debut: 1, legacy_slot_type: 'PRERECORD', stream_source_url: '', stream_source_type: 'PRERECORD' })
    .execute();
  await db.updateTable('djs').set({ archived_at: now }).where('id', '=', dj.djId).execute();
  await db.updateTable('events').set({ cancelled_at: now }).where('id', '=', event.id).execute();
  await db
    .insertInto('discord_posts')
    .values({ event_id: event.id, kind: 'announcement', message_id: '1111', webhook_id: '123456789012345678', posted_at: now, posted_by: admin.djId, posted_by_name: 'Archivist', updated_at: null, updated_by_name: null })
    .execute();
  return { admin, calendarUrl: link.body.url };
}

const withoutTime = (archive: Archive) => ({ ...archive, exportedAt: '' });

const otherKind = (dialect: TestDialect): TestDialect => (testDialects.includes('postgres') ? (dialect === 'sqlite' ? 'postgres' : 'sqlite') : 'sqlite');

describe.each(testDialects)('the archive from %s', (dialect) => {
  let source: TestApp;
  let target: TestApp | undefined;
  beforeEach(async () => {
    source = await startTestApp(dialect);
  });
  afterEach(async () => {
    await source.destroy();
    await target?.destroy();
    target = undefined;
  });

  test('carries every table and no secret: no webhook URL, calendar token, session or Discord token', async () => {
    const { admin, calendarUrl } = await community(source);
    const response = await source.call(API.archive.exportArchive, {}, { as: admin });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="lineup-archive-\d{4}-\d{2}-\d{2}\.json"$/);
    const archive = response.body;
    expect(archive).toMatchObject({ format: 'lineup-archive', version: ARCHIVE_VERSION });
    for (const table of ARCHIVE_TABLES) expect(archive.tables[table].length, table).toBeGreaterThan(0);
    expect(archive.tables.settings.map((row) => row.key)).toEqual(['global', 'reminders']);

    const text = JSON.stringify(archive);
    const token = calendarUrl.match(/\/feeds\/dj\/([^/.]+)\.ics/)![1]!;
    const db = source.ctx.store.db;
    const secrets = [
      WEBHOOK,
      's3cr3t-webhook-token',
      token,
      ...(await db.selectFrom('dj_calendar_links').select(['token_hash', 'nonce']).execute()).flatMap((row) => [row.token_hash, row.nonce]),
      ...(await db.selectFrom('sessions').select('id_hash').execute()).map((row) => row.id_hash),
      admin.cookie.split('=')[1]!,
    ];
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/discord_tokens|id_hash|token_hash|discordWebhooks/);
  });

  test(`imports into a fresh install of ${otherKind(dialect)} and exports the same archive again`, async () => {
    const { admin } = await community(source);
    const exported = (await source.call(API.archive.exportArchive, {}, { as: admin })).body;

    target = await startTestApp(otherKind(dialect));
    // The admin signs in to the new install first: their new DJ record is taken over by the archive's.
    const newAdmin = await target.signIn(['admin'], { djName: 'New me', discordId: '955555555555555501' });
    const preview = await target.call(API.archive.previewArchiveImport, { body: { text: JSON.stringify(exported) } }, { as: newAdmin });
    expect(preview.status).toBe(200);
    expect(preview.body.plan.refusal).toBeNull();
    expect(preview.body.plan.takenOver).toEqual([{ existingName: 'New me', archiveName: 'Archivist' }]);
    expect(preview.body.plan.counts.events).toBe(exported.tables.events.length);
    expect(await target.ctx.store.db.selectFrom('events').select('id').execute()).toEqual([]);

    const imported = await target.call(API.archive.importArchive, { body: { text: JSON.stringify(exported) } }, { as: newAdmin });
    expect(imported.status).toBe(200);
    // Still signed in, now as the archive's record.
    const again = await target.call(API.archive.exportArchive, {}, { as: newAdmin });
    expect(again.status).toBe(200);
    expect(withoutTime(again.body)).toEqual(withoutTime(exported));
    for (const view of ['djs', 'events', 'plays'] as const) {
      const before = await source.call(API.archive.exportCsv, { params: { view } }, { as: admin });
      const after = await target.call(API.archive.exportCsv, { params: { view } }, { as: newAdmin });
      expect(after.body).toBe(before.body);
    }
    // Derived statistics are computed again: the roster reads the same plays.
    const roster = (app: TestApp, as: SignedIn) => app.call(API.djs.getRoster, { query: { archived: 'include', limit: 100 } }, { as });
    expect((await roster(target, newAdmin)).body).toEqual((await roster(source, admin)).body);
  });

  test('a second import, or an import into an install with events, is refused and changes nothing', async () => {
    const { admin } = await community(source);
    const exported = (await source.call(API.archive.exportArchive, {}, { as: admin })).body;
    const before = JSON.stringify(exported);
    const refused = await source.call(API.archive.importArchive, { body: { text: JSON.stringify(exported) } }, { as: admin });
    expect(refused.status).toBe(409);
    expect(refused.error.message).toMatch(/^This install already has \d+ events: an archive is imported only into a new install/);
    const after = (await source.call(API.archive.exportArchive, {}, { as: admin })).body;
    expect(JSON.stringify(withoutTime(after))).toBe(JSON.stringify(withoutTime(JSON.parse(before) as Archive)));
  });

  test('a bad file is refused with a message that says what is wrong, and nothing is written', async () => {
    const { admin } = await community(source);
    const exported = (await source.call(API.archive.exportArchive, {}, { as: admin })).body;
    target = await startTestApp(dialect);
    const cookie = (await target.signIn(['admin'])).cookie;
    const text = JSON.stringify(exported);
    const dangling = structuredClone(exported);
    dangling.tables.signup_djs[0]!.dj_id = 'nobody';
    const cases: Array<[string, string, RegExp]> = [
      ['truncated', text.slice(0, Math.floor(text.length / 2)), /^The file ends early: it is not a whole archive/],
      ['newer', JSON.stringify({ ...exported, version: ARCHIVE_VERSION + 1 }), new RegExp(`^This archive is version ${ARCHIVE_VERSION + 1}, written by a newer Lineup; this install reads archives up to version ${ARCHIVE_VERSION}\\.`)],
      ['not an archive', JSON.stringify({ hello: 'world' }), /^This file is not a Lineup archive/],
      ['damaged', JSON.stringify({ ...exported, tables: { ...exported.tables, events: [{ ...exported.tables.events[0], start_at: 'soon' }] } }), /^The archive is damaged: tables\.events\[0\]\.start_at must be an ISO-8601 time/],
      ['inconsistent', JSON.stringify(dangling), /^The archive is inconsistent: signup_djs names the DJ nobody, which is not in the archive\.$/],
      ['empty', '', /^The file is empty\.$/],
    ];
    for (const [label, file, message] of cases) {
      for (const contract of [API.archive.previewArchiveImport, API.archive.importArchive]) {
        const response = await target.call(contract, { body: { text: file } }, { as: { cookie } });
        expect(response.status, `${label} ${contract.path}`).toBe(400);
        expect(response.error.message, label).toMatch(message);
      }
    }
    for (const table of ARCHIVE_TABLES) {
      const { n } = await target.ctx.store.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
      expect(Number(n), table).toBe(table === 'djs' ? 1 : 0);
    }
  });

  test('a Firestore export of the original tool previews with what it leaves out, then imports', async () => {
    const admin = await source.signIn(['admin']);
    const text = fs.readFileSync(path.join(import.meta.dirname, 'testing', 'firestore-export.json'), 'utf8');
    const preview = await source.call(API.archive.previewArchiveImport, { body: { source: 'firestore', text } }, { as: admin });
    expect(preview.status).toBe(200);
    expect(preview.body.plan.counts).toMatchObject({ events: 2, djs: 4, signups: 3, slots: 4 });
    expect(preview.body.skipped).toHaveLength(6);
    // Read as a Lineup archive, it is named for what it is.
    const wrongKind = await source.call(API.archive.previewArchiveImport, { body: { text } }, { as: admin });
    expect(wrongKind.error.message).toBe('This is not a Lineup archive but looks like an export of Firestore collections: import it as a Firestore export.');
    const imported = await source.call(API.archive.importArchive, { body: { source: 'firestore', text } }, { as: admin });
    expect(imported.status).toBe(200);
    expect(imported.body.skipped).toEqual(preview.body.skipped);
    expect((await source.call(API.events.getEvent, { params: { eventId: 'ev-past' } }, { as: admin })).status).toBe(200);
  });

  test('hosts, DJs and the signed-out cannot export or import', async () => {
    const host = await source.signIn(['host']);
    const dj = await source.signIn(['dj']);
    const calls = [
      (as?: SignedIn) => source.call(API.archive.exportArchive, {}, { as }),
      (as?: SignedIn) => source.call(API.archive.exportCsv, { params: { view: 'djs' } }, { as }),
      (as?: SignedIn) => source.call(API.archive.previewArchiveImport, { body: { text: '{}' } }, { as }),
      (as?: SignedIn) => source.call(API.archive.importArchive, { body: { text: '{}' } }, { as }),
      (as?: SignedIn) => source.call(API.archive.previewRosterImport, { body: { text: 'a' } }, { as }),
      (as?: SignedIn) => source.call(API.archive.importRoster, { body: { text: 'a', planId: 'x' } }, { as }),
    ];
    for (const [index, call] of calls.entries()) {
      expect((await call()).status, `call ${index}`).toBe(401);
      expect((await call(host)).status, `call ${index}`).toBe(403);
      expect((await call(dj)).status, `call ${index}`).toBe(403);
    }
  });

  // The migrations against the archive (the compiler checks the archive against db/schema.ts: columns.test.ts).
  test('every column of every table is archived, derived (computed again on import) or in a table left out on purpose', async () => {
    const tables = await source.ctx.store.db.introspection.getTables();
    const names = tables.map((table) => table.name).filter((name) => !name.startsWith('kysely_'));
    expect(names.filter((name) => !(ARCHIVE_TABLES as readonly string[]).includes(name)).sort()).toEqual(
      [...UNARCHIVED_TABLES].filter((name) => names.includes(name)).sort(),
    );
    const derived: { readonly [table: string]: readonly string[] | undefined } = DERIVED_COLUMNS;
    for (const table of ARCHIVE_TABLES) {
      const columns = tables.find((candidate) => candidate.name === table)!.columns.map((column) => column.name).sort();
      expect(columns, table).toEqual([...archivedColumns(table), ...(derived[table] ?? [])].sort());
    }
  });
});
