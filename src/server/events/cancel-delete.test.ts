import { randomUUID } from 'node:crypto';
import { type CallInput, type Contract, urlOf } from '@shared/api/contract.js';
import { API } from '@shared/api/index.js';
import { slotForSignup } from '@shared/lineup.js';
import { feeds } from '@shared/paths.js';
import { eventFieldsSchema } from '@shared/schemas/events.js';
import { buildLegacySlot, buildSignup } from '@shared/testing/builders.js';
import { intake, storedLineup } from '../testing/fixtures.js';
import { startTestApp, testDialects, type SignedIn, type TestApp } from '../testing/harness.js';

// Cancel, restore and delete (issue 13): a cancelled event keeps its signups, answers, slots
// and plays, is closed to DJs and comes back on restore; only an event with nothing to lose can
// be deleted. Each is checked against the version the page showed, like a save. Issue 34: a
// cancelled event says so wherever it shows, and takes no edits but Restore.

const START = '2030-01-06T20:00:00.000Z';

describe.each(testDialects)('cancel, restore and delete events on %s', (dialect) => {
  let app: TestApp;
  let host: SignedIn;
  let dj: SignedIn;

  beforeEach(async () => {
    app = await startTestApp(dialect);
    host = await app.signIn(['host', 'dj']);
    dj = await app.signIn(['dj'], { djName: 'Dana' });
  });
  afterEach(async () => {
    await app.destroy();
  });

  const staff = <C extends Contract>(contract: C, input: CallInput<C>) => app.call(contract, input, { as: host });
  const getEvent = async (id: string) => (await staff(API.events.getEvent, { params: { eventId: id } })).body;
  const action = (id: string, name: 'cancel' | 'restore' | 'publish', baseVersion: number) =>
    staff({ cancel: API.events.cancelEvent, restore: API.events.restoreEvent, publish: API.events.publishEvent }[name], { params: { eventId: id }, body: { baseVersion } });
  const remove = (id: string, baseVersion: number) => staff(API.events.deleteEvent, { params: { eventId: id }, body: { baseVersion } });

  async function createEvent(name = 'Sunday Service'): Promise<string> {
    const response = await staff(API.events.createEvent, { body: {
      name,
      startDatetime: START,
      // Several test events share a day on purpose.
      confirmSameDay: true,
      host: 'Hosty',
      signupsAreOpen: true,
      message: '',
      footer: '',
    } });
    expect(response.status).toBe(201);
    return response.body.id;
  }

  /** An event with a lineup (a staff signup, played), and a DJ's own signup with answers waiting. */
  async function eventWithLineup(name?: string): Promise<string> {
    const id = await createEvent(name);
    const signup = buildSignup(randomUUID(), { name: 'Host pick', djRefs: [host.djId] });
    const event = await getEvent(id);
    const saved = await staff(API.events.saveEvent, { params: { eventId: id }, body: {
      baseVersion: event.version,
      event: eventFieldsSchema.parse(event),
      signups: [signup],
      slots: [slotForSignup(signup)],
      removedSignupUuids: [],
    } });
    expect(saved.status).toBe(200);
    const submitted = await app.call(API.signup.submitSignup, { body: intake(id, { name: 'Dana live', dj_notes: 'bring snacks' }) }, { as: dj });
    expect(submitted.status).toBe(200);
    return id;
  }

  /** The event a DJ is booked for next on the roster (a 2030 event is upcoming, not yet a play: decision 040). */
  const bookedEvent = async (djId: string) =>
    (await staff(API.djs.getRoster, {})).body.djs.find((row) => row.id === djId)?.nextPlay?.eventId;
  const area = (id: string) => app.call(API.signup.getSignupArea, { query: { event_id: id } }, { as: dj });
  const listed = async (when: 'upcoming' | 'past') => (await staff(API.events.listEvents, { query: { when } })).body;

  test('a cancelled event keeps its signups, answers, slots and plays, is closed to DJs, and comes back on restore', async () => {
    const id = await eventWithLineup();
    const before = await storedLineup(app.ctx.store.db);
    const loaded = await getEvent(id);
    expect(await bookedEvent(host.djId)).toBe(id);

    const cancelled = await action(id, 'cancel', loaded.version);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ cancelled: true, version: loaded.version + 1, published: false });
    expect(cancelled.body.signups.map((s) => s.name)).toEqual(['Host pick', 'Dana live']);
    expect(await storedLineup(app.ctx.store.db)).toEqual(before);
    expect(await bookedEvent(host.djId)).toBe(id);

    // Still in the staff lists, marked; the home card too.
    expect((await listed('upcoming')).find((event) => event.id === id)).toMatchObject({ cancelled: true, djs: ['Host pick'] });
    expect((await staff(API.events.getHomeEvent, {})).body.event).toMatchObject({ id, cancelled: true });

    // The DJ's signup area answers as closed, saying why; the intake refuses.
    expect((await area(id)).body.event).toMatchObject({ signupsAreOpen: false, cancelled: true });
    const refused = await app.call(API.signup.submitSignup, { body: intake(id, { name: 'Dana changed' }) }, { as: dj });
    expect(refused.status).toBe(409);
    expect(refused.error).toEqual({ code: 'signups_closed', message: 'Signups for this event are currently closed. This event is cancelled: it will not take place.' });
    expect(await storedLineup(app.ctx.store.db)).toEqual(before);

    // Publishing waits for a restore.
    const publish = await action(id, 'publish', cancelled.body.version);
    expect(publish.status).toBe(409);
    expect(publish.error).toMatchObject({ message: 'This event is cancelled: restore it before publishing it.' });

    const restored = await action(id, 'restore', cancelled.body.version);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ cancelled: false, version: loaded.version + 2 });
    expect(await storedLineup(app.ctx.store.db)).toEqual(before);
    expect((await area(id)).body.event).toMatchObject({ signupsAreOpen: true, cancelled: false });
    expect((await app.call(API.signup.submitSignup, { body: intake(id, { name: 'Dana changed' }) }, { as: dj })).status).toBe(200);
  });

  test('a published event cancelled stays on the public pages, marked cancelled and without its lineup, until restored', async () => {
    const id = await eventWithLineup();
    // Published by staff (the preflight's steps are tested with publishing itself).
    await app.ctx.store.db.updateTable('events').set({ published: 1 }).where('id', '=', id).execute();
    const listedPublicly = async () => (await app.call(API.public.listPublicLineups, {})).body.events.find((event) => event.id === id);
    const page = async () => (await app.call(API.public.getPublicLineup, { params: { eventId: id } })).body.event;
    expect(await page()).toMatchObject({ cancelled: false, slots: [{ name: 'Host pick' }] });
    expect(await listedPublicly()).toMatchObject({ cancelled: false, djs: ['Host pick'] });

    const cancelled = await action(id, 'cancel', (await getEvent(id)).version);
    expect(cancelled.body).toMatchObject({ cancelled: true, published: true });
    expect(await page()).toMatchObject({ id, cancelled: true, slots: [], links: [] });
    expect(await listedPublicly()).toMatchObject({ cancelled: true, djs: [] });

    expect((await action(id, 'restore', cancelled.body.version)).status).toBe(200);
    expect(await page()).toMatchObject({ cancelled: false, slots: [{ name: 'Host pick' }] });
  });

  test('a cancelled event is shown to its DJs as cancelled, refused with the closed message, and said to be cancelled on every public page and feed', async () => {
    const id = await eventWithLineup('Moonlight Night');
    // Dana's signup joins the lineup, she confirms her slot, and the event is published.
    const loaded = await getEvent(id);
    const danaSignup = loaded.signups.find((signup) => signup.name === 'Dana live')!;
    const saved = await staff(API.events.saveEvent, { params: { eventId: id }, body: {
      baseVersion: loaded.version,
      event: eventFieldsSchema.parse(loaded),
      signups: loaded.signups,
      slots: [...loaded.slots, slotForSignup(danaSignup)],
      removedSignupUuids: [],
    } });
    expect(saved.status).toBe(200);
    expect((await app.call(API.signup.confirmSlot, { body: { event_id: id, confirmation: 'confirmed' } }, { as: dj })).status).toBe(200);
    await app.ctx.store.db.updateTable('events').set({ published: 1 }).where('id', '=', id).execute();
    const calendar = new URL((await app.call(API.public.getCalendarLink, {}, { as: dj })).body.url).pathname;
    const home = async () => (await app.call(API.me.getDjHome, {}, { as: dj })).body;
    const text = async (url: string) => JSON.stringify((await app.request('GET', url)).body ?? '');
    const everywhere = [urlOf(API.public.listPublicLineups), feeds.events(), feeds.next('json'), feeds.next('txt'), calendar];

    // Before: open for signup, her confirmed slot, and public everywhere.
    expect((await home()).openEvents.map((event) => event.id)).toEqual([id]);
    expect((await home()).signups).toMatchObject([{ eventId: id, state: 'confirmed', cancelled: false }]);
    for (const url of everywhere) expect(await text(url), url).toContain('Moonlight Night');
    for (const url of everywhere) expect(await text(url), url).not.toContain('Cancelled');
    expect((await app.request('GET', feeds.lineupImage(id, 'svg'))).status).toBe(200);

    expect((await action(id, 'cancel', (await getEvent(id)).version)).status).toBe(200);

    // Her home no longer offers it for signup; her signup says the event is cancelled.
    expect((await home()).openEvents).toEqual([]);
    expect((await home()).signups).toMatchObject([{ eventId: id, signupName: 'Dana live', cancelled: true }]);
    // Her signup area is closed, and the intake and her answer are refused with the spec's closed message.
    expect((await area(id)).body.event).toMatchObject({ signupsAreOpen: false, cancelled: true });
    const closed = 'Signups for this event are currently closed. This event is cancelled: it will not take place.';
    const refused = await app.call(API.signup.submitSignup, { body: intake(id, { name: 'Dana changed' }) }, { as: dj });
    expect(refused).toMatchObject({ status: 409, error: { code: 'signups_closed', message: closed } });
    const answer = await app.call(API.signup.confirmSlot, { body: { event_id: id, confirmation: 'declined' } }, { as: dj });
    expect(answer).toMatchObject({ status: 409, error: { code: 'signups_closed', message: closed } });
    // Visitors, and she in her own calendar, read that it is cancelled, in words; nobody's set is listed.
    for (const url of everywhere) {
      const shown = await text(url);
      expect(shown, url).toContain('Moonlight Night');
      expect(shown, url).toMatch(/Cancelled|"cancelled":true/);
      expect(shown, url).not.toContain('Host pick');
    }
    expect(await text(feeds.next('txt'))).toContain('Cancelled: this event will not take place.');
    expect(await text(feeds.events())).toContain('STATUS:CANCELLED');
    expect(await text(calendar)).toContain('STATUS:CANCELLED');
    expect(await text(calendar)).toContain('SUMMARY:Cancelled: Dana live at Moonlight Night');
    const image = await app.request<string>('GET', feeds.lineupImage(id, 'svg'));
    expect(image.status).toBe(200);
    expect(String(image.body)).toContain('<desc>Cancelled: this event will not take place.</desc>');
  });

  test('a cancelled event takes no edits but Restore: every staff write is refused and changes nothing', async () => {
    const id = await eventWithLineup();
    const loaded = await getEvent(id);
    const cancelled = await action(id, 'cancel', loaded.version);
    expect(cancelled.status).toBe(200);
    const version = cancelled.body.version;
    const before = { lineup: await storedLineup(app.ctx.store.db), event: await getEvent(id) };
    const eventId = id;
    const writes = [
      ['save', staff(API.events.saveEvent, { params: { eventId }, body: { baseVersion: version, event: { ...eventFieldsSchema.parse(before.event), name: 'Renamed' }, signups: before.event.signups, slots: before.event.slots, removedSignupUuids: [] } })],
      ['publish', action(id, 'publish', version)],
      ['unpublish', staff(API.events.unpublishEvent, { params: { eventId }, body: { baseVersion: version } })],
      ['cancel again', action(id, 'cancel', version)],
      ['preflight', staff(API.events.setPreflightStep, { params: { eventId }, body: { step: 'textsCopied', done: true } })],
      ['confirmation', staff(API.events.setConfirmation, { params: { eventId }, body: { djId: host.djId, confirmation: 'confirmed' } })],
      ['delete', remove(id, version)],
      ['announcement post', staff(API.discord.postToDiscord, { params: { eventId, kind: 'announcement' }, body: { text: 'x' } })],
    ] as const;
    for (const [what, sent] of writes) {
      const answer = await sent;
      expect(answer.status, what).toBe(409);
      expect(answer.error.code, what).toBe('event_cancelled');
    }
    expect({ lineup: await storedLineup(app.ctx.store.db), event: await getEvent(id) }).toEqual(before);

    // Restore, and the same save goes through.
    const restored = await action(id, 'restore', version);
    expect(restored.status).toBe(200);
    const renamed = await staff(API.events.saveEvent, { params: { eventId }, body: { baseVersion: restored.body.version, event: { ...eventFieldsSchema.parse(restored.body), name: 'Renamed' }, signups: restored.body.signups, slots: restored.body.slots, removedSignupUuids: [] } });
    expect(renamed).toMatchObject({ status: 200, body: { name: 'Renamed' } });
  });

  test('cancel and restore are refused when someone saved meanwhile, and for an unknown event', async () => {
    const id = await eventWithLineup();
    const loaded = await getEvent(id);
    const stale = await action(id, 'cancel', loaded.version - 1);
    expect(stale.status).toBe(409);
    expect(stale.error).toMatchObject({ code: 'stale_version', currentVersion: loaded.version });
    expect(await getEvent(id)).toMatchObject({ cancelled: false, version: loaded.version });

    expect((await action(id, 'cancel', loaded.version)).status).toBe(200);
    const staleRestore = await action(id, 'restore', loaded.version);
    expect(staleRestore.status).toBe(409);
    expect(staleRestore.error).toMatchObject({ code: 'stale_version' });
    expect(await getEvent(id)).toMatchObject({ cancelled: true });

    expect((await action(randomUUID(), 'cancel', 1)).status).toBe(404);
    expect((await action(randomUUID(), 'restore', 1)).status).toBe(404);
  });

  test('an unpublished event without signups is deleted; the lists no longer show it', async () => {
    const id = await createEvent('Typo night');
    const kept = await createEvent('Kept night');
    const response = await remove(id, 1);
    expect(response.status).toBe(204);
    expect((await staff(API.events.getEvent, { params: { eventId: id } })).status).toBe(404);
    expect((await listed('upcoming')).map((event) => event.id)).toEqual([kept]);
    expect((await remove(id, 1)).status).toBe(404);
  });

  test('delete is refused, changing nothing, for an event with signups, a lineup, a publication or a newer version', async () => {
    const withSignups = await eventWithLineup();
    // Only a DJ's signup, which arrived after the page loaded (it does not change the version).
    const djOnly = await createEvent('DJ only');
    const loadedDjOnly = await getEvent(djOnly);
    expect((await app.call(API.signup.submitSignup, { body: intake(djOnly, { name: 'Dana' }) }, { as: dj })).status).toBe(200);
    const legacyOnly = await createEvent('Legacy lineup');
    const legacy = await getEvent(legacyOnly);
    expect(
      (
        await staff(API.events.saveEvent, { params: { eventId: legacyOnly }, body: {
          baseVersion: legacy.version,
          event: eventFieldsSchema.parse(legacy),
          signups: [],
          slots: [buildLegacySlot({ djName: 'Old Timer' })],
          removedSignupUuids: [],
        } })
      ).status,
    ).toBe(200);
    // Published earlier, its lineup emptied since (publishing itself needs a lineup now).
    const published = await createEvent('Published');
    await app.ctx.store.db.updateTable('events').set({ published: 1 }).where('id', '=', published).execute();
    const stale = await createEvent('Stale');

    const rows = async () => ({ lineup: await storedLineup(app.ctx.store.db), events: await app.ctx.store.db.selectFrom('events').selectAll().orderBy('id').execute() });
    const before = await rows();
    const cases: Array<[string, number, number, string]> = [
      [withSignups, (await getEvent(withSignups)).version, 409, 'This event has signups: cancel it instead.'],
      [djOnly, loadedDjOnly.version, 409, 'This event has signups: cancel it instead.'],
      [legacyOnly, (await getEvent(legacyOnly)).version, 409, 'This event has a lineup: cancel it instead.'],
      [published, 1, 409, 'This event is published: cancel it instead.'],
      [stale, 7, 409, 'This event was changed by someone else since you loaded it. Reload to see their changes, then make your edits again.'],
    ];
    for (const [id, version, status, message] of cases) {
      const response = await remove(id, version);
      expect(response.status, message).toBe(status);
      expect(response.error.message).toBe(message);
    }
    expect(await rows()).toEqual(before);
  });

  test('the change stream tells open pages about a cancel', async () => {
    const id = await createEvent();
    const stream = await app.openStream(API.events.eventChanges, { params: { eventId: id } }, { as: host });
    await stream.readUntil(': connected');
    expect((await action(id, 'cancel', 1)).status).toBe(200);
    await stream.readUntil('event: changed\ndata: {"version":2}\n\n');
    await stream.cancel();
  });
});
