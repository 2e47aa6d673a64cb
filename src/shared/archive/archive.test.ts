import { emptyTables, ARCHIVE_TABLES, ARCHIVE_VERSION, archiveTablesSchema, type ArchiveTables } from './schema.js';
import { neutraliseCell, restoreCell, toCsv, parseCsv } from './csv.js';
import { readFirestoreExport } from './firestore.js';
import { firestoreInstant, firestoreRef, unwrapValues } from './firestore-values.js';
import { readArchive } from './read.js';
import { readRosterCsv } from './roster-csv.js';
import { decodeSpreadsheet } from './text-encoding.js';
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

describe('Firestore values, as each export tool writes them', () => {
  const at = (value: unknown) => unwrapValues({ at: value }).value as { at: unknown };
  test.each([
    ['admin SDK JSON (firestore-export-import)', { _seconds: 1717959600, _nanoseconds: 500_000_000 }, '2024-06-09T19:00:00.500Z'],
    ['client SDK map', { seconds: 1717959600, nanoseconds: 0 }, '2024-06-09T19:00:00.000Z'],
    ['node-firestore-import-export', { __datatype__: 'timestamp', value: { _seconds: 1717959600, _nanoseconds: 0 } }, '2024-06-09T19:00:00.000Z'],
    ['Firefoo', { __time__: '2024-06-09T19:00:00.000Z' }, '2024-06-09T19:00:00.000Z'],
    ['out of range', { _seconds: 1e15, _nanoseconds: 0 }, null],
  ])('a timestamp of %s reads as %j', (_tool, value, iso) => {
    expect(at(value).at).toBe(iso);
  });
  test.each([
    ['an ISO string', '2024-06-09T20:00:00+01:00', '2024-06-09T19:00:00.000Z'],
    ['epoch milliseconds', 1717959600000, '2024-06-09T19:00:00.000Z'],
    ['words', 'next Sunday', null],
    ['nothing', null, null],
  ])('an instant given as %s reads as %j', (_label, value, iso) => {
    expect(firestoreInstant(value)).toBe(iso);
  });
  test.each([
    ['a path', 'djs/abc'],
    ['a resource name', 'projects/p/databases/(default)/documents/djs/abc'],
    ['an admin SDK reference', { _firestore: { projectId: 'p' }, _path: { segments: ['djs', 'abc'] }, _converter: {} }],
    ['a client SDK reference map', { _key: { path: { segments: ['djs', 'abc'], offset: 0, len: 2 } }, type: 'document', firestore: { app: {} }, converter: null }],
    ['a client SDK reference map whose path is a slice', { _key: { path: { segments: ['x', 'djs', 'abc', 'y'], offset: 1, len: 2 } }, type: 'document', firestore: {} }],
    ['node-firestore-import-export', { __datatype__: 'documentReference', value: 'djs/abc' }],
    ['Firefoo', { __ref__: 'djs/abc' }],
  ])('a reference as %s names the document abc', (_label, value) => {
    expect(firestoreRef(at(value).at)).toBe('abc');
  });
  test.each([['', null], [42, null], ['abc', 'abc'], ['/djs/abc', 'abc']])('the reference %j names %j', (value, id) => {
    expect(firestoreRef(value)).toBe(id);
  });
  test('documents also come as arrays with their ids, and an export without events or DJs is refused', () => {
    const file = (value: unknown) => [{ name: 'export.json', text: JSON.stringify(value) }];
    const read = readFirestoreExport(file({ djs: [{ id: 'x', dj_name: 'X', public_name: 'X', discord_id: '123456789012345678' }], events: [] }), '2030-01-01T00:00:00.000Z');
    expect(read.ok && read.value.archive.tables.djs.map((dj) => dj.id)).toEqual(['x']);
    expect(readFirestoreExport(file({ users: {}, events: {} }), '2030-01-01T00:00:00.000Z')).toEqual({ ok: false, message: 'This export has no "events" or "djs" collection with documents in it.' });
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
  test("version 1 (before DJs had reminder choices, and before a lineup kept the answers it goes by) is brought up to this version and reads", () => {
    const at = '2030-01-01T00:00:00.000Z';
    const { dj_preferences: _none, ...tables } = emptyTables();
    tables.events.push({ id: 'e', name: 'Night', start_at: at, end_at: at, published: false, host: '', message: '', footer: '', signups_open: true, signups_close_at: null, signup_cap: null, preflight: {}, public_links: [], cancelled_at: null, version: 1, created_at: at, updated_at: at });
    const { answers_in_use: _new, ...v1Signup } = {
      uuid: 's', event_id: 'e', position: 0, name: 'Rex', is_debut: false, requested_duration: 1, type: 'LIVE', hidden: false, form_data: { name: 'Rex' }, submitted_by: null,
      update_pending_at: at, update_fields: ['length'], update_dismissed_at: null, answers_in_use: null, created_at: at, updated_at: at,
    };
    const read = readArchive(JSON.stringify({ format: 'lineup-archive', version: 1, schema: '080_rate_limits', exportedAt: at, tables: { ...tables, signups: [v1Signup] } }));
    // The lineup went by the DJ's latest answers (answers_in_use null); nobody had reminder choices.
    expect(read).toMatchObject({ ok: true, value: { version: ARCHIVE_VERSION, tables: { signups: [{ ...v1Signup, answers_in_use: null, standby: false, stream_tested_at: null }], dj_preferences: [] } } });
  });
  test('version 2 (before standbys, stream checks and the live board) reads with nobody on standby, no stream tested and nothing marked (every lineup DJ played)', () => {
    const at = '2030-01-01T00:00:00.000Z';
    const tables = emptyTables();
    tables.events.push({ id: 'e', name: 'Night', start_at: at, end_at: at, published: false, host: '', message: '', footer: '', signups_open: true, signups_close_at: null, signup_cap: null, preflight: {}, public_links: [], cancelled_at: null, version: 1, created_at: at, updated_at: at });
    const v2Signup = {
      uuid: 's', event_id: 'e', position: 0, name: 'Rex', is_debut: false, requested_duration: 1, type: 'LIVE', hidden: false, form_data: { name: 'Rex' }, submitted_by: null,
      update_pending_at: null, update_fields: null, update_dismissed_at: null, answers_in_use: null, created_at: at, updated_at: at,
    };
    const read = readArchive(JSON.stringify({ format: 'lineup-archive', version: 2, schema: '100_dj_posts', exportedAt: at, tables: { ...tables, signups: [v2Signup] } }));
    expect(read).toMatchObject({ ok: true, value: { version: ARCHIVE_VERSION, tables: { signups: [{ ...v2Signup, standby: false, stream_tested_at: null, live_mark: null, live_marked_at: null }] } } });
  });
  test('a field an archive does not have is refused rather than silently dropped', () => {
    const read = readArchive(JSON.stringify({ ...JSON.parse(archive(ARCHIVE_VERSION)), sessions: [] }));
    expect(read).toEqual({ ok: false, message: 'The archive is damaged: Unrecognized key: "sessions".' });
  });
});

describe('spreadsheet views', () => {
  const AFTER_BOTH = '2027-01-01T00:00:00.000Z';
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
    expect(csvView({ tables: tables(), exportedAt: AFTER_BOTH }, 'events').split('\r\n').slice(0, 3)).toEqual([
      '\uFEFFDate,Start (Europe/London),Name,Host,Djs,Slots,Published,Cancelled,Event ID',
      '2026-07-05,20:00,Night summer,Hal,,0,yes,,summer',
      '2026-12-06,20:00,Night winter,Hal,DJ Dee,1,yes,,winter',
    ]);
  });
  test('the plays grid has a row per DJ and a column per event', () => {
    expect(csvView({ tables: tables(), exportedAt: AFTER_BOTH }, 'plays').split('\r\n').slice(0, 2)).toEqual([
      '\uFEFFDj Name,Discord ID,Total Plays,2026-07-05 Night summer,2026-12-06 Night winter',
      'DJ Dee,123456789012345678,2,1,1',
    ]);
    expect(csvView({ tables: tables(), exportedAt: AFTER_BOTH }, 'djs').split('\r\n')[1]).toBe('DJ Dee,Dee,123456789012345678,2,2026-12-06,,,');
  });
  test('exported before the winter night, it is booked, not played: as the roster counts it then (issue 34)', () => {
    const before = { tables: tables(), exportedAt: '2026-11-27T12:00:00.000Z' };
    expect(csvView(before, 'plays').split('\r\n')[1]).toBe('DJ Dee,123456789012345678,1,1,booked');
    expect(csvView(before, 'djs').split('\r\n')[1]).toBe('DJ Dee,Dee,123456789012345678,1,2026-07-05,,,');
  });
});

