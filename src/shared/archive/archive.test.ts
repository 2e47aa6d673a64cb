import { emptyTables, ARCHIVE_TABLES, ARCHIVE_VERSION, archiveTablesSchema, type ArchiveTables } from './schema.js';
import { neutraliseCell, restoreCell, toCsv, parseCsv } from './csv.js';
import { firestoreInstant, firestoreRef, readFirestoreExport } from './firestore.js';
import { readArchive } from './read.js';
import { readRosterCsv } from './roster-csv.js';
import { csvView } from './views.js';

describe('CSV cells', () => {
  test.each(['=SUM(A1)', '+1', '-2', '@me', '\tx'])('%j never runs as a formula and reads back as typed', (typed) => {
    expect(neutraliseCell(typed)).toBe(`'${typed}`);
    expect(restoreCell(neutraliseCell(typed))).toBe(typed);
  });
  test('ordinary text is left alone, an apostrophe someone typed too', () => {
    expect(neutraliseCell("DJ O'Neil")).toBe("DJ O'Neil");
    expect(restoreCell("'quoted")).toBe("'quoted");
  });
  test('files open in spreadsheets as UTF-8 with RFC 4180 quoting, and parse back', () => {
    const csv = toCsv(['Name', 'Count'], [['Åsa, "the" DJ', 3], [null, 0]]);
    expect(csv).toBe('\uFEFFName,Count\r\n"Åsa, ""the"" DJ",3\r\n,0\r\n');
    expect(parseCsv(csv)).toEqual({ rows: [['Name', 'Count'], ['Åsa, "the" DJ', '3'], ['', '0']], problem: null });
  });
});

describe('Firestore values', () => {
  test.each([
    [{ _seconds: 1717959600, _nanoseconds: 500_000_000 }, '2024-06-09T19:00:00.500Z'],
    [{ seconds: 1717959600, nanoseconds: 0 }, '2024-06-09T19:00:00.000Z'],
    [{ __datatype__: 'timestamp', value: { _seconds: 1717959600, _nanoseconds: 0 } }, '2024-06-09T19:00:00.000Z'],
    ['2024-06-09T20:00:00+01:00', '2024-06-09T19:00:00.000Z'],
    [1717959600000, '2024-06-09T19:00:00.000Z'],
    ['next Sunday', null],
    [null, null],
  ])('the timestamp %j is %j', (value, iso) => {
    expect(firestoreInstant(value)).toBe(iso);
  });
  test.each([
    ['djs/abc', 'abc'],
    ['/djs/abc', 'abc'],
    ['projects/p/databases/(default)/documents/djs/abc', 'abc'],
    ['abc', 'abc'],
    [{ _path: { segments: ['djs', 'abc'] } }, 'abc'],
    [{ __datatype__: 'documentReference', value: 'djs/abc' }, 'abc'],
    [{ path: 'djs/abc', id: 'abc' }, 'abc'],
    ['', null],
    [42, null],
  ])('the reference %j names %j', (value, id) => {
    expect(firestoreRef(value)).toBe(id);
  });
  test('documents also come as arrays with their ids, and an export without events or DJs is refused', () => {
    const read = readFirestoreExport({ djs: [{ id: 'x', dj_name: 'X', public_name: 'X', discord_id: '123456789012345678' }], events: [] }, '2030-01-01T00:00:00.000Z');
    expect(read.ok && read.value.archive.tables.djs.map((dj) => dj.id)).toEqual(['x']);
    expect(readFirestoreExport({ users: {} }, '2030-01-01T00:00:00.000Z')).toEqual({ ok: false, message: 'This export has no "events" or "djs" collection with documents in it.' });
  });
});

