import { API } from '@shared/api/index.js';
import { startTestApp, testDialects, type TestApp } from '../testing/harness.js';

// The DJ roster from a spreadsheet, as an admin imports it: a preview of every row, then exactly
// that written in one transaction; a file that cannot be used as a whole is refused as a whole.

const HEADER = 'Dj Name,Alt Name,Discord ID,VRCDN/RTMP,Twitch Username';

describe.each(testDialects)('roster import from CSV on %s', (dialect) => {
  let app: TestApp;
  let cookie: string;
  beforeEach(async () => {
    app = await startTestApp(dialect);
    ({ cookie } = await app.signIn(['admin'], { djName: 'Known DJ', publicName: 'Known', discordId: '111111111111111111' }));
  });
  afterEach(async () => {
    await app.destroy();
  });

  const roster = async () =>
    (await app.ctx.store.db.selectFrom('djs').select(['dj_name', 'public_name', 'discord_id', 'rtmp_url', 'twitch_username']).orderBy('discord_id').execute());
  const preview = (text: string) => app.call(API.archive.previewRosterImport, { body: { text } }, { as: { cookie } });

  test('previews what it creates, updates (by Discord ID), leaves and refuses, then writes exactly that', async () => {
    const csv = [
      `Notes,${HEADER}`,
      'ignored,New Person,Newbie,222222222222222222,stream.vrcdn.live/live/new,@newbie',
      'ignored,Known DJ Renamed,Known,111111111111111111,,',
      ',"Quoted, Name",Q,333333333333333333,,',
      ',Bad Id,B,12345,,',
      ',,NoName,444444444444444444,,',
      "',=HYPERLINK(\"x\"),Formula,555555555555555555,,",
    ].join('\r\n');
    const answer = await preview(csv);
    expect(answer.status).toBe(200);
    expect(answer.body.ignoredColumns).toEqual(['Notes']);
    expect(answer.body.counts).toEqual({ create: 3, update: 1, unchanged: 0, repeated: 0, refused: 2 });
    expect(answer.body.rows.map((row) => [row.row, row.action, row.djName, row.problem])).toEqual([
      [2, 'create', 'New Person', null],
      [3, 'update', 'Known DJ Renamed', null],
      [4, 'create', 'Quoted, Name', null],
      [5, 'refused', 'Bad Id', 'A Discord ID is a user identification number (UID) at least 17 digits long.'],
      [6, 'refused', '', 'Dj Name is required.'],
      [7, 'create', '=HYPERLINK("x")', null],
    ]);
    // An empty cell leaves the stored value as it is: only the name changes.
    expect(answer.body.rows[1]!.changes).toEqual([{ field: 'Dj Name', from: 'Known DJ', to: 'Known DJ Renamed' }]);
    expect(await roster()).toHaveLength(1);

    const imported = await app.call(API.archive.importRoster, { body: { text: csv, planId: answer.body.planId } }, { as: { cookie } });
    expect(imported).toMatchObject({ status: 200, body: { counts: { create: 3, update: 1, unchanged: 0, repeated: 0, refused: 2 } } });
    expect(await roster()).toEqual([
      { dj_name: 'Known DJ Renamed', public_name: 'Known', discord_id: '111111111111111111', rtmp_url: '', twitch_username: '' },
      { dj_name: 'New Person', public_name: 'Newbie', discord_id: '222222222222222222', rtmp_url: 'rtmp://stream.vrcdn.live/live/new', twitch_username: 'newbie' },
      { dj_name: 'Quoted, Name', public_name: 'Q', discord_id: '333333333333333333', rtmp_url: '', twitch_username: '' },
      { dj_name: '=HYPERLINK("x")', public_name: 'Formula', discord_id: '555555555555555555', rtmp_url: '', twitch_username: '' },
    ]);
    // The same file again: nothing left to do.
    expect((await preview(csv)).body.counts).toEqual({ create: 0, update: 0, unchanged: 4, repeated: 0, refused: 2 });
  });

  test('an import whose roster changed since its preview is refused and changes nothing', async () => {
    const csv = `${HEADER}\nLate Comer,Late,666666666666666666,,`;
    const { planId } = (await preview(csv)).body;
    await app.signIn(['dj'], { discordId: '666666666666666666', djName: 'Signed in meanwhile' });
    const before = await roster();
    const refused = await app.call(API.archive.importRoster, { body: { text: csv, planId } }, { as: { cookie } });
    expect(refused.status).toBe(409);
    expect(refused.error.message).toBe('The roster changed since the preview (or the file did): preview the import again.');
    expect(await roster()).toEqual(before);
  });

  const manyRows = (n: number) => [HEADER, ...Array.from({ length: n }, (_, i) => `DJ ${i},P ${i},${String(700000000000000000 + i)},,`)].join('\n');

  test.each([
    ['a wrong header', 'Name;Email\nAda;ada@example.org', 'The first row must name the columns Dj Name, Alt Name, Discord ID (and optionally VRCDN/RTMP, Twitch Username); it has no Alt Name, Discord ID.'],
    ['20,000 rows', manyRows(20_000), 'The file has 20,000 rows; one import takes at most 5,000 DJs. Split the file and import the parts.'],
    ['an empty file', '', 'The file is empty.'],
    ['a header without rows', HEADER, 'The file has a header but no DJs.'],
    ['an unclosed quote', `${HEADER}\n"Open,A,777777777777777777,,`, 'Row 2 has a quoted value that is never closed.'],
  ])('%s is refused as a whole with a clear message, by the preview and the import, and nothing changes', async (_label, text, message) => {
    const before = await roster();
    const answer = await preview(text);
    expect(answer.status).toBe(400);
    expect(answer.error.message).toBe(message);
    const imported = await app.call(API.archive.importRoster, { body: { text, planId: 'anything' } }, { as: { cookie } });
    expect(imported.status).toBe(400);
    expect(imported.error.message).toBe(message);
    expect(await roster()).toEqual(before);
  });

  test('the roster CSV export reads back in as a roster import', async () => {
    await preview(`${HEADER}\n=Eq,Eq,999999999999999999,,`).then(({ body }) =>
      app.call(API.archive.importRoster, { body: { text: `${HEADER}\n=Eq,Eq,999999999999999999,,`, planId: body.planId } }, { as: { cookie } }),
    );
    const csv = await app.call(API.archive.exportCsv, { params: { view: 'djs' } }, { as: { cookie } });
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.body).toContain("'=Eq,Eq,999999999999999999");
    const again = await preview(csv.body);
    expect(again.body.counts).toEqual({ create: 0, update: 0, unchanged: 2, repeated: 0, refused: 0 });
    expect(again.body.ignoredColumns).toEqual(['Total Plays', 'Most Recent Play', 'Archived']);
  });
});