describe('roster CSV', () => {
  test('columns are found by their usual names, in any order, with semicolons and a byte-order mark', () => {
    const read = readRosterCsv('\uFEFFdiscord_id;Public Name;Name;Twitch\n123456789012345678;Dee;DJ Dee;https://twitch.tv/deedee\n');
    expect(read).toEqual({
      ok: true,
      value: { ignoredColumns: [], rows: [{ row: 2, problem: null, warnings: [], repeatedIn: null, values: { discordId: '123456789012345678', publicName: 'Dee', djName: 'DJ Dee', twitchUsername: 'deedee' } }] },
    });
  });
  test('two columns for one field are refused', () => {
    expect(readRosterCsv('Name,Dj Name,Alt Name,Discord ID\n')).toEqual({ ok: false, message: 'Two columns are the Dj Name: "Name" and "Dj Name". Keep one.' });
  });
});

test("the archive's columns are version 3's: a change needs a new ARCHIVE_VERSION and its upgrade (ARCHIVE_UPGRADES)", () => {
  const columns = Object.fromEntries(ARCHIVE_TABLES.map((table) => [table, Object.keys(archiveTablesSchema.shape[table].element.shape).join(' ')]));
  expect(ARCHIVE_VERSION).toBe(3);
  expect(columns).toEqual({
    events: 'id name start_at end_at published host message footer signups_open signups_close_at signup_cap preflight public_links cancelled_at version created_at updated_at',
    djs: 'id discord_id public_name dj_name rtmp_url twitch_username avatar_url notes archived_at created_at updated_at',
    dj_preferences: 'dj_id reminders_off updated_at',
    signups: 'uuid event_id position name is_debut requested_duration type hidden form_data submitted_by update_pending_at update_fields update_dismissed_at answers_in_use standby stream_tested_at live_mark live_marked_at created_at updated_at',
    signup_djs: 'signup_uuid event_id dj_id position confirmation',
    slots: 'event_id position signup_uuid start_at end_at legacy_dj_name legacy_dj_id legacy_duration legacy_is_debut legacy_slot_type stream_source_url stream_source_type',
    dj_plays: 'event_id dj_id',
    settings: 'key value updated_at',
    event_changes: 'id event_id at actor_dj_id actor_name kind version summary',
    discord_posts: 'event_id kind message_id webhook_id posted_at posted_by posted_by_name updated_at updated_by_name',
  });
});