describe('reading an archive file', () => {
  const archive = (version: unknown) => JSON.stringify({ format: 'lineup-archive', version, schema: 'x', exportedAt: '2030-01-01T00:00:00.000Z', tables: emptyTables() });
  test('this version reads; a newer one names both versions; a missing one is refused', () => {
    expect(readArchive(archive(ARCHIVE_VERSION)).ok).toBe(true);
    expect(readArchive(archive(ARCHIVE_VERSION + 3))).toEqual({
      ok: false,
      message: `This archive is version ${ARCHIVE_VERSION + 3}, written by a newer Lineup; this install reads archives up to version ${ARCHIVE_VERSION}. Update Lineup, then import it again.`,
    });
    expect(readArchive(archive('1'))).toEqual({ ok: false, message: 'The archive has no valid version number.' });
  });
  test.each(['{"format":"lineup-archive"', '{"format":"lineup-archive","tables":{"ev', '{"a":[1,2', '{"a":"unterminated'])('%j is named as cut short', (text) => {
    expect(readArchive(text)).toMatchObject({ ok: false, message: expect.stringMatching(/^The file ends early/) });
  });
  test('text that is not JSON at all is named as such', () => {
    expect(readArchive('<html>')).toMatchObject({ ok: false, message: expect.stringMatching(/^The file is not valid JSON \(.*\), so it is not a Lineup archive\.$/) });
  });
  test('a Firestore export given as an archive is named as one', () => {
    expect(readArchive(JSON.stringify({ __collections__: { events: {} } }))).toEqual({
      ok: false,
      message: 'This is not a Lineup archive but looks like an export of Firestore collections: import it as a Firestore export.',
    });
  });
  test("a version 1 archive reads: its signups' lineups went by the DJs' latest answers (answers_in_use null)", () => {
    const at = '2030-01-01T00:00:00.000Z';
    const tables = emptyTables();
    tables.events.push({ id: 'e', name: 'Night', start_at: at, end_at: at, published: false, host: '', message: '', footer: '', signups_open: true, signups_close_at: null, signup_cap: null, preflight: {}, public_links: [], cancelled_at: null, version: 1, created_at: at, updated_at: at });
    const { answers_in_use: _new, ...v1Signup } = {
      uuid: 's', event_id: 'e', position: 0, name: 'Rex', is_debut: false, requested_duration: 1, type: 'LIVE', hidden: false, form_data: { name: 'Rex' }, submitted_by: null,
      update_pending_at: at, update_fields: ['length'], update_dismissed_at: null, answers_in_use: null, created_at: at, updated_at: at,
    };
    const read = readArchive(JSON.stringify({ format: 'lineup-archive', version: 1, schema: 'x', exportedAt: at, tables: { ...tables, signups: [v1Signup] } }));
    expect(read).toMatchObject({ ok: true, value: { version: ARCHIVE_VERSION, tables: { signups: [{ ...v1Signup, answers_in_use: null }] } } });
  });
  test('a field an archive does not have is refused rather than silently dropped', () => {
    const read = readArchive(JSON.stringify({ ...JSON.parse(archive(ARCHIVE_VERSION)), sessions: [] }));
    expect(read).toEqual({ ok: false, message: 'The archive is damaged: Unrecognized key: "sessions".' });
  });
});

