import { spawnSync } from 'node:child_process';
import { API } from '@shared/api/index.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Archive } from '@shared/archive/schema.js';
import { seedIfEmpty } from '../seed/seed.js';
import { exportFiles } from './testing/original-tool.js';
import { startTestApp, testDialects, type TestApp, type TestDialect } from '../testing/harness.js';

// The command-line tools as an operator runs them (`npm run export -- DIR`, `npm run import --
// FILE`, `npm run import -- --from firestore FILE`), against the configured database.

const FIRESTORE_FIXTURE = path.join(import.meta.dirname, 'testing', 'firestore-export.json');

function cli(tool: 'export' | 'import' | 'backup', args: string[], app: Pick<TestApp, 'dataDir' | 'databaseUrl'>, env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', `src/server/cli/${tool}.ts`, ...args], {
    env: { PATH: process.env.PATH, DATA_DIR: app.dataDir, ...(app.databaseUrl ? { DATABASE_URL: app.databaseUrl } : {}), ...env },
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

let scratch: string;
const apps: TestApp[] = [];
const start = async (dialect: TestDialect) => {
  const app = await startTestApp(dialect);
  apps.push(app);
  return app;
};
beforeEach(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'lineup-cli-'));
});
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.destroy()));
  fs.rmSync(scratch, { recursive: true, force: true });
});

