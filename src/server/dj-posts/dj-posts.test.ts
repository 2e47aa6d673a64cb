import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CallInput, Contract } from '@shared/api/contract.js';
import { API } from '@shared/api/index.js';
import { setTestClock } from '@shared/api/testing.js';
import { slotForSignup } from '@shared/lineup.js';
import { DEFAULT_REMINDER_SETTINGS, type ReminderSettings } from '@shared/schemas/dj-posts.js';
import { type EventDetail, eventFieldsSchema } from '@shared/schemas/events.js';
import type { Signup } from '@shared/schemas/lineup.js';
import { DEFAULT_SETTINGS } from '@shared/schemas/settings.js';
import { buildSignup } from '@shared/testing/builders.js';
import { startFakeWebhook, type FakeWebhook } from '../testing/fake-webhook.js';
import { type SignedIn, startTestApp, testDialects, type TestApp } from '../testing/harness.js';
import { SettableClock } from './clock.js';

// The posts Lineup sends DJs on its own (issue 35), end to end against the fake Discord
// (testing/fake-webhook.ts, Discord's webhook execute with ?wait=true, its allowed_mentions and its
// 429 with retry_after), on a clock the test sets: nothing here sleeps. The schedule runs when a
// change makes a post due now (its kick) or when the test asks (runDue), never on its own timer.

