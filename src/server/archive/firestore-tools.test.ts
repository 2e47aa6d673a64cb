import { API } from '@shared/api/index.js';
import { slotSchema } from '@shared/schemas/lineup.js';
import { normaliseStreamLink, streamSourceOf } from '@shared/streams.js';
import { startTestApp, testDialects, type SignedIn, type TestApp } from '../testing/harness.js';
import { DJS, EVENTS, expectedLinks, expectedPlays, exportFiles, type Tool } from './testing/original-tool.js';

// The original tool's Firestore data exported by the tools communities use (testing/original-tool.ts
// says which tool writes what), imported through the page's endpoints: every signup → DJ link and
// every play arrives, every event's pages open, and the report names what stayed behind and why.

const TOOLS: Tool[] = ['node-firestore-import-export', 'firestore-export-import', 'firefoo'];
const sorted = (pairs: Array<[string, string]>) => pairs.map((pair) => pair.join(' ')).sort();

describe.each(testDialects)('Firestore exports on %s', (dialect) => {
  let app: TestApp;
  let admin: SignedIn;
  beforeEach(async () => {
    app = await startTestApp(dialect);
    admin = await app.signIn(['admin'], { djName: 'Admin here', discordId: DJS[0]!.discordId });
  });
  afterEach(async () => {
    await app.destroy();
  });

  test.each(TOOLS)('as %s writes it: every link and play arrives, every event opens, the report says what stayed behind', async (tool) => {
    const files = exportFiles(tool);
    expect(files).toHaveLength(tool === 'firefoo' ? 4 : 1);
    const body = { source: 'firestore' as const, files };
    const preview = await app.call(API.archive.previewArchiveImport, { body }, { as: admin });
    expect(preview.status).toBe(200);
    expect(preview.body.plan).toMatchObject({ refusal: null, counts: { events: 7, djs: 14, signups: 19, signup_djs: 22, dj_plays: 26 } });
    expect(preview.body.plan.takenOver).toEqual([{ existingName: 'Admin here', archiveName: 'Aurora' }]);
    const report = preview.body.skipped;
    const imported = await app.call(API.archive.importArchive, { body }, { as: admin });
    expect(imported.status).toBe(200);
    expect(imported.body.skipped).toEqual(report);

    const db = app.ctx.store.db;
    expect(sorted((await db.selectFrom('signup_djs').select(['signup_uuid', 'dj_id']).execute()).map((row) => [row.signup_uuid, row.dj_id]))).toEqual(sorted(expectedLinks()));
    expect(sorted((await db.selectFrom('dj_plays').select(['event_id', 'dj_id']).execute()).map((row) => [row.event_id, row.dj_id]))).toEqual(sorted(expectedPlays()));

    // Every event opens: the staff page's data, the public lineup and the public page.
    for (const event of EVENTS) {
      const detail = await app.call(API.events.getEvent, { params: { eventId: event.id } }, { as: admin });
      expect(detail.status, event.name).toBe(200);
      expect(detail.body.startDatetime, `${event.name} starts at 20:00 in London`).toBe(event.start);
      expect((await app.call(API.public.getPublicLineup, { params: { eventId: event.id } })).status, event.name).toBe(200);
      expect((await app.request('GET', `/lineups/${event.id}`)).status, event.name).toBeLessThan(500);
    }
    const roster = await app.call(API.djs.getRoster, { query: { limit: 100 } }, { as: admin });
    expect(roster.status).toBe(200);
    expect(roster.body.djs.find((row) => row.djName === 'Aurora')).toMatchObject({ totalPlays: 2, mostRecentPlay: { eventId: 'evDst2024Autumn' } });

    // Every stream link the original stored is carried in the one form the forms store, or named in the report.
    const slots = await db.selectFrom('slots').select(['event_id', 'position', 'stream_source_url', 'stream_source_type']).execute();
    const slotOf = (eventId: string, position: number) => slots.find((slot) => slot.event_id === eventId && slot.position === position)!;
    for (const event of EVENTS) {
      event.slots.forEach((slot, position) => {
        const raw = slot.streamSourceUrl ?? slot.legacy?.prerecord_url ?? slot.legacy?.rtmp_url ?? slot.legacy?.twitch_username;
        if (!raw) return;
        const stored = slotOf(event.id, position);
        if (raw === 'PRERECORD') return expect(stored).toMatchObject({ stream_source_url: '', stream_source_type: 'PRERECORD' });
        const expected = slot.legacy?.prerecord_url ? normaliseStreamLink(raw) : streamSourceOf(raw).streamSourceUrl;
        const carried = slotSchema.shape.streamSourceUrl.safeParse(expected).success;
        if (carried) expect(stored.stream_source_url, raw).toBe(expected);
        else expect(report.some((line) => line.includes(`"${raw}"`) && line.includes(event.name)), `${raw} is named in the report`).toBe(true);
      });
    }
    // The signup-level prerecording and the legacy slot fields reach the slot.
    expect(slotOf('evJune2024', 2)).toMatchObject({ stream_source_url: 'https://drive.community.example/gale-set.mp4', stream_source_type: 'PRERECORD' });
    expect(slotOf('evJune2024', 3)).toMatchObject({ stream_source_url: 'https://twitch.tv/hexsounds', stream_source_type: 'TWITCH' });
    expect(slotOf('evDst2025Spring', 2)).toMatchObject({ stream_source_url: '', stream_source_type: 'PRERECORD' });
    // `debut` as the older documents say it; availability given on the signup; the poster as a public link.
    const june = (await app.call(API.events.getEvent, { params: { eventId: 'evJune2024' } }, { as: admin })).body;
    expect(june.signups.find((signup) => signup.uuid === 's111e')).toMatchObject({ isDebut: true });
    const autumn = (await app.call(API.events.getEvent, { params: { eventId: 'evDst2024Autumn' } }, { as: admin })).body;
    expect(autumn.signups.find((signup) => signup.uuid === 's131k')?.formData).toMatchObject({ available_from: '2024-10-27T21:00:00.000Z', available_to: 'any' });
    const spring = (await app.call(API.events.getEvent, { params: { eventId: 'evDst2024Spring' } }, { as: admin })).body;
    expect(spring.publicLinks).toEqual([{ label: 'Poster', url: 'https://cdn.community.example/posters/101.png' }]);

    // The report names what stayed behind and why, by name.
    const line = (pattern: RegExp) => expect(report.some((candidate) => pattern.test(candidate)), String(pattern)).toBe(true);
    line(/^The collection "hosts" \(2 documents\) was not carried: Lineup has no place for it\.$/);
    line(/^The field "live_jive" of events was not carried \(Lineup has no Live Jive flag.*\): "Sunday Service #101" \(2024-03-31\), "Sunday Service #131" \(2024-10-27\)\.$/);
    line(/^The field "social_text" of events was not carried .*"Sunday Service #101" \(2024-03-31\), "Sunday Service #153" \(2025-03-30\)\.$/);
    line(/^The field "announcement_role" of global was not carried/);
    line(/^The field "debut" of djs was not carried .*"Mélodie"/);
    line(/^DJ "Gale": the Discord ID was written as a number \(284719356793938600\), which JSON tools round above 2\^53/);
    for (const dj of DJS) expect(report.filter((candidate) => candidate.includes(dj.id)), dj.djName).toEqual([]);
    const gale = await db.selectFrom('djs').select('discord_id').where('dj_name', '=', 'Gale').executeTakeFirstOrThrow();
    expect(gale.discord_id).toBeNull();
  });

  test("a Discord ID written as a number with more digits than a JSON number holds is read exactly from the file's text", async () => {
    const text = JSON.stringify({ __collections__: { djs: { exact: { dj_name: 'Exact', public_name: 'Exact', discord_id: 'X' } } } }).replace('"X"', '284719356793938627');
    const imported = await app.call(API.archive.importArchive, { body: { source: 'firestore', text } }, { as: admin });
    expect(imported.status).toBe(200);
    const row = await app.ctx.store.db.selectFrom('djs').select('discord_id').where('id', '=', 'exact').executeTakeFirstOrThrow();
    expect(row.discord_id).toBe('284719356793938627');
  });

  test('a Firebase console / gcloud export (LevelDB) is named as one and told what to do instead', async () => {
    for (const file of [
      // As the browser reads a binary file as text (its NUL bytes the page refuses before sending).
      { name: 'output-0', text: '\uFFFD\uFFFD\u0007\u0001binary leveldb record' },
      { name: '2024-06-09T19:00:00_84613.overall_export_metadata', text: 'x' },
    ]) {
      const preview = await app.call(API.archive.previewArchiveImport, { body: { source: 'firestore', files: [file] } }, { as: admin });
      expect(preview.status).toBe(400);
      expect(preview.error.message).toMatch(/is part of a Firebase console \/ gcloud export \(LevelDB files .*\), which only Google's import can read\. Export the collections as JSON instead, with Firefoo/);
      const asArchive = await app.call(API.archive.previewArchiveImport, { body: { files: [file] } }, { as: admin });
      expect(asArchive.error.message).toMatch(/gcloud export/);
    }
  });
});