describe('the text of a spreadsheet file', () => {
  const bytes = (...values: number[]) => new Uint8Array(values);
  test('Windows-1252 (Excel "CSV" on Windows) is told from UTF-8 by its bytes, its 0x80–0x9F range included', () => {
    expect(decodeSpreadsheet(bytes(0x4d, 0xe9, 0x80, 0x93, 0x94, 0x9f))).toEqual({ text: 'Mé€“”Ÿ', encoding: 'windows-1252', detected: true });
    expect(decodeSpreadsheet(new Uint8Array(Buffer.from('Mélodie', 'utf8')))).toEqual({ text: 'Mélodie', encoding: 'utf-8', detected: true });
  });
  test('a byte-order mark says UTF-8 or UTF-16 (Excel "Unicode Text"); a choice overrides detection', () => {
    expect(decodeSpreadsheet(bytes(0xef, 0xbb, 0xbf, 0x41))).toEqual({ text: 'A', encoding: 'utf-8', detected: true });
    expect(decodeSpreadsheet(bytes(0xff, 0xfe, 0x41, 0x00, 0xe9, 0x00))).toEqual({ text: 'Aé', encoding: 'utf-16le', detected: true });
    expect(decodeSpreadsheet(new Uint8Array(Buffer.from('Mélodie', 'utf8')), 'windows-1252').text).toBe('MÃ©lodie');
  });
});
