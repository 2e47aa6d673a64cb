import { API } from '@shared/api/index.js';
import { startTestApp, testDialects, type SignedIn, type TestApp } from '../testing/harness.js';

// Imports that cannot take over anyone (issue 32, Deliver 5): people already in an install are
// matched by Discord ID only, sessions move only to a record with the same Discord ID, and a file
// that would map two people onto one record, or bring back the install's own people, is refused.

const ADMIN_DISCORD = '955555555555555501';
const DJ_DISCORD = '955555555555555502';

/** A Firestore export as node-firestore-import-export writes one (`__collections__`), with only `djs`. */
const djsOnlyExport = (djs: Record<string, { discord_id: string; dj_name: string; public_name?: string }>) =>
  JSON.stringify({
    __collections__: {
      djs: Object.fromEntries(
        Object.entries(djs).map(([id, dj]) => [id, { public_name: dj.dj_name, rtmp_url: '', twitch_username: '', events: [], notes: [], avatar: null, ...dj, __collections__: {} }]),
      ),
    },
  });

describe.each(testDialects)('an import that would take over a person, on %s', (dialect) => {
  let app: TestApp;
  let admin: SignedIn;
  let dj: SignedIn;
  beforeEach(async () => {
    app = await startTestApp(dialect);
    admin = await app.signIn(['admin'], { djName: 'Ada', discordId: ADMIN_DISCORD });
    dj = await app.signIn(['dj'], { djName: 'DJ Mallory', discordId: DJ_DISCORD });
  });
  afterEach(async () => {
    await app.destroy();
  });

  const sessionsOf = async () =>
    Object.fromEntries(
      (await app.ctx.store.db.selectFrom('sessions').select(['dj_id', 'discord_user_id']).execute()).map((row) => [row.discord_user_id, row.dj_id]),
    );
  const importFirestore = (text: string) => app.call(API.archive.importArchive, { body: { source: 'firestore', text } }, { as: admin });

  test("a DJ's own record id with the admin's Discord ID is refused: the admin's sign-ins stay on the admin's record", async () => {
    // The DJ who signed in hands the admin a "Firestore export" naming their own record with the admin's Discord ID.
    const text = djsOnlyExport({ [dj.djId]: { discord_id: ADMIN_DISCORD, dj_name: 'DJ Ada' } });
    const preview = await app.call(API.archive.previewArchiveImport, { body: { source: 'firestore', text } }, { as: admin });
    expect(preview.status).toBe(200);
    expect(preview.body.plan.refusal).toMatch(/two people here/);
    const imported = await importFirestore(text);
    expect(imported.status).toBe(409);
    expect(imported.error.message).toBe(preview.body.plan.refusal);
    expect(await sessionsOf()).toEqual({ [ADMIN_DISCORD]: admin.djId, [DJ_DISCORD]: dj.djId });
    const records = await app.ctx.store.db.selectFrom('djs').select(['id', 'discord_id', 'dj_name']).orderBy('dj_name').execute();
    expect(records).toEqual([
      { id: admin.djId, discord_id: ADMIN_DISCORD, dj_name: 'Ada' },
      { id: dj.djId, discord_id: DJ_DISCORD, dj_name: 'DJ Mallory' },
    ]);
    // The DJ still reads only their own record; the admin is still the admin.
    const me = await app.call(API.auth.getMe, {}, { as: dj });
    expect(me.body).toMatchObject({ djId: dj.djId });
    expect((await app.call(API.auth.getMe, {}, { as: admin })).body).toMatchObject({ djId: admin.djId });
  });

  test("a record id of someone here with another Discord ID is refused, even when nobody here has the file's Discord ID", async () => {
    const text = djsOnlyExport({ [dj.djId]: { discord_id: '955555555555555599', dj_name: 'Stranger' } });
    const imported = await importFirestore(text);
    expect(imported.status).toBe(409);
    expect(imported.error.message).toMatch(/^The file's DJ "Stranger" has the record id of "DJ Mallory", who is already here with another Discord ID/);
  });

  test('people are matched by Discord ID only: the admin keeps signing in, on the record with their Discord ID', async () => {
    const text = djsOnlyExport({ 'fs-ada': { discord_id: ADMIN_DISCORD, dj_name: 'DJ Ada (imported)' }, 'fs-zed': { discord_id: '955555555555555503', dj_name: 'Zed' } });
    const imported = await importFirestore(text);
    expect(imported.status).toBe(200);
    expect(await sessionsOf()).toEqual({ [ADMIN_DISCORD]: 'fs-ada', [DJ_DISCORD]: dj.djId });
    expect((await app.call(API.auth.getMe, {}, { as: admin })).body).toMatchObject({ djId: 'fs-ada' });

    // The same file (or any other) a second time is refused: it could move people again.
    const again = await importFirestore(djsOnlyExport({ 'fs-other': { discord_id: DJ_DISCORD, dj_name: 'Mallory again' } }));
    expect(again.status).toBe(409);
    expect(again.error.message).toMatch(/^This install already took in an import on \d{4}-\d{2}-\d{2}/);
    expect(await sessionsOf()).toEqual({ [ADMIN_DISCORD]: 'fs-ada', [DJ_DISCORD]: dj.djId });
  });

  test("a Lineup archive of this install's own people (no events) is refused with a sentence", async () => {
    const exported = (await app.call(API.archive.exportArchive, {}, { as: admin })).body;
    const archive = structuredClone(exported);
    // Swap the two people's Discord IDs: the DJ's record would get the admin's sign-ins.
    archive.tables.djs = archive.tables.djs.map((row) => ({ ...row, discord_id: row.discord_id === ADMIN_DISCORD ? DJ_DISCORD : ADMIN_DISCORD }));
    const imported = await app.call(API.archive.importArchive, { body: { text: JSON.stringify(archive) } }, { as: admin });
    expect(imported.status).toBe(409);
    expect(imported.error.message).toMatch(/two people here/);
    const same = await app.call(API.archive.importArchive, { body: { text: JSON.stringify(exported) } }, { as: admin });
    expect(same.status).toBe(409);
    expect(same.error.message).toMatch(/already here: the file was exported from this install/);
    expect(await sessionsOf()).toEqual({ [ADMIN_DISCORD]: admin.djId, [DJ_DISCORD]: dj.djId });
  });
});
