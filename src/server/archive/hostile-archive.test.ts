import { API } from '@shared/api/index.js';
import { ARCHIVE_TABLES, type Archive } from '@shared/archive/schema.js';
import { seedIfEmpty } from '../seed/seed.js';
import { startTestApp, testDialects, type SignedIn, type TestApp } from '../testing/harness.js';

// Archives a database would refuse, and text the forms would: every refusal is a 4xx naming the
// problem with nothing written, every text the forms would clean is cleaned with a report line,
// and downloads start only from the app's own pages (issue 32, Deliver 5 and 6).

describe.each(testDialects)('hostile archives on %s', (dialect) => {
  let source: TestApp;
  let target: TestApp;
  let admin: SignedIn;
  let archive: Archive;
  beforeAll(async () => {
    source = await startTestApp(dialect);
    await seedIfEmpty(source.ctx.store.db, new Date('2030-06-01T12:00:00.000Z'));
    const owner = await source.signIn(['admin']);
    archive = (await source.call(API.archive.exportArchive, {}, { as: owner })).body;
  });
  afterAll(async () => {
    await source.destroy();
  });
  beforeEach(async () => {
    target = await startTestApp(dialect);
    admin = await target.signIn(['admin']);
  });
  afterEach(async () => {
    await target.destroy();
  });

  const counts = async () =>
    Object.fromEntries(
      await Promise.all(
        ARCHIVE_TABLES.map(async (table) => [table, Number((await target.ctx.store.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)] as const),
      ),
    );
  /** JSON of arrays nested `levels` deep (written out: JSON.stringify itself would overflow). */
  const deep = (levels: number) => `${'['.repeat(levels)}"bottom"${']'.repeat(levels)}`;
  const changed = (change: (copy: Archive) => void) => {
    const copy = structuredClone(archive);
    change(copy);
    return JSON.stringify(copy);
  };

  test.each([
    ['JSON nested 5,000 deep', () => JSON.stringify(archive).replace('"preflight":{}', `"preflight":${deep(5000)}`), /^The file nests values more than 64 levels deep/],
    ['an integer of 2^31 (PostgreSQL: integer out of range)', () => changed((copy) => (copy.tables.slots[0]!.position = 2 ** 31)), /^The archive is damaged: tables\.slots\[0\]\.position must be at most 2147483647/],
    ['a NUL character in a note', () => changed((copy) => (copy.tables.djs[0]!.notes = 'before\u0000after')), /^The archive is damaged: tables\.djs\[0\]\.notes contains a NUL character/],
    ['a time in the year 9999', () => changed((copy) => (copy.tables.events[0]!.start_at = '9999-12-31T20:00:00.000Z')), /^The archive is damaged: tables\.events\[0\]\.start_at must be a real time in the years 1970 to 2999/],
  ])('%s is refused with a 400 naming it, by the preview and the import, and nothing is written', async (_label, file, message) => {
    const before = await counts();
    const text = file();
    for (const contract of [API.archive.previewArchiveImport, API.archive.importArchive]) {
      const answer = await target.call(contract, { body: { text } }, { as: admin });
      expect(answer.status, contract.path).toBe(400);
      expect(answer.error.message).toMatch(message);
    }
    expect(await counts()).toEqual(before);
  });

  test('text the forms would refuse is cleaned with a report line, and the event opens', async () => {
    const text = changed((copy) => {
      copy.tables.events[0]!.name = 'Two\nlines \u202Eand a bidi mark';
      copy.tables.events[1]!.name = 'x'.repeat(300);
      copy.tables.djs[0]!.rtmp_url = 'javascript:alert(1)';
    });
    const imported = await target.call(API.archive.importArchive, { body: { text } }, { as: admin });
    expect(imported.status).toBe(200);
    const [first, second] = [archive.tables.events[0]!, archive.tables.events[1]!];
    expect(imported.body.skipped).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Event "Two lines .and a bidi mark" \(\d{4}-\d{2}-\d{2}\): the name "Two lines .and a bidi mark" was cleaned to "Two lines and a bidi mark" \(Event name must be one line/),
        expect.stringMatching(/^Event "x{59}…" \(\d{4}-\d{2}-\d{2}\): the name "x{59}…" was cleaned to "x{59}…" \(Event name must be at most 200 characters\)\.$/),
        expect.stringMatching(/^DJ ".*": the stream URL "javascript:alert\(1\)" was left empty/),
      ]),
    );
    for (const event of [first, second]) {
      expect((await target.call(API.events.getEvent, { params: { eventId: event.id } }, { as: admin })).status).toBe(200);
    }
    const names = await target.ctx.store.db.selectFrom('events').select(['id', 'name']).where('id', 'in', [first.id, second.id]).execute();
    expect(Object.fromEntries(names.map((row) => [row.id, row.name]))).toEqual({ [first.id]: 'Two lines and a bidi mark', [second.id]: 'x'.repeat(200) });
  });

  test('a download starts only from the app: a cross-site navigation or another origin is refused before anything is read', async () => {
    const foreign: Array<Record<string, string>> = [{ 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' }, { 'sec-fetch-site': 'same-site' }, { origin: 'https://evil.example' }];
    for (const headers of foreign) {
      for (const contract of [API.archive.exportArchive, API.archive.exportCsv]) {
        const answer = await target.call(contract, { params: { view: 'djs' } } as never, { as: admin, headers });
        expect(answer.status, JSON.stringify(headers)).toBe(403);
        expect(answer.error.code).toBe('cross_site');
      }
    }
    // From the page (a same-origin link) or an address typed in (none).
    for (const site of ['same-origin', 'none']) {
      const answer = await target.call(API.archive.exportArchive, {}, { as: admin, headers: { 'sec-fetch-site': site } });
      expect(answer.status, site).toBe(200);
      expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="lineup-archive-/);
    }
  });
});
