import { API } from '@shared/api/index.js';
import { DEFAULT_SETTINGS, type Settings } from '@shared/schemas/settings.js';
import { SETUP_FIELDS } from '@shared/setup-checklist.js';
import { malformed } from '@shared/testing/api-client.js';
import { type SignedIn, startWithMembers, testDialects, type TestApp } from '../testing/harness.js';
import { readSettings } from './service.js';

const changed: Settings = {
  ...DEFAULT_SETTINGS,
  signupUrl: 'https://forms.example.org/new-signup',
  seriesName: 'Monday Mixes',
  defaultWeekday: 1,
  defaultTime: '21:30',
  defaultZone: 'America/New_York',
  announcementRoleIds: ['123456789012345678', '223456789012345678'],
  contactHostName: 'Ada',
  hostingGuideUrl: 'https://docs.example.org/hosting',
};

describe.each(testDialects)('settings API on %s', (dialect) => {
  let app: TestApp;
  let host: SignedIn;
  beforeEach(async () => ({ app, members: [host] } = await startWithMembers(dialect, [['host']])));
  afterEach(() => app.destroy());

  test('before anything is saved the defaults are returned', async () => {
    const response = await app.call(API.settings.getSettings, {}, { as: host });
    expect(response).toMatchObject({ status: 200, body: DEFAULT_SETTINGS });
  });

  test('saved settings round-trip and a second save replaces the first', async () => {
    const saved = await app.call(API.settings.saveSettings, { body: changed }, { as: host });
    expect(saved).toMatchObject({ status: 200, body: changed });
    // No webhook was ever set (the webhooks have their own tests in discord/discord.test.ts).
    const unset = { configured: false, masked: '' };
    expect((await app.call(API.settings.getSettings, {}, { as: host })).body).toEqual({
      ...changed,
      discordWebhooks: { origin: 'https://discord.com', announcements: unset, scheduling: unset },
    });

    const again = { ...changed, signupUrl: 'https://forms.example.org/third' };
    expect((await app.call(API.settings.saveSettings, { body: again }, { as: host })).status).toBe(200);
    expect(await readSettings(app.ctx.store.db)).toEqual(again);
    app = await app.restart();
    expect(await readSettings(app.ctx.store.db)).toEqual(again);
  });

  test.each([
    ['a signup URL that is not a URL', { signupUrl: 'not a url' }, 'Signup URL must be a URL'],
    ['a signup URL that is not a web page', { signupUrl: 'javascript:alert(1)' }, 'Signup URL must start with https:// or http://.'],
    ['an empty signup URL', { signupUrl: '' }, 'Signup URL is required.'],
    ['a bad role id', { announcementRoleIds: ['12'] }, 'Announcement role IDs must be Discord role IDs (17 to 20 digits).'],
    ['an unknown zone', { defaultZone: 'Mars/Olympus' }, 'Time zone must be an IANA time zone like Europe/London.'],
    ['a bad time', { defaultTime: '25:00' }, 'Default time must be a time like 20:00.'],
    ['a series name on two lines', { seriesName: 'Sunday\n@everyone' }, 'Series name must be one line'],
  ])('%s is refused with 400 and nothing changes', async (_label, change, message) => {
    await app.call(API.settings.saveSettings, { body: changed }, { as: host });
    const response = await app.call(API.settings.saveSettings, malformed({ body: { ...changed, ...change } }), { as: host });
    expect(response.status).toBe(400);
    expect(response.error.message).toContain(message);
    expect(await readSettings(app.ctx.store.db)).toEqual(changed);
  });

  test('a stored document with missing or stale fields is completed from the defaults', async () => {
    await app.ctx.store.db
      .insertInto('settings')
      .values({ key: 'global', value: JSON.stringify({ signupUrl: 'https://x.example/s', defaultWeekday: 9 }), updated_at: 0 })
      .execute();
    expect(await readSettings(app.ctx.store.db)).toEqual({ ...DEFAULT_SETTINGS, signupUrl: 'https://x.example/s' });
  });

  test('the setup checklist lists everything on a fresh install and what is still unset after a save', async () => {
    const fresh = await app.call(API.settings.getSetupChecklist, {}, { as: host });
    expect(fresh.status).toBe(200);
    // Every setting the checklist covers, in the order of the Global Settings page.
    expect(fresh.body.items.map(({ field }) => field)).toEqual([...SETUP_FIELDS]);

    // Saved: the series name and schedule are confirmed, and so are the links the admin saved,
    // example.org ones too (issue 25: what an admin saved counts as set).
    await app.call(API.settings.saveSettings, { body: changed }, { as: host });
    const after = await app.call(API.settings.getSetupChecklist, {}, { as: host });
    expect(after.body.items.map(({ field, reason }) => `${field} ${reason}`)).toEqual(['schedulingChannelUrl unset', 'sharedDriveUrl unset', 'chatServerUrl unset']);
    // The signup URL Lineup ships with is still a placeholder, saved or not.
    await app.call(API.settings.saveSettings, { body: { ...changed, signupUrl: DEFAULT_SETTINGS.signupUrl } }, { as: host });
    const shipped = await app.call(API.settings.getSetupChecklist, {}, { as: host });
    expect(shipped.body.items[0]).toMatchObject({ field: 'signupUrl', reason: 'placeholder' });

    const everything = {
      ...changed,
      signupUrl: 'https://forms.community.net/signup',
      schedulingChannelUrl: 'https://discord.com/channels/1/2',
      hostingGuideUrl: 'https://docs.community.net/hosting',
      sharedDriveUrl: 'https://drive.community.net/f',
      chatServerUrl: 'https://discord.gg/community',
    };
    await app.call(API.settings.saveSettings, { body: everything }, { as: host });
    expect((await app.call(API.settings.getSetupChecklist, {}, { as: host })).body).toEqual({ items: [] });
  });

  test('a section saves its own settings: the others keep what was stored, and stay unset when they were (issue 34)', async () => {
    await app.call(API.settings.saveSettings, { body: { seriesName: 'Monday Mixes' } }, { as: host });
    const community = await app.call(API.settings.saveSettings, { body: { contactHostName: 'Bea', schedulingChannelUrl: 'https://discord.com/channels/1/2' } }, { as: host });
    expect(community).toMatchObject({ status: 200, body: { ...DEFAULT_SETTINGS, seriesName: 'Monday Mixes', contactHostName: 'Bea', schedulingChannelUrl: 'https://discord.com/channels/1/2' } });
    expect(await readSettings(app.ctx.store.db)).toEqual({ ...DEFAULT_SETTINGS, seriesName: 'Monday Mixes', contactHostName: 'Bea', schedulingChannelUrl: 'https://discord.com/channels/1/2' });
    // What no section saved is still the shipped placeholder or unset on Home's checklist.
    const checklist = await app.call(API.settings.getSetupChecklist, {}, { as: host });
    expect(checklist.body.items.map(({ field }) => field)).not.toContain('schedulingChannelUrl');
    expect(checklist.body.items[0]).toMatchObject({ field: 'signupUrl', reason: 'placeholder' });
  });

  test('a save naming nothing, or a field there is not, is refused with 400 and changes nothing', async () => {
    await app.call(API.settings.saveSettings, { body: changed }, { as: host });
    const empty = await app.call(API.settings.saveSettings, malformed({ body: {} }), { as: host });
    expect(empty.status).toBe(400);
    expect(empty.error.message).toContain('Nothing to save: the request names no setting.');
    const unknown = await app.call(API.settings.saveSettings, malformed({ body: { seriesName: 'X', signupURL: 'https://x.example' } }), { as: host });
    expect(unknown.status).toBe(400);
    expect(unknown.error.message).toContain('signupURL');
    expect(await readSettings(app.ctx.store.db)).toEqual(changed);
  });

  test('two sections saved at once both land', async () => {
    await app.call(API.settings.saveSettings, { body: changed }, { as: host });
    const saves = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        app.call(API.settings.saveSettings, { body: i % 2 === 0 ? { contactHostName: `Host ${i}` } : { hostingGuideUrl: `https://docs.example.org/${i}` } }, { as: host }),
      ),
    );
    expect(saves.map((save) => save.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const stored = await readSettings(app.ctx.store.db);
    expect(stored.contactHostName).toMatch(/^Host [024]$/);
    expect(stored.hostingGuideUrl).toMatch(/^https:\/\/docs\.example\.org\/[135]$/);
    expect({ ...stored, contactHostName: changed.contactHostName, hostingGuideUrl: changed.hostingGuideUrl }).toEqual(changed);
  });

  test('signed-out requests get 401 and non-staff get 403', async () => {
    const dj = await app.signIn(['dj']);
    for (const [as, status] of [[undefined, 401], [dj, 403]] as const) {
      expect((await app.call(API.settings.getSettings, {}, { as })).status).toBe(status);
      expect((await app.call(API.settings.saveSettings, { body: changed }, { as })).status).toBe(status);
      expect((await app.call(API.settings.getSetupChecklist, {}, { as })).status).toBe(status);
    }
    expect(await readSettings(app.ctx.store.db)).toEqual(DEFAULT_SETTINGS);
  });
});