const PUBLIC_URL = 'https://lineup.example';
/** The event: Sunday 9 June 2030, 20:00 in London (19:00 UTC). */
const START = Date.parse('2030-06-09T19:00:00.000Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe.each(testDialects)('posts to DJs on %s', (dialect) => {
  let fake: FakeWebhook;
  let clock: SettableClock;
  let app: TestApp;
  let host: SignedIn;
  let hook: ReturnType<FakeWebhook['webhook']>;
  const logLines: string[] = [];

  beforeAll(async () => {
    fake = await startFakeWebhook();
  });
  afterAll(async () => {
    await fake?.close();
  });
  beforeEach(async () => {
    clock = new SettableClock(START - 3 * 24 * HOUR);
    app = await startTestApp(dialect, { DISCORD_API_URL: `${fake.url}/api/v10`, PUBLIC_URL, LOG_LEVEL: 'info' }, { clock, logLines, limits: { discordTimeoutMs: 400 } });
    host = await app.signIn(['host'], { publicName: 'Hana Host' });
    hook = fake.webhook();
    await call(API.settings.saveSettings, { body: { ...DEFAULT_SETTINGS, discordWebhookChanges: { scheduling: hook.url } } });
  });
  afterEach(async () => {
    fake.behave('ok');
    await app?.destroy();
  });

  async function call<C extends Contract>(contract: C, input: CallInput<C>, as: SignedIn = host) {
    return app.call(contract, input, { as });
  }

  /** Sends what is due at the clock's time, after any run a change started. */
  const runDue = () => app.ctx.djPosts.runDue();
  const sent = () => fake.messages(hook.id);

  /** DJs who can sign in (each with their roster entry and a Discord ID). */
  const djs = (count: number) => Promise.all(Array.from({ length: count }, (_, index) => app.signIn(['dj'], { djName: `DJ ${index + 1}` })));

  async function createEvent(name = 'Sunday Service'): Promise<string> {
    const created = await call(API.events.createEvent, {
      body: { name, startDatetime: new Date(START).toISOString(), host: 'Hana', message: '', footer: '', signupsAreOpen: true, confirmSameDay: true },
    });
    expect(created.status).toBe(201);
    return created.body.id;
  }

  /** Saves the event with these signups, the lineup in this order, as the event page does. */
  async function saveLineup(eventId: string, signups: Signup[], lineup: string[], notifyDjs?: boolean): Promise<EventDetail> {
    const stored = (await call(API.events.getEvent, { params: { eventId } })).body;
    const kept = new Set(signups.map((signup) => signup.uuid));
    const saved = await call(API.events.saveEvent, {
      params: { eventId },
      body: {
        baseVersion: stored.version,
        event: eventFieldsSchema.parse(stored),
        signups,
        slots: lineup.map((uuid) => stored.slots.find((slot) => slot.signupUuid === uuid) ?? slotForSignup(signups.find((signup) => signup.uuid === uuid)!)),
        removedSignupUuids: stored.signups.filter((signup) => !kept.has(signup.uuid)).map((signup) => signup.uuid),
        notifyDjs,
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    return saved.body;
  }

  /** An event whose lineup is one one-hour slot per DJ, in order. */
  async function eventWithLineup(lineupDjs: SignedIn[], notifyDjs?: boolean) {
    const eventId = await createEvent();
    const signups = lineupDjs.map((dj, index) => buildSignup(randomUUID(), { name: `Act ${index + 1}`, djRefs: [dj.djId] }));
    const saved = await saveLineup(eventId, signups, signups.map((signup) => signup.uuid), notifyDjs);
    return { eventId, signups, saved };
  }

  const posts = async (eventId: string) => (await call(API.djPosts.getEventDjPosts, { params: { eventId } })).body.posts;
  const stateOf = async (eventId: string) => (await posts(eventId)).map(({ kind, state, djs: names, dueAt, outcome }) => ({ kind, state, djs: names, dueAt, outcome }));
  const iso = (ms: number) => new Date(ms).toISOString();

  test('a saved lineup change staff chose to send: one post, mentioning exactly the DJs concerned, with their confirm link', async () => {
    const [rex, nova, kai] = await djs(3);
    const { eventId, signups } = await eventWithLineup([rex!], true);
    await runDue();
    const [placed] = sent();
    expect(placed!.content).toBe(
      [
        'Lineup change for Sunday Service (<t:1907262000:F>):',
        `<@${rex!.discordId}> you are in the lineup: Act 1, <t:1907262000:t>–<t:1907265600:t>. Confirm it here: <${PUBLIC_URL}/eventSignup/${eventId}>`,
      ].join('\n'),
    );
    // Discord's execute: ?wait=true (its answer names the message), only the DJ may be pinged.
    expect(placed!.allowedMentions).toEqual({ parse: [], users: [rex!.discordId], roles: [] });
    expect(fake.seen.at(-1)).toMatchObject({ method: 'POST', url: `/api/webhooks/${hook.id}/${hook.token}?wait=true` });

    // Nova joins before Rex (Rex moves); Kai waits in the Signups column: a second save, one post.
    const novaSignup = buildSignup(randomUUID(), { name: 'Nova', djRefs: [nova!.djId] });
    const kaiSignup = buildSignup(randomUUID(), { name: 'Kai', djRefs: [kai!.djId] });
    await saveLineup(eventId, [...signups, novaSignup, kaiSignup], [novaSignup.uuid, signups[0]!.uuid], true);
    await runDue();
    expect(sent()).toHaveLength(2);
    const change = sent()[1]!;
    expect(change.allowedMentions).toEqual({ parse: [], users: [nova!.discordId, rex!.discordId], roles: [] });
    expect(change.content).toContain(`<@${rex!.discordId}> your slot moved: Act 1, now <t:1907265600:t>–<t:1907269200:t> (was <t:1907262000:t>–<t:1907265600:t>).`);
    expect(change.content).not.toContain(kai!.discordId);

    // A save staff did not choose to send tells nobody.
    await saveLineup(eventId, [...signups, novaSignup, kaiSignup], [signups[0]!.uuid, novaSignup.uuid]);
    await runDue();
    expect(sent()).toHaveLength(2);
    const list = await posts(eventId);
    expect(list.filter((post) => post.kind === 'lineup_change').map(({ state, djs: names }) => ({ state, djs: names }))).toEqual([
      { state: 'sent', djs: ['DJ 1'] },
      { state: 'sent', djs: ['DJ 2', 'DJ 1'] },
    ]);
  });

  test('the Verify DJs post pings exactly the lineup DJs, each line with the confirm link', async () => {
    const [rex, nova] = await djs(2);
    const { eventId, saved } = await eventWithLineup([rex!, nova!]);
    const { discordPostMessage } = await import('@shared/announcements.js');
    const text = discordPostMessage('verify', { event: saved, djs: saved.djs, announcementRoleIds: [], signupLink: `${PUBLIC_URL}/eventSignup/${eventId}` }).content;
    const posted = await call(API.discord.postToDiscord, { params: { eventId, kind: 'verify' }, body: { text } });
    expect(posted.status).toBe(200);
    const [verify] = sent();
    expect(verify!.allowedMentions).toEqual({ parse: [], users: [rex!.discordId, nova!.discordId], roles: [] });
    expect(verify!.content).toContain(`<t:1907262000:t> : Act 1 - <@${rex!.discordId}> · confirm: <${PUBLIC_URL}/eventSignup/${eventId}>`);
    expect(verify!.content).toContain('DJs listed above: please react to this message if your slot works for you!');
  });

  test('reminders: a day before to those who have not confirmed, an hour before each slot, each sent once and mentioning only its DJ', async () => {
    const [rex, nova] = await djs(2);
    const { eventId } = await eventWithLineup([rex!, nova!]);
    expect(await stateOf(eventId)).toEqual([
      { kind: 'confirm_reminder', state: 'scheduled', djs: ['DJ 1'], dueAt: iso(START - 24 * HOUR), outcome: null },
      { kind: 'confirm_reminder', state: 'scheduled', djs: ['DJ 2'], dueAt: iso(START - 24 * HOUR), outcome: null },
      { kind: 'slot_reminder', state: 'scheduled', djs: ['DJ 1'], dueAt: iso(START - HOUR), outcome: null },
      { kind: 'slot_reminder', state: 'scheduled', djs: ['DJ 2'], dueAt: iso(START), outcome: null },
    ]);
    // Rex confirms in the app: his reminder to confirm goes at once.
    expect((await call(API.signup.confirmSlot, { body: { event_id: eventId, confirmation: 'confirmed' } }, rex!)).status).toBe(200);
    expect((await stateOf(eventId)).filter((post) => post.kind === 'confirm_reminder').map((post) => post.djs)).toEqual([['DJ 2']]);

    clock.set(START - 24 * HOUR - MINUTE);
    expect(await runDue()).toEqual({ sent: 0, skipped: 0, failed: 0 });
    clock.set(START - 24 * HOUR + MINUTE);
    expect(await runDue()).toEqual({ sent: 1, skipped: 0, failed: 0 });
    expect(sent()[0]).toMatchObject({
      content: [
        `<@${nova!.discordId}> please confirm your slot in Sunday Service (<t:1907262000:F>): Act 2, <t:1907265600:t>–<t:1907269200:t>.`,
        `Confirm it here, or tell the hosts you can't make it: <${PUBLIC_URL}/eventSignup/${eventId}>`,
      ].join('\n'),
      allowedMentions: { parse: [], users: [nova!.discordId], roles: [] },
    });

    clock.set(START - HOUR);
    await runDue();
    clock.set(START - HOUR + 5 * MINUTE);
    await runDue();
    expect(sent()).toHaveLength(2);
    expect(sent()[1]).toMatchObject({
      content: [
        `<@${rex!.discordId}> your slot in Sunday Service starts <t:1907262000:R>: Act 1, <t:1907262000:t>–<t:1907265600:t> (<t:1907262000:D>).`,
        `Your signup: <${PUBLIC_URL}/eventSignup/${eventId}>`,
        `Reminders can be turned off on your Lineup home page: <${PUBLIC_URL}/>`,
      ].join('\n'),
      allowedMentions: { parse: [], users: [rex!.discordId], roles: [] },
    });
    const list = await posts(eventId);
    expect(list.find((post) => post.kind === 'slot_reminder' && post.djs[0] === 'DJ 1')).toMatchObject({ state: 'sent', sentAt: iso(START - HOUR), content: sent()[1]!.content });
  });

  test('editing the lineup moves its reminders in the same save; taking a DJ out drops theirs', async () => {
    const [rex, nova] = await djs(2);
    const { eventId, signups } = await eventWithLineup([rex!, nova!]);
    await saveLineup(eventId, signups, [signups[1]!.uuid, signups[0]!.uuid]);
    const slotReminders = async () => (await stateOf(eventId)).filter((post) => post.kind === 'slot_reminder').map(({ djs: names, dueAt }) => [names[0], dueAt]);
    expect(await slotReminders()).toEqual([
      ['DJ 2', iso(START - HOUR)],
      ['DJ 1', iso(START)],
    ]);
    await saveLineup(eventId, signups, [signups[1]!.uuid]);
    expect(await slotReminders()).toEqual([['DJ 2', iso(START - HOUR)]]);
  });

  test('a reminder sent stays sent when the settings change; when the slot moves, it is sent again for the new time', async () => {
    const [rex, nova] = await djs(2);
    const { eventId, signups } = await eventWithLineup([rex!, nova!]);
    clock.set(START - HOUR);
    await runDue();
    const rexReminders = () => sent().filter((message) => (message.allowedMentions as { users: string[] }).users[0] === rex!.discordId);
    expect(rexReminders()).toHaveLength(1);
    // Half an hour instead of an hour: Rex was reminded of this slot already.
    await call(API.djPosts.saveReminderSettings, { body: { ...DEFAULT_REMINDER_SETTINGS, slotReminderMinutes: 30 } });
    expect((await stateOf(eventId)).find((post) => post.kind === 'slot_reminder' && post.djs[0] === 'DJ 1')).toMatchObject({ state: 'sent' });
    // Rex now plays second: a new reminder, half an hour before his new slot.
    await saveLineup(eventId, signups, [signups[1]!.uuid, signups[0]!.uuid]);
    expect((await stateOf(eventId)).find((post) => post.kind === 'slot_reminder' && post.djs[0] === 'DJ 1')).toMatchObject({ state: 'scheduled', dueAt: iso(START + 30 * MINUTE) });
    clock.set(START + 30 * MINUTE);
    await runDue();
    expect(rexReminders()).toHaveLength(2);
    expect(rexReminders()[1]!.content).toContain('<t:1907265600:R>');
  });

  test('a restart between scheduling and sending: the reminder is sent once, at its time', async () => {
    const [rex] = await djs(1);
    const { eventId } = await eventWithLineup([rex!]);
    clock.set(START - HOUR - MINUTE);
    await runDue();
    const before = sent().length;
    app = await app.restart();
    clock.set(START - HOUR + MINUTE);
    expect((await runDue()).sent).toBe(1);
    expect(await runDue()).toEqual({ sent: 0, skipped: 0, failed: 0 });
    expect(sent().slice(before).map((message) => message.allowedMentions)).toEqual([{ parse: [], users: [rex!.discordId], roles: [] }]);
    expect((await stateOf(eventId)).find((post) => post.kind === 'slot_reminder')).toMatchObject({ state: 'sent' });
  });

  test('missed while Lineup was down: sent late within the limit, else skipped and never sent', async () => {
    const [rex, nova] = await djs(2);
    const { eventId } = await eventWithLineup([rex!, nova!]);
    await call(API.signup.confirmSlot, { body: { event_id: eventId, confirmation: 'confirmed' } }, rex!);
    await call(API.signup.confirmSlot, { body: { event_id: eventId, confirmation: 'confirmed' } }, nova!);
    await app.stop();
    // Back 14 minutes after Rex's reminder was due (it may be 15 late); then 16 minutes after Nova's.
    clock.set(START - HOUR + 14 * MINUTE);
    app = await startTestApp(dialect, { DISCORD_API_URL: `${fake.url}/api/v10`, PUBLIC_URL }, { clock, reuse: { dataDir: app.dataDir, databaseUrl: app.databaseUrl } });
    expect(await runDue()).toEqual({ sent: 1, skipped: 0, failed: 0 });
    await app.stop();
    clock.set(START + 16 * MINUTE);
    app = await startTestApp(dialect, { DISCORD_API_URL: `${fake.url}/api/v10`, PUBLIC_URL }, { clock, reuse: { dataDir: app.dataDir, databaseUrl: app.databaseUrl } });
    expect(await runDue()).toEqual({ sent: 0, skipped: 1, failed: 0 });
    expect(sent().map((message) => message.allowedMentions)).toEqual([{ parse: [], users: [rex!.discordId], roles: [] }]);
    expect((await stateOf(eventId)).map(({ djs: names, state, outcome }) => [names[0], state, outcome])).toEqual([
      ['DJ 1', 'sent', null],
      ['DJ 2', 'skipped', 'missed'],
    ]);
    // Staff may still send it, now.
    const skipped = (await posts(eventId)).find((post) => post.state === 'skipped')!;
    const retried = await call(API.djPosts.retryDjPost, { params: { eventId, postId: skipped.id } });
    expect(retried.body).toMatchObject({ state: 'scheduled', dueAt: iso(START + 16 * MINUTE) });
    await runDue();
    expect(sent()).toHaveLength(2);
    expect((await call(API.djPosts.retryDjPost, { params: { eventId, postId: skipped.id } })).error).toMatchObject({ code: 'conflict', message: 'This post was sent already.' });
    // Another event's post, or one that does not exist, is not found through this event.
    const other = await createEvent('Another night');
    expect((await call(API.djPosts.retryDjPost, { params: { eventId: other, postId: skipped.id } })).status).toBe(404);
    expect((await call(API.djPosts.retryDjPost, { params: { eventId, postId: randomUUID() } })).status).toBe(404);
    expect((await call(API.djPosts.getEventDjPosts, { params: { eventId: randomUUID() } })).status).toBe(404);
  });

  test('cancelling the event before a reminder is sent drops it; the lineup is told if staff chose so; restoring brings the reminders back', async () => {
    const [rex, nova] = await djs(2);
    const { eventId, saved } = await eventWithLineup([rex!, nova!]);
    const cancelled = await call(API.events.cancelEvent, { params: { eventId }, body: { baseVersion: saved.version, notifyDjs: true } });
    expect(cancelled.status).toBe(200);
    await runDue();
    expect(sent()).toHaveLength(1);
    expect(sent()[0]!.allowedMentions).toEqual({ parse: [], users: [rex!.discordId, nova!.discordId], roles: [] });
    expect(sent()[0]!.content).toMatch(/^Sunday Service \(<t:1907262000:F>\) is cancelled: there is no slot to play\./);
    expect(await stateOf(eventId)).toEqual([{ kind: 'event_cancelled', state: 'sent', djs: ['DJ 1', 'DJ 2'], dueAt: iso(START - 3 * 24 * HOUR), outcome: null }]);
    clock.set(START - HOUR + MINUTE);
    expect((await runDue()).sent).toBe(0);

    const restored = await call(API.events.restoreEvent, { params: { eventId }, body: { baseVersion: cancelled.body.version } });
    expect(restored.status).toBe(200);
    // Rex's reminder is due now (within its 15 minutes): it goes at once.
    await runDue();
    expect(sent()).toHaveLength(2);
    expect((await stateOf(eventId)).filter((post) => post.kind !== 'event_cancelled').map(({ kind, state }) => [kind, state])).toEqual([
      ['confirm_reminder', 'skipped'],
      ['confirm_reminder', 'skipped'],
      ['slot_reminder', 'sent'],
      ['slot_reminder', 'scheduled'],
    ]);
  });

  test('two instances racing for the same posts: each is sent exactly once', async () => {
    const lineup = await djs(6);
    const { eventId } = await eventWithLineup(lineup);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lineup-second-'));
    const secondClock = new SettableClock(START - 24 * HOUR + MINUTE);
    const second = await startTestApp(dialect, { DISCORD_API_URL: `${fake.url}/api/v10`, PUBLIC_URL }, {
      clock: secondClock,
      reuse: dialect === 'postgres' ? { dataDir, databaseUrl: app.databaseUrl } : { dataDir: app.dataDir },
    });
    try {
      clock.set(START - 24 * HOUR + MINUTE);
      // Discord answers each post a little later, so the runs overlap.
      fake.behave({ delayMs: 30 });
      const runs = await Promise.all([app.ctx.djPosts.runDue(), second.ctx.djPosts.runDue(), app.ctx.djPosts.runDue(), second.ctx.djPosts.runDue()]);
      expect(runs.reduce((total, run) => total + run.sent, 0)).toBe(6);
      expect(sent().map((message) => message.allowedMentions)).toEqual(expect.arrayContaining(lineup.map((dj) => ({ parse: [], users: [dj.discordId], roles: [] }))));
      expect(sent()).toHaveLength(6);
      expect((await stateOf(eventId)).filter((post) => post.kind === 'confirm_reminder').every((post) => post.state === 'sent')).toBe(true);
    } finally {
      await second.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('Discord asking to wait (429 with retry_after): the post waits that long, and so do the others of the run', async () => {
    const [rex, nova] = await djs(2);
    await eventWithLineup([rex!, nova!]);
    clock.set(START - 24 * HOUR);
    fake.behave({ rateLimitSeconds: 2.4 });
    expect(await runDue()).toEqual({ sent: 0, skipped: 0, failed: 0 });
    fake.behave('ok');
    clock.set(START - 24 * HOUR + 2 * 1000);
    expect((await runDue()).sent).toBe(0);
    clock.set(START - 24 * HOUR + 3 * 1000);
    expect((await runDue()).sent).toBe(2);
    expect(sent()).toHaveLength(2);
  });

  test('Discord down: tried again a minute later, then failed with its reason; Retry sends it; a timeout is failed at once', async () => {
    const [rex] = await djs(1);
    const { eventId } = await eventWithLineup([rex!]);
    let now = START - 24 * HOUR;
    clock.set(now);
    fake.behave({ status: 503 });
    for (let attempt = 1; attempt <= 2; attempt++) {
      expect(await runDue()).toEqual({ sent: 0, skipped: 0, failed: 0 });
      now += MINUTE;
      clock.set(now);
    }
    // Three tries a minute apart: the third failure is final.
    expect(await runDue()).toEqual({ sent: 0, skipped: 0, failed: 1 });
    const failed = (await posts(eventId)).find((post) => post.kind === 'confirm_reminder')!;
    expect(failed).toMatchObject({ state: 'failed', outcome: 'discord_unavailable' });
    fake.behave('ok');
    expect((await call(API.djPosts.retryDjPost, { params: { eventId, postId: failed.id } })).status).toBe(200);
    await runDue();
    expect(sent()).toHaveLength(1);

    clock.set(START - HOUR);
    fake.behave('stall');
    expect(await runDue()).toEqual({ sent: 0, skipped: 0, failed: 1 });
    fake.behave('ok');
    expect((await posts(eventId)).find((post) => post.kind === 'slot_reminder')).toMatchObject({ state: 'failed', outcome: 'timed_out' });
  });

  test('no scheduling webhook: skipped, said so; the webhook set, Retry sends it', async () => {
    const [rex] = await djs(1);
    const { eventId } = await eventWithLineup([rex!]);
    await call(API.settings.saveSettings, { body: { ...DEFAULT_SETTINGS, discordWebhookChanges: { scheduling: null } } });
    clock.set(START - 24 * HOUR);
    expect(await runDue()).toEqual({ sent: 0, skipped: 1, failed: 0 });
    const answer = (await call(API.djPosts.getEventDjPosts, { params: { eventId } })).body;
    expect(answer.schedulingWebhookSet).toBe(false);
    expect(answer.posts[0]).toMatchObject({ state: 'skipped', outcome: 'no_webhook' });
    await call(API.settings.saveSettings, { body: { ...DEFAULT_SETTINGS, discordWebhookChanges: { scheduling: hook.url } } });
    await call(API.djPosts.retryDjPost, { params: { eventId, postId: answer.posts[0]!.id } });
    await runDue();
    expect(sent()).toHaveLength(1);
  });

  test('Global Settings → Reminders: offsets and on/off move every upcoming event’s reminders at once; bad values are refused', async () => {
    const [rex] = await djs(1);
    const { eventId } = await eventWithLineup([rex!]);
    const save = (settings: ReminderSettings) => call(API.djPosts.saveReminderSettings, { body: settings });
    expect((await call(API.djPosts.getReminderSettings, {})).body).toEqual({ ...DEFAULT_REMINDER_SETTINGS, schedulingWebhookSet: true });
    const saved = await save({ ...DEFAULT_REMINDER_SETTINGS, slotReminderMinutes: 30, confirmReminder: false });
    expect(saved.body).toEqual({ ...DEFAULT_REMINDER_SETTINGS, slotReminderMinutes: 30, confirmReminder: false, schedulingWebhookSet: true });
    expect(await stateOf(eventId)).toEqual([{ kind: 'slot_reminder', state: 'scheduled', djs: ['DJ 1'], dueAt: iso(START - 30 * MINUTE), outcome: null }]);

    const refused = await save({ ...DEFAULT_REMINDER_SETTINGS, slotReminderMinutes: 0 });
    expect(refused).toMatchObject({ status: 400, error: { code: 'invalid_request', message: expect.stringContaining('Minutes before the slot must be at least 5.') } });
    expect((await call(API.djPosts.getReminderSettings, {})).body.slotReminderMinutes).toBe(30);
    await save({ ...DEFAULT_REMINDER_SETTINGS, slotReminder: false, confirmReminder: false });
    expect(await stateOf(eventId)).toEqual([]);
  });

  test('a DJ turns their reminders off on their Home, and on again', async () => {
    const [rex, nova] = await djs(2);
    const { eventId } = await eventWithLineup([rex!, nova!]);
    expect((await call(API.djPosts.getMyReminders, {}, rex!)).body).toEqual({ remindersOn: true, settings: DEFAULT_REMINDER_SETTINGS });
    expect((await call(API.djPosts.saveMyReminders, { body: { remindersOn: false } }, rex!)).body.remindersOn).toBe(false);
    expect((await stateOf(eventId)).every((post) => !post.djs.includes('DJ 1'))).toBe(true);
    expect((await stateOf(eventId)).filter((post) => post.djs.includes('DJ 2'))).toHaveLength(2);
    await call(API.djPosts.saveMyReminders, { body: { remindersOn: true } }, rex!);
    expect((await stateOf(eventId)).filter((post) => post.djs.includes('DJ 1'))).toHaveLength(2);
    // A host's choice is their own: Rex's reminders stay.
    expect((await call(API.djPosts.saveMyReminders, { body: { remindersOn: false } })).status).toBe(200);
    expect((await stateOf(eventId)).filter((post) => post.djs.includes('DJ 1'))).toHaveLength(2);
  });

  test('an archive imported into a new install: its upcoming reminders are scheduled at once (the schedule itself is not archived)', async () => {
    const [rex] = await djs(1);
    const { eventId } = await eventWithLineup([rex!]);
    const admin = await app.signIn(['admin']);
    const exported = (await call(API.archive.exportArchive, {}, admin)).body;
    expect(exported.tables).not.toHaveProperty('scheduled_posts');
    const fresh = await startTestApp(dialect, { DISCORD_API_URL: `${fake.url}/api/v10`, PUBLIC_URL }, { clock });
    try {
      const freshAdmin = await fresh.signIn(['admin']);
      expect((await fresh.call(API.archive.importArchive, { body: { text: JSON.stringify(exported) } }, { as: freshAdmin })).status).toBe(200);
      const listed = await fresh.call(API.djPosts.getEventDjPosts, { params: { eventId } }, { as: freshAdmin });
      expect(listed.body.posts.map(({ kind, state, dueAt }) => [kind, state, dueAt])).toEqual([
        ['confirm_reminder', 'scheduled', iso(START - 24 * HOUR)],
        ['slot_reminder', 'scheduled', iso(START - HOUR)],
      ]);
    } finally {
      await fresh.destroy();
    }
  });

  test('the webhook’s token is never in a log line', async () => {
    const [rex] = await djs(1);
    await eventWithLineup([rex!], true);
    await runDue();
    fake.behave({ status: 500 });
    clock.set(START - 24 * HOUR);
    await runDue();
    fake.behave('ok');
    expect(logLines.some((line) => line.includes('posted to DJs in Discord'))).toBe(true);
    expect(logLines.some((line) => line.includes('posting to DJs in Discord failed'))).toBe(true);
    for (const line of logLines) expect(line).not.toContain(hook.token);
  });
});

describe('the test clock (TEST_CLOCK, for the end-to-end tests)', () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.destroy();
  });

  test('without TEST_CLOCK=on there is no such route; with it, only an admin moves the clock', async () => {
    const now = '2030-06-09T18:00:00.000Z';
    const plain = await startTestApp('sqlite');
    apps.push(plain);
    const plainAdmin = await plain.signIn(['admin']);
    expect((await plain.request('PUT', '/api/testing/clock', { body: { now }, cookie: plainAdmin.cookie })).status).toBe(404);

    const testing = await startTestApp('sqlite', { TEST_CLOCK: 'on' });
    apps.push(testing);
    const [admin, host] = await Promise.all([testing.signIn(['admin']), testing.signIn(['host'])]);
    expect((await testing.call(setTestClock, { body: { now } })).status).toBe(401);
    expect((await testing.call(setTestClock, { body: { now } }, { as: host })).status).toBe(403);
    expect((await testing.request('PUT', '/API/testing/clock/', { body: { now }, cookie: host.cookie })).status).not.toBe(200);
    const moved = await testing.call(setTestClock, { body: { now } }, { as: admin });
    expect(moved.status).toBe(200);
    expect(moved.body).toEqual({ now, sent: 0, skipped: 0, failed: 0 });
  });
});