describe('spreadsheet views', () => {
  const tables = (): ArchiveTables => {
    const t = emptyTables();
    const event = (id: string, start: string) => ({
      id, name: `Night ${id}`, start_at: start, end_at: start, published: true, host: 'Hal', message: '', footer: '', signups_open: false,
      signups_close_at: null, signup_cap: null, preflight: {}, public_links: [], cancelled_at: null, version: 1, created_at: start, updated_at: start,
    });
    t.events.push(event('summer', '2026-07-05T19:00:00.000Z'), event('winter', '2026-12-06T20:00:00.000Z'));
    t.djs.push({ id: 'd', discord_id: '123456789012345678', public_name: 'Dee', dj_name: 'DJ Dee', rtmp_url: '', twitch_username: '', avatar_url: null, notes: '', archived_at: null, created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' });
    t.dj_plays.push({ event_id: 'summer', dj_id: 'd' }, { event_id: 'winter', dj_id: 'd' });
    t.slots.push({ event_id: 'winter', position: 0, signup_uuid: null, start_at: '2026-12-06T20:00:00.000Z', end_at: '2026-12-06T21:00:00.000Z', legacy_dj_name: null, legacy_dj_id: 'd', legacy_duration: 1, legacy_is_debut: false, legacy_slot_type: 'LIVE', stream_source_url: '', stream_source_type: 'VRCDN' });
    return t;
  };
  test('events are dated in the series zone, London summer (BST) and winter (GMT) alike, with their DJs', () => {
    expect(csvView(tables(), 'events').split('\r\n').slice(0, 3)).toEqual([
      '\uFEFFDate,Start (Europe/London),Name,Host,Djs,Slots,Published,Cancelled,Event ID',
      '2026-07-05,20:00,Night summer,Hal,,0,yes,,summer',
      '2026-12-06,20:00,Night winter,Hal,DJ Dee,1,yes,,winter',
    ]);
  });
  test('the plays grid has a row per DJ and a column per event', () => {
    expect(csvView(tables(), 'plays').split('\r\n').slice(0, 2)).toEqual([
      '\uFEFFDj Name,Discord ID,Total Plays,2026-07-05 Night summer,2026-12-06 Night winter',
      'DJ Dee,123456789012345678,2,1,1',
    ]);
    expect(csvView(tables(), 'djs').split('\r\n')[1]).toBe('DJ Dee,Dee,123456789012345678,2,2026-12-06,,,');
  });
});

describe('roster CSV', () => {
  test('columns are found by their usual names, in any order, with semicolons and a byte-order mark', () => {
    const read = readRosterCsv('\uFEFFdiscord_id;Public Name;Name;Twitch\n123456789012345678;Dee;DJ Dee;https://twitch.tv/deedee\n');
    expect(read).toEqual({
      ok: true,
      value: { ignoredColumns: [], rows: [{ row: 2, problem: null, values: { discordId: '123456789012345678', publicName: 'Dee', djName: 'DJ Dee', twitchUsername: 'deedee' } }] },
    });
  });
  test('two columns for one field are refused', () => {
    expect(readRosterCsv('Name,Dj Name,Alt Name,Discord ID\n')).toEqual({ ok: false, message: 'Two columns are the Dj Name: "Name" and "Dj Name". Keep one.' });
  });
});

test("the archive's columns are version 2's: a change needs a new ARCHIVE_VERSION and its upgrade (ARCHIVE_UPGRADES)", () => {
  const columns = Object.fromEntries(ARCHIVE_TABLES.map((table) => [table, Object.keys(archiveTablesSchema.shape[table].element.shape).join(' ')]));
  expect(ARCHIVE_VERSION).toBe(2);
  expect(columns).toEqual({
    events: 'id name start_at end_at published host message footer signups_open signups_close_at signup_cap preflight public_links cancelled_at version created_at updated_at',
    djs: 'id discord_id public_name dj_name rtmp_url twitch_username avatar_url notes archived_at created_at updated_at',
    signups: 'uuid event_id position name is_debut requested_duration type hidden form_data submitted_by update_pending_at update_fields update_dismissed_at answers_in_use created_at updated_at',
    signup_djs: 'signup_uuid event_id dj_id position confirmation',
    slots: 'event_id position signup_uuid start_at end_at legacy_dj_name legacy_dj_id legacy_duration legacy_is_debut legacy_slot_type stream_source_url stream_source_type',
    dj_plays: 'event_id dj_id',
    settings: 'key value updated_at',
    event_changes: 'id event_id at actor_dj_id actor_name kind version summary',
    discord_posts: 'event_id kind message_id webhook_id posted_at posted_by posted_by_name updated_at updated_by_name',
  });
});