// Each test starts the tools as processes (through tsx), several seconds each on a busy machine.
describe.each(testDialects)('export and import on %s', { timeout: 120_000 }, (dialect) => {
  test('npm run export -- DIR writes the archive and the three spreadsheets; npm run import -- FILE loads it into an empty install', async () => {
    const source = await start(dialect);
    await seedIfEmpty(source.ctx.store.db);
    const exported = cli('export', [scratch], source);
    expect(exported.stderr).toBe('');
    expect(exported.status).toBe(0);
    const files = fs.readdirSync(scratch).sort();
    expect(files.map((file) => file.replace(/\d{4}-\d{2}-\d{2}/, 'DAY'))).toEqual([
      'lineup-archive-DAY.json',
      'lineup-djs-DAY.csv',
      'lineup-events-DAY.csv',
      'lineup-plays-DAY.csv',
    ]);
    const archiveFile = path.join(scratch, files[0]!);
    const archive = JSON.parse(fs.readFileSync(archiveFile, 'utf8')) as Archive;
    const djs = fs.readFileSync(path.join(scratch, files[1]!), 'utf8');
    expect(djs.split('\r\n')[0]).toBe('\uFEFFDj Name,Alt Name,Discord ID,Total Plays,Most Recent Play,VRCDN/RTMP,Twitch Username,Archived');
    expect(djs.split('\r\n').filter(Boolean)).toHaveLength(archive.tables.djs.length + 1);

    const target = await start(dialect);
    const dry = cli('import', ['--dry-run', archiveFile], target);
    expect(dry.status).toBe(0);
    expect(dry.stdout).toContain(`The archive has ${archive.tables.events.length} events`);
    expect(dry.stdout).toContain('Dry run: nothing was written.');
    expect(await target.ctx.store.db.selectFrom('events').select('id').execute()).toEqual([]);

    const imported = cli('import', [archiveFile], target);
    expect(imported.stderr).toBe('');
    expect(imported.status).toBe(0);
    const admin = await target.signIn(['admin']);
    const past = await target.call(API.events.listEvents, { query: { when: 'past' } }, { as: admin });
    expect(past.body.length).toBe(archive.tables.events.filter((event) => Date.parse(event.end_at) <= Date.now()).length);

    // Once an install has events, a second import is refused and changes nothing.
    const again = cli('import', [archiveFile], target);
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/^This install already has \d+ events/);
  });

  test('npm run import refuses a damaged file with its problem and writes nothing; wrong use gets the usage', async () => {
    const target = await start(dialect);
    const truncated = path.join(scratch, 'cut.json');
    fs.writeFileSync(truncated, '{"format":"lineup-archive","version":1,"tables":{"events":[');
    const cut = cli('import', [truncated], target);
    expect(cut.status).toBe(1);
    expect(cut.stderr.trim()).toBe('The file ends early: it is not a whole archive (a download or copy was cut short?). Export it again and import the new file.');
    expect(cli('import', [], target)).toMatchObject({ status: 2, stderr: 'usage: npm run import -- [--from lineup|firestore] [--dry-run] FILE...\n' });
    expect(cli('import', ['--from', 'excel', truncated], target).status).toBe(2);
    expect(cli('export', [], target)).toMatchObject({ status: 2, stderr: 'usage: npm run export -- DIR\n' });
    expect(await target.ctx.store.db.selectFrom('djs').select('id').execute()).toEqual([]);
  });

  test("npm run import -- --from firestore maps the original tool's events, signups, slots, DJs and plays, and says what it skipped", async () => {
    const target = await start(dialect);
    const result = cli('import', ['--from', 'firestore', FIRESTORE_FIXTURE], target);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const skipped = result.stdout.split('\n').filter((line) => line.startsWith('skipped: '));
    expect(skipped).toEqual([
      'skipped: DJ "Cleo Crates": "cleo#1234" is not a Discord ID (17 to 20 digits); left empty.',
      'skipped: DJ "Aurora Alt": Discord ID 123456789012345671 is already DJ "DJ Aurora"\'s; left empty.',
      'skipped: Event "Sunday Service #7" (2024-06-09): slot 4 was left out: Unable to find signup with a uuid of sig-vanished, and there is no legacy value at slot.dj_name.',
      'skipped: Event "Sunday Service #7" (2024-06-09): dj_plays names 1 DJ not in its lineup ("Aurora Alt"); plays come from the lineup.',
      'skipped: Event "Sunday Service #8" (2030-06-16): signup "Basil Bass" names the DJ dj-nobody, who is not in djs; that reference was left out.',
      'skipped: Event "Half-typed event" (ev-broken): it has no readable start_datetime, so it was left out.',
    ]);
    expect(result.stdout).toContain('The archive has 2 events, 4 DJs, 3 signups, 4 slots, 4 plays');

    const admin = await target.signIn(['admin']);
    const past = await target.call(API.events.getEvent, { params: { eventId: 'ev-past' } }, { as: admin });
    expect(past.status).toBe(200);
    expect(past.body).toMatchObject({ name: 'Sunday Service #7', startDatetime: '2024-06-09T19:00:00.000Z', endDatetime: '2024-06-09T22:00:00.000Z', published: true, host: 'Hal' });
    expect(past.body.slots.map((slot) => slot.signupUuid ?? slot.legacy?.djName)).toEqual(['sig-aurora', 'sig-b2b', 'Legacy Larry']);
    expect(past.body.signups.find((signup) => signup.uuid === 'sig-b2b')).toMatchObject({ djRefs: ['dj-basil', 'dj-cleo'], isDebut: true, requestedDuration: 1.5, type: 'PRERECORD' });
    expect(past.body.signups.find((signup) => signup.uuid === 'sig-aurora')?.formData).toMatchObject({ dj_notes: 'First time on a Sunday', available_to: '2024-06-10T00:00:00.000Z' });
    expect(past.body.djPlays.sort()).toEqual(['dj-aurora', 'dj-basil', 'dj-cleo']);

    const aurora = await target.call(API.djs.getDj, { params: { djId: 'dj-aurora' } }, { as: admin });
    expect(aurora.body.dj).toMatchObject({ discordId: '123456789012345671', notes: 'Plays deep house\nPrefers late slots', twitchUsername: 'aurora_beats' });
    expect(aurora.body.plays.map((play) => play.eventName)).toEqual(['Sunday Service #8', 'Sunday Service #7']);
    const next = await target.call(API.events.getEvent, { params: { eventId: 'ev-next' } }, { as: admin });
    expect(next.body).toMatchObject({ signupsAreOpen: true, published: false });
    expect(next.body.signups[0]?.djRefs).toEqual(['dj-basil']);
    expect(next.body.slots[0]?.legacy).toMatchObject({ djRef: 'dj-aurora', djName: null });
    const settings = await target.call(API.settings.getSettings, {}, { as: admin });
    expect(settings.body.signupUrl).toBe('https://forms.community.example/signup');
  });

  test("npm run import -- --from firestore takes Firefoo's one file per collection together; a folder (a gcloud export's, or of JSON files) is told what to name", async () => {
    const target = await start(dialect);
    const files = exportFiles('firefoo').map(({ name, text }) => {
      fs.writeFileSync(path.join(scratch, name), text);
      return path.join(scratch, name);
    });
    const imported = cli('import', ['--from', 'firestore', ...files], target);
    expect(imported.stderr).toBe('');
    expect(imported.status).toBe(0);
    expect(imported.stdout).toContain('The archive has 7 events, 14 DJs, 19 signups');
    expect(imported.stdout).toContain('skipped: The collection "hosts" (2 documents) was not carried: Lineup has no place for it.');
    expect(Number((await target.ctx.store.db.selectFrom('dj_plays').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(26);

    const other = await start(dialect);
    const folder = cli('import', ['--from', 'firestore', scratch], other);
    expect(folder.status).toBe(1);
    expect(folder.stderr).toMatch(/is a folder: name the export's file \(or its several files, e\.g\. one per collection\)\. It holds .*djs\.json/);
    const gcloud = path.join(scratch, 'gcloud-export');
    fs.mkdirSync(path.join(gcloud, 'all_namespaces', 'all_kinds'), { recursive: true });
    fs.writeFileSync(path.join(gcloud, '2024-06-09T19:00:00_84613.overall_export_metadata'), Buffer.from([0, 1, 2, 3]));
    fs.writeFileSync(path.join(gcloud, 'all_namespaces', 'all_kinds', 'output-0'), Buffer.from([0, 0, 7, 1]));
    for (const args of [[gcloud], [path.join(gcloud, 'all_namespaces', 'all_kinds', 'output-0')]]) {
      const leveldb = cli('import', ['--from', 'firestore', ...args], other);
      expect(leveldb.status).toBe(1);
      expect(leveldb.stderr).toMatch(/is part of a Firebase console \/ gcloud export \(LevelDB files/);
    }
    expect(await other.ctx.store.db.selectFrom('djs').select('id').execute()).toEqual([]);
  });
});
