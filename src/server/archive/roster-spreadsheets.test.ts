import { API } from '@shared/api/index.js';
import { djInputSchema } from '@shared/schemas/djs.js';
import { startTestApp, testDialects, type TestApp } from '../testing/harness.js';
import { base64, EXCEL_CSV_UTF8, EXCEL_EUROPEAN_CSV, GOOGLE_FORM_RESPONSES, GOOGLE_SHEETS_CSV } from './testing/spreadsheets.js';

// Rosters as spreadsheet programs save them (testing/spreadsheets.ts names each program and what
// it does to the bytes), sent as the page sends a file: its bytes, read by the server.

describe.each(testDialects)('rosters saved by spreadsheet programs, on %s', (dialect) => {
  let app: TestApp;
  let cookie: string;
  beforeEach(async () => {
    app = await startTestApp(dialect);
    ({ cookie } = await app.signIn(['admin'], { djName: 'Admin', discordId: '111111111111111111' }));
  });
  afterEach(async () => {
    await app.destroy();
  });

  const preview = (bytes: Uint8Array, encoding?: 'auto' | 'utf-8' | 'windows-1252') =>
    app.call(API.archive.previewRosterImport, { body: { base64: base64(bytes), encoding } }, { as: { cookie } });
  const importFile = async (bytes: Uint8Array) => {
    const { body } = await preview(bytes);
    return app.call(API.archive.importRoster, { body: { base64: base64(bytes), planId: body.planId } }, { as: { cookie } });
  };
  const djs = () => app.ctx.store.db.selectFrom('djs').select(['dj_name', 'public_name', 'discord_id', 'rtmp_url', 'twitch_username']).where('discord_id', '!=', '111111111111111111').orderBy('discord_id').execute();
  /** A link the stream rule takes is stored in its one form; one it refuses is a warning on its cell. */
  const linkOutcome = (raw: string) => djInputSchema.shape.rtmpUrl.safeParse(raw);

  test('Google Sheets: mentions and spaced IDs are taken, an error cell is refused with its reason, a bad link is a warning on its cell', async () => {
    const answer = await preview(GOOGLE_SHEETS_CSV);
    expect(answer.status).toBe(200);
    expect(answer.body.encoding).toEqual({ used: 'utf-8', detected: true });
    expect(answer.body.rows.map((row) => [row.row, row.action, row.discordId])).toEqual([
      [2, 'create', '284719356793938601'],
      [3, 'create', '284719356793938602'],
      [4, 'create', '284719356793938603'],
      [5, 'refused', '284719356793938604'],
      [6, 'create', '284719356793938605'],
    ]);
    expect(answer.body.rows[3]!.problem).toMatch(/^The Dj Name cell holds #ERROR!, an error value instead of the text/);
    expect(answer.body.rows[4]!.warnings).toEqual([expect.stringMatching(/^VRCDN\/RTMP "not a link" left out: /)]);
    const aurora = linkOutcome('rtspt://stream.vrcdn.live/live/aurora');
    expect(answer.body.rows[0]!.warnings).toEqual(aurora.success ? [] : [expect.stringMatching(/^VRCDN\/RTMP "rtspt:\/\/stream\.vrcdn\.live\/live\/aurora" left out/)]);

    expect((await importFile(GOOGLE_SHEETS_CSV)).status).toBe(200);
    expect(await djs()).toEqual([
      { dj_name: 'Aurora', public_name: 'Aurora Lights', discord_id: '284719356793938601', rtmp_url: aurora.success ? aurora.data : '', twitch_username: 'aurora_beats' },
      { dj_name: 'Basil Bass', public_name: 'Basil', discord_id: '284719356793938602', rtmp_url: '', twitch_username: '' },
      { dj_name: 'Cleo, the Crate Digger', public_name: 'Cleo', discord_id: '284719356793938603', rtmp_url: '', twitch_username: 'cleocrates' },
      { dj_name: 'Dax', public_name: 'Dax', discord_id: '284719356793938605', rtmp_url: '', twitch_username: 'dax_live' },
    ]);
  });

  test('Excel "CSV UTF-8": every ID Excel turned into 2.84719E+17 is refused with what Excel did and how to keep IDs whole', async () => {
    const answer = await preview(EXCEL_CSV_UTF8);
    expect(answer.body.counts).toMatchObject({ create: 0, refused: 3 });
    for (const row of answer.body.rows) {
      expect(row.problem).toBe(
        'Excel turned this Discord ID into 2.84719E+17 and lost its last digits (Excel keeps 15). To keep IDs whole, select the Discord ID column in Excel, choose Format Cells → Text, enter the IDs again, save as CSV and import again.',
      );
    }
    expect(answer.body.rows.map((row) => row.djName)).toEqual(['Aurora', 'Mélodie', 'Zoë']);
  });

  test("Excel's European ';' CSV in Windows-1252: the encoding is detected, names arrive whole, #NAME? is refused", async () => {
    const answer = await preview(EXCEL_EUROPEAN_CSV);
    expect(answer.body.encoding).toEqual({ used: 'windows-1252', detected: true });
    expect(answer.body.rows.map((row) => [row.action, row.djName, row.publicName])).toEqual([
      ['create', 'Mélodie', 'Mélodie'],
      ['create', 'Zoë', 'Zoë Ångström'],
      ['refused', '', 'Minus'],
      ['create', 'Jörg', 'Jörg'],
    ]);
    expect(answer.body.rows[2]!.problem).toMatch(/^The Dj Name cell holds #NAME\?, an error value instead of the text \(Excel writes it when it takes text starting with =, \+ or - for a formula\)/);
    expect(answer.body.rows[3]!.warnings).toEqual([expect.stringMatching(/^VRCDN\/RTMP "ftp:\/\/files\.example\/set\.mp3" left out: /)]);
    // Read as UTF-8 on request, the accents are the replacement character: the admin sees why to choose otherwise.
    expect((await preview(EXCEL_EUROPEAN_CSV, 'utf-8')).body.rows[0]!.djName).toBe('M\uFFFDlodie');
    expect((await importFile(EXCEL_EUROPEAN_CSV)).status).toBe(200);
    expect((await djs()).map((row) => row.dj_name)).toEqual(['Mélodie', 'Zoë', 'Jörg']);
  });

  test("a Google Form's responses where a DJ sent the form twice: the preview says so and the later row is imported", async () => {
    const answer = await preview(GOOGLE_FORM_RESPONSES);
    expect(answer.status).toBe(200);
    expect(answer.body.ignoredColumns).toEqual(['Timestamp', 'Email Address']);
    expect(answer.body.rows.map((row) => [row.row, row.action])).toEqual([
      [2, 'repeated'],
      [3, 'create'],
      [4, 'create'],
    ]);
    expect(answer.body.rows[0]!.problem).toBe(
      'Row 4 has the same Discord ID (the DJ sent the form again?): the later row is imported, this one is left out. Delete the row you do not want to keep it otherwise.',
    );
    expect((await importFile(GOOGLE_FORM_RESPONSES)).status).toBe(200);
    expect(await djs()).toEqual([
      { dj_name: 'Fenn', public_name: 'Fenn the Second', discord_id: '284719356793938621', rtmp_url: 'rtmp://stream.vrcdn.live/live/fenn2', twitch_username: 'fenn_live' },
      { dj_name: 'Gale', public_name: 'Gale', discord_id: '284719356793938622', rtmp_url: '', twitch_username: 'gale_fm' },
    ]);
  });

  test('IDs that end in zeros the way Excel rounds them are refused when the file shows it more than once, a warning when once', async () => {
    const csv = (ids: string[]) => new Uint8Array(Buffer.from(['Dj Name,Alt Name,Discord ID', ...ids.map((id, i) => `DJ ${i},P ${i},${id}`)].join('\r\n')));
    const twice = await preview(csv(['284719356793938000', '284719356793939000']));
    expect(twice.body.rows.map((row) => row.action)).toEqual(['refused', 'refused']);
    expect(twice.body.rows[0]!.problem).toMatch(/^This Discord ID ends in 3 zeros the way Excel stores a number of more than 15 digits/);
    const once = await preview(csv(['284719356793938000', '284719356793938123']));
    expect(once.body.rows.map((row) => row.action)).toEqual(['create', 'create']);
    expect(once.body.rows[0]!.warnings).toEqual([expect.stringMatching(/^Discord ID: check it\. This Discord ID ends in 3 zeros/)]);
  });
});
