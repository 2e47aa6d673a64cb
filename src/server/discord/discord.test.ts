import { randomUUID } from 'node:crypto';
import type { CallInput, Contract } from '@shared/api/contract.js';
import { API } from '@shared/api/index.js';
import { malformed } from '@shared/testing/api-client.js';
import { discordPostMessage } from '@shared/announcements.js';
import type { DiscordPostKind } from '@shared/discord-webhooks.js';
import { slotForSignup } from '@shared/lineup.js';
import { signupLink } from '@shared/paths.js';
import type { Dj } from '@shared/schemas/djs.js';
import { type EventDetail, eventFieldsSchema } from '@shared/schemas/events.js';
import { DEFAULT_SETTINGS } from '@shared/schemas/settings.js';
import { buildSignup } from '@shared/testing/builders.js';
import { startElsewhere } from '../testing/fake-server.js';
import { startFakeWebhook, type FakeWebhook } from '../testing/fake-webhook.js';
import { startTestApp, testDialects, type TestApp, uniqueDiscordId } from '../testing/harness.js';

const ROLE_IDS = ['123456789012345670', '123456789012345671'];

describe.each(testDialects)('posting to Discord on %s', (dialect) => {
  let fake: FakeWebhook;
  let app: TestApp;
  let cookie: string;
  const logLines: string[] = [];
  /** Every answer the app gave in these tests, to search for secrets. */
  const answers: string[] = [];

  beforeAll(async () => {
    fake = await startFakeWebhook();
    app = await startTestApp(dialect, { DISCORD_API_URL: `${fake.url}/api/v10`, LOG_LEVEL: 'trace' }, { logLines, limits: { discordTimeoutMs: 400 } });
  });
  beforeEach(async () => {
    ({ cookie } = await app.signIn(['host'], { publicName: 'Hana Host' }));
  });
  afterEach(() => fake.behave('ok'));
  afterAll(async () => {
    await app?.destroy();
    await fake?.close();
  });

  async function request<C extends Contract>(contract: C, input: CallInput<C>) {
    const response = await app.call(contract, input, { as: { cookie } });
    answers.push(JSON.stringify(response.status < 400 ? response.body : response.error));
    return response;
  }

  /** Sets the two webhooks (and the announcement roles); undefined keeps, null removes. */
  const setWebhooks = (changes: { announcements?: string | null; scheduling?: string | null }) =>
    request(API.settings.saveSettings, { body: { ...DEFAULT_SETTINGS, announcementRoleIds: ROLE_IDS, discordWebhookChanges: changes } });

  async function createDj(djName: string): Promise<Dj> {
    const response = await request(API.djs.createDj, { body: { discordId: uniqueDiscordId(), publicName: `${djName} person`, djName, rtmpUrl: '', twitchUsername: '' } });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body;
  }

  /** An event whose lineup has a DJ with mention syntax and @everyone in their name, and one with Discord markdown in theirs. */
  async function eventWithLineup(): Promise<EventDetail> {
    const created = await request(API.events.createEvent, { body: {
      name: 'Sunday <@111111111111111111> @here',
      startDatetime: '2030-06-09T19:00:00.000Z',
      host: 'Hana',
      message: 'Hello @everyone and <@&222222222222222222>',
      footer: 'Bye',
      signupsAreOpen: true,
      // Each test makes its own event on the same day.
      confirmSameDay: true,
    } });
    const hostile = await createDj('<@333333333333333333> @everyone');
    const partner = await createDj('Partner');
    const plain = await createDj('Plain Jane');
    const detail = (await request(API.events.getEvent, { params: { eventId: created.body.id } })).body;
    const signups = [
      buildSignup(randomUUID(), { name: '<@444444444444444444> @everyone b2b', djRefs: [hostile.id, partner.id] }),
      buildSignup(randomUUID(), { name: '**Jane** ||spoiler|| ~~gone~~ `code` __under__', djRefs: [plain.id] }),
    ];
    const saved = await request(API.events.saveEvent, { params: { eventId: detail.id }, body: {
      baseVersion: detail.version,
      event: eventFieldsSchema.parse(detail),
      signups,
      slots: signups.map((signup) => slotForSignup(signup)),
      removedSignupUuids: [],
    } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    return saved.body;
  }

  /** The text the tab shows for the saved event. */
  const textOf = (kind: DiscordPostKind, event: EventDetail) =>
    discordPostMessage(kind, { event, djs: event.djs, announcementRoleIds: ROLE_IDS, signupLink: signupLink(app.url, event.id) });

  const post = (event: EventDetail, kind: DiscordPostKind, text = textOf(kind, event).content) =>
    request(API.discord.postToDiscord, { params: { eventId: event.id, kind }, body: { text } });

  test('posts each text with exactly the mentions the app wrote, and remembers the message', async () => {
    const announcements = fake.webhook();
    const scheduling = fake.webhook();
    expect((await setWebhooks({ announcements: announcements.url, scheduling: scheduling.url })).status).toBe(200);
    const event = await eventWithLineup();

    const verify = await post(event, 'verify');
    expect(verify.status).toBe(200);
    expect(verify.body).toMatchObject({ updated: false, post: { postedBy: 'Hana Host', updatedBy: null } });
    const [verifyMessage] = fake.messages(scheduling.id);
    expect(verifyMessage).toMatchObject({ id: verify.body.post.messageId, content: textOf('verify', event).content });
    // The two DJs of the lineup, each once: not the ids typed into names or the message.
    expect(verifyMessage!.allowedMentions).toEqual({ parse: [], users: Object.values(event.djs).map((dj) => dj.discordId).sort(), roles: [] });
    expect(verifyMessage!.content).toContain('@\u200Deveryone');
    // Markdown in a name is shown as typed: Discord's escapes, which it does not display.
    expect(verifyMessage!.content).toContain('\\*\\*Jane\\*\\* \\|\\|spoiler\\|\\| \\~\\~gone\\~\\~ \\`code\\` \\_\\_under\\_\\_');

    expect((await post(event, 'announcement')).status).toBe(200);
    expect((await post(event, 'signups-open')).status).toBe(200);
    const [announcement, signupsOpen] = fake.messages(announcements.id);
    expect(announcement!.allowedMentions).toEqual({ parse: [], users: [], roles: ROLE_IDS });
    expect(signupsOpen!.allowedMentions).toEqual({ parse: [], users: [], roles: [] });
    expect(signupsOpen!.content).toContain(`Sign up here: ${app.url}/eventSignup/${event.id}`);
    expect(fake.seen.at(-1)!.url).toMatch(/\?wait=true$/);

    const listed = await request(API.discord.getDiscordPosts, { params: { eventId: event.id } });
    expect(listed.body.webhooks).toEqual({ announcements: true, scheduling: true });
    expect(listed.body.posts.map((p) => p.kind).sort()).toEqual(['announcement', 'signups-open', 'verify']);
  });

  test('"Update post" edits the same message; a new webhook or a deleted message means a new post', async () => {
    const announcements = fake.webhook();
    await setWebhooks({ announcements: announcements.url });
    const event = await eventWithLineup();
    const first = await post(event, 'announcement');
    expect(first.status).toBe(200);

    // The host edits the message, saves, and updates the post.
    const edited = await request(API.events.saveEvent, { params: { eventId: event.id }, body: {
      baseVersion: event.version,
      event: { ...eventFieldsSchema.parse(event), message: 'New words for the announcement' },
      signups: event.signups,
      slots: event.slots,
      removedSignupUuids: [],
    } });
    const update = await post(edited.body, 'announcement');
    expect(update.status).toBe(200);
    expect(update.body).toMatchObject({ updated: true, post: { messageId: first.body.post.messageId, updatedBy: 'Hana Host' } });
    expect(fake.messages(announcements.id)).toHaveLength(1);
    expect(fake.messages(announcements.id)[0]).toMatchObject({ edits: 1, content: expect.stringContaining('New words for the announcement') });
    expect(fake.seen.at(-1)).toMatchObject({ method: 'PATCH', url: expect.stringContaining(`/messages/${first.body.post.messageId}`) });
    expect(fake.seen.at(-1)!.url).not.toContain('?wait');

    // Discord down during an update: the post is kept, so the next click edits it rather than posting twice.
    fake.behave({ status: 503 });
    expect(await post(edited.body, 'announcement')).toMatchObject({ status: 502, error: { code: 'discord_unavailable' } });
    fake.behave('ok');
    expect((await post(edited.body, 'announcement')).body).toMatchObject({ updated: true, post: { messageId: first.body.post.messageId } });
    expect(fake.messages(announcements.id)).toHaveLength(1);

    // Deleted in Discord: said so, forgotten, and the next click posts it again.
    fake.deleteMessage(first.body.post.messageId);
    const gone = await post(edited.body, 'announcement');
    expect(gone).toMatchObject({ status: 409, error: { code: 'discord_message_gone' } });
    const again = await post(edited.body, 'announcement');
    expect(again.body).toMatchObject({ updated: false });
    expect(again.body.post.messageId).not.toBe(first.body.post.messageId);

    // Another webhook cannot edit the old message: it posts a new one.
    const replacement = fake.webhook();
    await setWebhooks({ announcements: replacement.url });
    const moved = await post(edited.body, 'announcement');
    expect(moved.body).toMatchObject({ updated: false });
    expect(fake.messages(replacement.id)).toHaveLength(1);
  });

  test('refuses a text that is not what the saved event gives, a closed signup sheet, and a missing webhook', async () => {
    await setWebhooks({ announcements: fake.webhook().url, scheduling: null });
    const event = await eventWithLineup();
    const sent = fake.seen.length;
    const stale = await post(event, 'announcement', `${textOf('announcement', event).content}\n<@999999999999999999> @everyone`);
    expect(stale).toMatchObject({ status: 409, error: { code: 'stale_text' } });
    expect(stale.error.message).toContain('save your changes');
    expect(await post(event, 'verify')).toMatchObject({ status: 409, error: { code: 'webhook_not_configured', message: expect.stringContaining('Global Settings') } });
    expect(await post(event, 'announcement', 'x'.repeat(2001))).toMatchObject({ status: 400, error: { code: 'invalid_request' } });
    expect((await request(API.discord.postToDiscord, malformed({ params: { eventId: event.id, kind: 'everything' }, body: { text: 'x' } }))).status).toBe(400);
    expect((await request(API.discord.postToDiscord, { params: { eventId: randomUUID(), kind: 'verify' }, body: { text: 'x' } })).status).toBe(404);

    const closed = await request(API.events.saveEvent, { params: { eventId: event.id }, body: {
      baseVersion: event.version,
      event: { ...eventFieldsSchema.parse(event), signupsAreOpen: false },
      signups: event.signups,
      slots: event.slots,
      removedSignupUuids: [],
    } });
    expect(await post(closed.body, 'signups-open')).toMatchObject({ status: 409, error: { code: 'signups_closed' } });
    expect(fake.seen.length).toBe(sent);
    expect((await request(API.discord.getDiscordPosts, { params: { eventId: event.id } })).body).toEqual({
      posts: [],
      webhooks: { announcements: true, scheduling: false },
    });
  });

  test.each([
    ['a webhook Discord does not know (404)', 'unknown', 'ok', 502, 'discord_refused', 'Discord refused the webhook: check it in Global Settings.'],
    ['a webhook whose token is wrong (401)', 'badToken', 'ok', 502, 'discord_refused', 'Discord refused the webhook: check it in Global Settings.'],
    ['a rate limit (429)', 'good', { rateLimitSeconds: 2.4 }, 429, 'discord_rate_limited', 'Discord asks to wait 3 seconds; try again then.'],
    ['Discord down (500)', 'good', { status: 500 }, 502, 'discord_unavailable', 'Discord is not answering properly right now (it may be down); try again in a few minutes.'],
    ['Discord answering garbage', 'good', 'malformed', 502, 'discord_unavailable', 'Discord is not answering properly right now (it may be down); try again in a few minutes.'],
    ['Discord never answering', 'good', 'stall', 504, 'discord_unavailable', 'Discord did not answer in time. Look in the channel before trying again: the message may have arrived.'],
    ['Discord stalling mid-answer', 'good', 'stallBody', 504, 'discord_unavailable', 'Discord did not answer in time. Look in the channel before trying again: the message may have arrived.'],
  ] as const)('%s: said in plain words, nothing recorded', async (_label, which, behaviour, status, code, message) => {
    const good = fake.webhook();
    const url = which === 'unknown' ? good.url.replace(`/webhooks/${good.id}/`, '/webhooks/123456789/') : which === 'badToken' ? `${good.url}x` : good.url;
    await setWebhooks({ announcements: url });
    const event = await eventWithLineup();
    fake.behave(behaviour);
    const answer = await post(event, 'announcement');
    expect(answer).toMatchObject({ status, error: { code, message } });
    if (code === 'discord_rate_limited') expect(answer.error.retryAfterSeconds).toBe(3);
    fake.behave('ok');
    expect((await request(API.discord.getDiscordPosts, { params: { eventId: event.id } })).body.posts).toEqual([]);
    expect(logLines.some((line) => line.includes('posting to Discord failed'))).toBe(true);
  });

  test.each([301, 302, 307, 308])('a webhook answering %i to another host: not followed, said in plain words, nothing recorded', async (status) => {
    // What a followed redirect would take for Discord's answer: a message id.
    const elsewhere = await startElsewhere({ id: '900000000000000042' });
    try {
      const hook = fake.webhook();
      await setWebhooks({ announcements: hook.url });
      const event = await eventWithLineup();
      fake.behave({ redirectTo: `${elsewhere.url}/api/webhooks/1/stolen?wait=true`, status });
      const answer = await post(event, 'announcement');
      expect(answer).toMatchObject({ status: 502, error: { code: 'discord_unavailable' } });
      expect(elsewhere.seen).toEqual([]);
      fake.behave('ok');
      expect((await request(API.discord.getDiscordPosts, { params: { eventId: event.id } })).body.posts).toEqual([]);
    } finally {
      await elsewhere.close();
    }
  });

  test('a cancelled event posts its cancellation notice, pinging the roles and its lineup\'s DJs; no other post (issue 34)', async () => {
    const announcements = fake.webhook();
    expect((await setWebhooks({ announcements: announcements.url })).status).toBe(200);
    const event = await eventWithLineup();
    expect(await post(event, 'cancellation')).toMatchObject({ status: 409, error: { message: 'This event is not cancelled: there is no cancellation to post.' } });
    const cancelled = (await request(API.events.cancelEvent, { params: { eventId: event.id }, body: { baseVersion: event.version } })).body;

    const sent = await post(cancelled, 'cancellation');
    expect(sent.status).toBe(200);
    const [notice] = fake.messages(announcements.id);
    expect(notice!.content).toBe(textOf('cancellation', cancelled).content);
    expect(notice!.content).toContain('is cancelled: it will not take place.');
    // The roles, and each DJ of the lineup once; nothing typed into a name pings.
    expect(notice!.allowedMentions).toEqual({ parse: [], users: Object.values(cancelled.djs).map((dj) => dj.discordId).sort(), roles: ROLE_IDS });
    expect(notice!.content).toContain('@\u200Dhere');
    expect(await post(cancelled, 'announcement')).toMatchObject({ status: 409, error: { code: 'event_cancelled' } });
    expect(fake.messages(announcements.id)).toHaveLength(1);
  });

  test('webhook URLs: only under the API origin and in Discord’s shape; masked in answers; kept, replaced or removed', async () => {
    const hook = fake.webhook();
    const saved = await setWebhooks({ announcements: hook.url, scheduling: fake.webhook('').url });
    expect(saved.status).toBe(200);
    expect(saved.body.discordWebhooks).toEqual({
      origin: fake.url,
      announcements: { configured: true, masked: `${fake.url}/api/webhooks/${hook.id.slice(0, 4)}…/••••` },
      scheduling: { configured: true, masked: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/webhooks\/8000…\/••••$/) },
    });

    const stored = async () => (await request(API.settings.getSettings, {})).body.discordWebhooks;
    const before = await stored();
    for (const bad of [
      hook.url.replace(fake.url, 'https://discord.com'),
      hook.url.replace('http://127.0.0.1', 'http://localhost'),
      hook.url.replace('http:', 'https:'),
      `${hook.url}?wait=true`,
      `${hook.url}/messages/1`,
      hook.url.replace(`/${hook.token}`, ''),
      hook.url.replace(`/webhooks/${hook.id}`, '/webhooks/abc'),
      hook.url.replace('http://', 'http://user:pw@'),
      'javascript:alert(1)',
      'not a url',
    ]) {
      const refused = await setWebhooks({ scheduling: bad });
      expect(refused.status, bad).toBe(400);
      expect(refused.error.message, bad).toMatch(/^Scheduling webhook must /);
    }
    expect(await stored()).toEqual(before);

    // A save that does not name a webhook keeps it; null removes it.
    expect((await request(API.settings.saveSettings, { body: { ...DEFAULT_SETTINGS, seriesName: 'Renamed' } })).status).toBe(200);
    expect(await stored()).toEqual(before);
    await setWebhooks({ scheduling: null });
    expect((await stored()).scheduling).toEqual({ configured: false, masked: '' });
    expect((await stored()).announcements).toEqual(before.announcements);
  });

  test('the full webhook URL is never in an answer or a log line', async () => {
    // Runs last: every answer and log line of this file is searched.
    const hook = fake.webhook();
    await setWebhooks({ announcements: hook.url });
    const event = await eventWithLineup();
    await post(event, 'announcement');
    fake.behave({ status: 500 });
    await post(event, 'announcement');
    fake.behave('ok');
    await request(API.settings.getSettings, {});
    const tokens = fake.seen.map((seen) => /\/webhooks\/\d+\/([^/?]+)/.exec(seen.url)?.[1]).filter((token): token is string => !!token);
    expect(tokens.length).toBeGreaterThan(5);
    expect(logLines.length).toBeGreaterThan(20);
    for (const token of new Set(tokens)) {
      for (const text of [...answers, ...logLines]) expect(text).not.toContain(token);
    }
  });
});
