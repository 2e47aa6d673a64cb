import { randomUUID } from 'node:crypto';
import { API } from '@shared/api/index.js';
import { DEFAULT_SETTINGS } from '@shared/schemas/settings.js';
import { intake } from '../testing/fixtures.js';
import { startTestApp, testDialects, type TestApp } from '../testing/harness.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe.each(testDialects)('my home on %s', (dialect) => {
  let app: TestApp;
  beforeEach(async () => {
    app = await startTestApp(dialect);
  });
  afterEach(async () => {
    await app.destroy();
  });

  /** An event starting `fromNow` ms from now, three hours long. */
  async function event(name: string, fromNow: number, signupsOpen: boolean) {
    const id = randomUUID();
    const start = Date.now() + fromNow;
    await app.ctx.store.db
      .insertInto('events')
      .values({ id, name, start_at: start, end_at: start + 3 * HOUR, published: 0, host: 'Hal', message: '', footer: '', signups_open: 1, version: 1, created_at: 0, updated_at: 0 })
      .execute();
    if (!signupsOpen) await app.ctx.store.db.updateTable('events').set({ signups_open: 0 }).where('id', '=', id).execute();
    return { id, start };
  }

  /** Staff put the DJ's signup in the lineup at the event's start, and record the play. */
  async function inLineup(eventId: string, djId: string, start: number, position = 0) {
    const { signup_uuid } = await app.ctx.store.db
      .selectFrom('signup_djs')
      .select('signup_uuid')
      .where('event_id', '=', eventId)
      .where('dj_id', '=', djId)
      .executeTakeFirstOrThrow();
    await app.ctx.store.db
      .insertInto('slots')
      .values({
        event_id: eventId,
        position,
        signup_uuid,
        start_at: start,
        end_at: start + HOUR,
        legacy_dj_name: null,
        legacy_dj_id: null,
        legacy_duration: null,
        legacy_is_debut: null,
        legacy_slot_type: null,
        stream_source_url: 'rtmp://secret.example.org/live/key',
        stream_source_type: 'RTMP',
      })
      .execute();
    await app.ctx.store.db.insertInto('dj_plays').values({ event_id: eventId, dj_id: djId }).execute();
  }

  const signUp = (cookie: string, eventId: string, name: string, notes = '') =>
    app.call(API.signup.submitSignup, { body: intake(eventId, { name, dj_notes: notes }) }, { as: { cookie } });

  test("a DJ sees the open events, their own signups with their state and their past plays, never another DJ's", async () => {
    const dana = await app.signIn(['dj']);
    const rex = await app.signIn(['dj']);
    const next = await event('Sunday Service #22', 2 * DAY, true);
    const later = await event('Sunday Service #23', 9 * DAY, true);
    const past = await event('Sunday Service #21', -5 * DAY, true);

    expect((await signUp(dana.cookie, next.id, 'Dana Live')).status).toBe(200);
    expect((await signUp(rex.cookie, next.id, 'Rex Secret Set', 'my private notes')).status).toBe(200);
    expect((await signUp(rex.cookie, later.id, 'Rex Later')).status).toBe(200);
    expect((await signUp(dana.cookie, past.id, 'Dana Past')).status).toBe(200);
    expect((await signUp(rex.cookie, past.id, 'Rex Past')).status).toBe(200);
    await inLineup(next.id, dana.djId, next.start);
    await inLineup(past.id, dana.djId, past.start);
    await inLineup(past.id, rex.djId, past.start + HOUR, 1);
    await app.ctx.store.db.updateTable('events').set({ signups_open: 0 }).where('id', '=', past.id).execute();

    const home = await app.call(API.me.getDjHome, {}, { as: dana });
    expect(home.status).toBe(200);
    expect(home.body).toEqual({
      seriesZone: DEFAULT_SETTINGS.defaultZone,
      contactHostName: DEFAULT_SETTINGS.contactHostName,
      openEvents: [
        { id: next.id, name: 'Sunday Service #22', startDatetime: new Date(next.start).toISOString(), signedUp: true, full: false },
        { id: later.id, name: 'Sunday Service #23', startDatetime: new Date(later.start).toISOString(), signedUp: false, full: false },
      ],
      signups: [
        {
          eventId: next.id,
          eventName: 'Sunday Service #22',
          startDatetime: new Date(next.start).toISOString(),
          signupName: 'Dana Live',
          state: 'in_lineup',
          cancelled: false,
          slot: { startTime: new Date(next.start).toISOString(), endTime: new Date(next.start + HOUR).toISOString() },
        },
      ],
      pastPlays: [{ eventId: past.id, eventName: 'Sunday Service #21', startDatetime: new Date(past.start).toISOString() }],
      pastPlayCount: 1,
    });
    const text = JSON.stringify(home.body);
    for (const other of ['Rex', 'my private notes', rex.djId, 'rtmp://']) expect(text).not.toContain(other);

    // Dana confirms the slot proposed to her; another DJ's answer never shows on her home.
    const confirmed = await app.call(API.signup.confirmSlot, { body: { event_id: next.id, confirmation: 'confirmed' } }, { as: dana });
    expect(confirmed.status).toBe(200);
    const after = await app.call(API.me.getDjHome, {}, { as: dana });
    expect(after.body.signups.map((signup) => signup.state)).toEqual(['confirmed']);
    await app.ctx.store.db.updateTable('signup_djs').set({ confirmation: 'declined' }).where('dj_id', '=', dana.djId).where('event_id', '=', next.id).execute();
    expect((await app.call(API.me.getDjHome, {}, { as: dana })).body.signups[0]?.state).toBe('declined');

    const rexHome = await app.call(API.me.getDjHome, {}, { as: rex });
    expect(rexHome.body.signups.map((signup) => [signup.signupName, signup.state, signup.slot])).toEqual([
      ['Rex Secret Set', 'signed_up', null],
      ['Rex Later', 'signed_up', null],
    ]);
    expect(rexHome.body.openEvents.map((open) => open.signedUp)).toEqual([true, true]);
    expect(rexHome.body.pastPlayCount).toBe(1);
    expect(JSON.stringify(rexHome.body)).not.toContain('Dana');
  });

  test('a DJ with nothing yet gets empty lists; closed, past their deadline and ended events are not open', async () => {
    const dana = await app.signIn(['dj']);
    await event('Closed', 2 * DAY, false);
    await event('Over', -DAY, true);
    const deadlinePassed = await event('Deadline passed', 2 * DAY, true);
    await app.ctx.store.db.updateTable('events').set({ signups_close_at: Date.now() - HOUR }).where('id', '=', deadlinePassed.id).execute();
    const home = await app.call(API.me.getDjHome, {}, { as: dana });
    expect(home.body).toMatchObject({ openEvents: [], signups: [], pastPlays: [], pastPlayCount: 0 });
  });

  test('an event with all the signups it can take is marked full, except for the DJs on them', async () => {
    const [dana, rex] = [await app.signIn(['dj']), await app.signIn(['dj'])];
    const capped = await event('Capped', 2 * DAY, true);
    await app.ctx.store.db.updateTable('events').set({ signup_cap: 1 }).where('id', '=', capped.id).execute();
    const open = async (cookie: string) => (await app.call(API.me.getDjHome, {}, { as: { cookie } })).body.openEvents;
    expect(await open(rex.cookie)).toMatchObject([{ id: capped.id, signedUp: false, full: false }]);
    expect((await signUp(dana.cookie, capped.id, 'Dana Live')).status).toBe(200);
    expect(await open(rex.cookie)).toMatchObject([{ id: capped.id, signedUp: false, full: true }]);
    expect(await open(dana.cookie)).toMatchObject([{ id: capped.id, signedUp: true, full: false }]);
  });

  test('a member without roles gets no DJ home, but whom to ask, from Global Settings', async () => {
    const host = await app.signIn(['host']);
    const settings = { ...DEFAULT_SETTINGS, contactHostName: 'Hal in #welcome', chatServerUrl: 'https://discord.gg/our-community' };
    expect((await app.call(API.settings.saveSettings, { body: settings }, { as: host })).status).toBe(200);
    const member = await app.signIn([]);
    expect((await app.call(API.me.getDjHome, {}, { as: member })).status).toBe(403);
    const contact = await app.call(API.me.getMemberContact, {}, { as: member });
    expect(contact).toMatchObject({ status: 200, body: { contactHostName: 'Hal in #welcome', chatServerUrl: 'https://discord.gg/our-community' } });
  });
});
