import { randomUUID } from 'node:crypto';
import type { BodyOf } from '@shared/api/contract.js';
import { API } from '@shared/api/index.js';
import { sql } from 'kysely';
import { applyPendingChange, dismissPendingChange, pendingChanges } from '@shared/dj-update.js';
import { slotForSignup } from '@shared/lineup.js';
import { type EventDetail, eventFieldsSchema } from '@shared/schemas/events.js';
import type { Signup } from '@shared/schemas/lineup.js';
import { signupIntakeSchema } from '@shared/schemas/signup-intake.js';
import type { SessionUser } from '../auth/sessions.js';
import { malformed, RawBody } from '@shared/testing/api-client.js';
import { intake } from '../testing/fixtures.js';
import { type SignedIn, startTestApp, testDialects, type TestApp } from '../testing/harness.js';
import { submitSignup } from './service.js';

const START = Date.parse('2030-06-09T19:00:00.000Z');
const hoursAfterStart = (hours: number) => new Date(START + hours * 3_600_000).toISOString();

async function createEvent(app: TestApp, overrides: Partial<{ signups_open: 0 | 1; version: number; signups_close_at: number; signup_cap: number; start_at: number }> = {}) {
  const id = randomUUID();
  const now = Date.now();
  await app.ctx.store.db
    .insertInto('events')
    .values({
      id,
      name: 'Sunday Service',
      start_at: START,
      end_at: START + 3 * 3_600_000,
      published: 0,
      host: 'Hal',
      message: 'secret staff message',
      footer: '',
      signups_open: 1,
      version: 3,
      created_at: now,
      updated_at: now,
      ...overrides,
    })
    .execute();
  return id;
}


/** Inserts a signup the way staff add one (no form data), naming the DJs in order. */
async function staffSignup(app: TestApp, eventId: string, djIds: string[], position = 0) {
  const uuid = randomUUID();
  const now = Date.now();
  await app.ctx.store.db
    .insertInto('signups')
    .values({
      uuid,
      event_id: eventId,
      position,
      name: 'Staff added',
      is_debut: 1,
      requested_duration: 2,
      type: 'RTMP',
      hidden: 1,
      form_data: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await app.ctx.store.db
    .insertInto('signup_djs')
    .values(djIds.map((djId, index) => ({ signup_uuid: uuid, event_id: eventId, dj_id: djId, position: index })))
    .execute();
  return uuid;
}

describe.each(testDialects)('signup API on %s', (dialect) => {
  let app: TestApp;
  beforeEach(async () => {
    app = await startTestApp(dialect);
  });
  afterEach(async () => {
    await app.destroy();
  });

  const signups = (eventId: string) =>
    app.ctx.store.db.selectFrom('signups').selectAll().where('event_id', '=', eventId).orderBy('position').execute();
  const signupDjs = (eventId: string) =>
    app.ctx.store.db.selectFrom('signup_djs').selectAll().where('event_id', '=', eventId).execute();

  test('the signup area shows the event basics, the DJ and no signup yet, shaped explicitly', async () => {
    const eventId = await createEvent(app);
    const dj = await app.signIn(['dj'], { djName: 'DJ Dana', publicName: 'Dana' });
    const response = await app.call(API.signup.getSignupArea, { query: { event_id: eventId } }, { as: dj });
    expect(response).toEqual({
      status: 200,
      headers: expect.anything(),
      body: {
        event: { id: eventId, name: 'Sunday Service', startDatetime: hoursAfterStart(0), signupsAreOpen: true, cancelled: false, full: false, host: 'Hal' },
        dj: { id: dj.djId, djName: 'DJ Dana', publicName: 'Dana' },
        signup: null,
        named: null,
        contactHostName: 'the event host',
        closesAt: null,
        seriesZone: 'Europe/London',
        previousStreamLinks: [],
      },
    });
  });

  test("the wizard's earlier links: the DJ's own signups' (newest first) and profile's, distinct, never another DJ's", async () => {
    const WEEK = 7 * 24 * 3_600_000;
    const [threeWeeksAgo, twoWeeksAgo, lastWeek, thisWeek] = (await Promise.all(
      [-3, -2, -1, 0].map((weeks) => createEvent(app, { start_at: START + weeks * WEEK })),
    )) as [string, string, string, string];
    const mine = await app.signIn(['dj']);
    const other = await app.signIn(['dj']);
    await app.ctx.store.db.updateTable('djs').set({ rtmp_url: 'rtmp://live.example.org/app/mine', twitch_username: 'Mine_TV' }).where('id', '=', mine.djId).execute();
    const submit = (cookie: string, eventId: string, stream_link: string) =>
      app.call(API.signup.submitSignup, { body: intake(eventId, { stream_link }) }, { as: { cookie } });
    expect((await submit(mine.cookie, threeWeeksAgo, 'twitch.tv/Mine_Old')).status).toBe(200);
    expect((await submit(mine.cookie, twoWeeksAgo, 'stream.vrcdn.live/live/MineKey')).status).toBe(200);
    expect((await submit(mine.cookie, lastWeek, 'mine_old')).status).toBe(200);
    expect((await submit(mine.cookie, thisWeek, 'rtmp://this.example.org/live/now')).status).toBe(200);
    // Another DJ's answers on a signup that staff added this DJ to are not theirs to see.
    const shared = await createEvent(app, { start_at: START - 4 * WEEK });
    expect((await submit(other.cookie, shared, 'rtmp://other.example.org/live/secret')).status).toBe(200);
    const sharedUuid = (await signups(shared))[0]!.uuid;
    await app.ctx.store.db.insertInto('signup_djs').values({ signup_uuid: sharedUuid, event_id: shared, dj_id: mine.djId, position: 1 }).execute();

    const area = await app.call(API.signup.getSignupArea, { query: { event_id: thisWeek } }, { as: mine });
    expect(area.body.previousStreamLinks).toEqual([
      'https://twitch.tv/mine_old',
      'rtmp://stream.vrcdn.live/live/MineKey',
      'rtmp://live.example.org/app/mine',
      'https://twitch.tv/mine_tv',
    ]);
    expect(JSON.stringify(area.body)).not.toContain('other.example.org');
  });

  test('the contact host name comes from the global settings', async () => {
    const eventId = await createEvent(app);
    await app.ctx.store.db
      .insertInto('settings')
      .values({ key: 'global', value: JSON.stringify({ contactHostName: 'Ada' }), updated_at: Date.now() })
      .execute();
    const dj = await app.signIn(['dj']);
    const response = await app.call(API.signup.getSignupArea, { query: { event_id: eventId } }, { as: dj });
    expect(response.body.contactHostName).toBe('Ada');
  });

  test('the signup area needs an event id and an existing event', async () => {
    const dj = await app.signIn(['dj']);
    expect(await app.call(API.signup.getSignupArea, {}, { as: dj })).toMatchObject({
      status: 400,
      error: { message: 'No event ID provided.' },
    });
    expect(await app.call(API.signup.getSignupArea, { query: { event_id: 'nope' } }, { as: dj })).toMatchObject({
      status: 404,
      error: { message: 'Event or DJ data not found.' },
    });
  });

  test('a submission creates the signup, a second one updates it, and the summary returns it', async () => {
    const eventId = await createEvent(app);
    const dj = await app.signIn(['dj']);
    const changes: unknown[] = [];
    app.ctx.changes.subscribe(eventId, (change) => changes.push(change));

    const first = await app.call(API.signup.submitSignup, { body: intake(eventId, { available_from: '2030-06-09T20:00:00Z', available_to: hoursAfterStart(3) }) }, { as: dj });
    const stored = intake(eventId, { available_from: hoursAfterStart(1), available_to: hoursAfterStart(3) });
    expect(first).toMatchObject({ status: 200, body: { signup: stored } });
    const [created] = await signups(eventId);
    expect(created).toMatchObject({ position: 0, name: 'DJ Dana', is_debut: 0, requested_duration: 1, type: 'LIVE', hidden: 0 });
    expect(JSON.parse(created!.form_data!)).toEqual(stored);
    expect(await signupDjs(eventId)).toEqual([{ signup_uuid: created!.uuid, event_id: eventId, dj_id: dj.djId, position: 0, confirmation: 'proposed' }]);
    await vi.waitFor(() => expect(changes).toEqual([{ eventId, version: 3 }]));

    const updated = intake(eventId, { name: 'Dana b2b Rex', is_b2b: true, b2b_members_response: 'Rex', type: 'PRERECORD', stream_link: '', requested_duration: 0.5 });
    expect(await app.call(API.signup.submitSignup, { body: updated }, { as: dj })).toMatchObject({ status: 200 });
    const after = await signups(eventId);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ uuid: created!.uuid, name: 'Dana b2b Rex', type: 'PRERECORD', requested_duration: 0.5, created_at: created!.created_at });
    expect(await signupDjs(eventId)).toHaveLength(1);

    const area = await app.call(API.signup.getSignupArea, { query: { event_id: eventId } }, { as: dj });
    expect(area.body).toMatchObject({ signup: updated });
    const version = await app.ctx.store.db.selectFrom('events').select('version').where('id', '=', eventId).executeTakeFirstOrThrow();
    expect(Number(version.version)).toBe(3);
  });

  test('new signups go to the end of the Signups column', async () => {
    const eventId = await createEvent(app);
    const staffDj = await app.signIn(['dj']);
    await staffSignup(app, eventId, [staffDj.djId], 5);
    const dj = await app.signIn(['dj']);
    expect((await app.call(API.signup.submitSignup, { body: intake(eventId) }, { as: dj })).status).toBe(200);
    expect((await signups(eventId)).map((s) => s.position)).toEqual([5, 6]);
  });

  test('hosts may sign up too', async () => {
    const eventId = await createEvent(app);
    const host = await app.signIn(['host']);
    expect((await app.call(API.signup.submitSignup, { body: intake(eventId) }, { as: host })).status).toBe(200);
  });

  test('200 DJs submitting at once all land', async () => {
    const eventId = await createEvent(app);
    const djs = [];
    for (let i = 0; i < 200; i++) djs.push(await app.signIn(['dj']));
    const responses = await Promise.all(
      djs.map((dj, i) => app.call(API.signup.submitSignup, { body: intake(eventId, { name: `DJ ${i}` }) }, { as: dj })),
    );
    expect(responses.map((r) => r.status)).toEqual(djs.map(() => 200));
    const rows = await signups(eventId);
    expect(rows).toHaveLength(200);
    expect(new Set(rows.map((r) => r.position)).size).toBe(200);
    expect(new Set((await signupDjs(eventId)).map((r) => r.dj_id))).toEqual(new Set(djs.map((dj) => dj.djId)));
  });

  test('one DJ submitting several times at once gets exactly one signup', async () => {
    const eventId = await createEvent(app);
    const dj = await app.signIn(['dj']);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => app.call(API.signup.submitSignup, { body: intake(eventId, { dj_notes: `try ${i}` }) }, { as: dj })),
    );
    expect(responses.map((r) => r.status)).toEqual(responses.map(() => 200));
    expect(await signups(eventId)).toHaveLength(1);
    expect(await signupDjs(eventId)).toHaveLength(1);
  });

  test('a burst that fills the cap takes DJs in the order they came, and a refused DJ among them costs the others nothing', async () => {
    // Submitted in two groups while staff hold the event row: the first group must get its
    // places although one of its DJs is refused, before the second group, waiting behind it.
    const eventId = await createEvent(app, { signup_cap: 10 });
    const first = await Promise.all(Array.from({ length: 12 }, () => app.signIn(['dj'])));
    const second = await Promise.all(Array.from({ length: 3 }, () => app.signIn(['dj'])));
    const asUser = (dj: SignedIn): SessionUser => ({ djId: dj.djId, discordUserId: dj.discordId, publicName: 'Person', avatarUrl: null, roles: ['dj'] });
    const submitAll = (djs: SignedIn[], group: string) =>
      djs.map((dj, i) =>
        submitSignup({ ctx: app.ctx, user: asUser(dj), intake: signupIntakeSchema.parse(intake(eventId, { name: `${group} ${i}`, ...(group === 'first' && i === 3 && { available_from: '2000-01-01T00:00:00.000Z' }) })) }).then(
          () => 'in',
          (error: { code?: string }) => error.code,
        ),
      );
    let release!: () => void;
    const staffHold = app.ctx.store.db.transaction().execute(async (trx) => {
      await trx.selectFrom('events').select('id').where('id', '=', eventId).$if(dialect === 'postgres', (query) => query.forUpdate()).execute();
      await new Promise<void>((resolve) => (release = resolve));
    });
    const waitingOnTheEvent = async (count: number) => {
      for (let tries = 0; tries < 500; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (dialect === 'sqlite') return; // one connection: its waiters queue in order
        const waiting = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(app.ctx.store.db);
        if (waiting.rows[0]!.n >= count) return;
      }
      throw new Error('The intakes never queued on the event row');
    };
    await new Promise((resolve) => setTimeout(resolve, 20));
    const firstOutcomes = Promise.all(submitAll(first, 'first'));
    await waitingOnTheEvent(1);
    const secondOutcomes = Promise.all(submitAll(second, 'second'));
    await waitingOnTheEvent(2);
    release();
    await staffHold;

    expect(await firstOutcomes).toEqual(['in', 'in', 'in', 'invalid_request', 'in', 'in', 'in', 'in', 'in', 'in', 'in', 'signups_full']);
    expect(await secondOutcomes).toEqual(['signups_full', 'signups_full', 'signups_full']);
    expect((await signups(eventId)).map((row) => row.name)).toEqual([0, 1, 2, 4, 5, 6, 7, 8, 9, 10].map((i) => `first ${i}`));
  });

  test('a submission while staff write the event loses neither', async () => {
    const eventId = await createEvent(app);
    const known = await staffSignup(app, eventId, [(await app.signIn(['dj'])).djId]);
    const djs = await Promise.all(Array.from({ length: 20 }, () => app.signIn(['dj'])));
    // A staff save: touches only staff columns of the signups it knows, and the event.
    const staffSave = app.ctx.store.db.transaction().execute(async (trx) => {
      await trx.updateTable('events').set((eb) => ({ name: 'Renamed', version: eb('version', '+', 1) })).where('id', '=', eventId).execute();
      await trx.updateTable('signups').set({ is_debut: 0, hidden: 0 }).where('uuid', '=', known).execute();
    });
    const responses = await Promise.all([
      ...djs.map((dj) => app.call(API.signup.submitSignup, { body: intake(eventId) }, { as: dj })),
      staffSave,
    ]);
    expect(responses.slice(0, 20).map((r) => (r as { status: number }).status)).toEqual(djs.map(() => 200));
    const rows = await signups(eventId);
    expect(rows).toHaveLength(21);
    expect(rows.find((r) => r.uuid === known)).toMatchObject({ is_debut: 0, hidden: 0, form_data: null });
  });

  test('a submission while a host saves a draft through the events API loses neither', async () => {
    const eventId = await createEvent(app);
    const host = await app.signIn(['host']);
    const partnerOfKnown = await app.signIn(['dj']);
    const known = await staffSignup(app, eventId, [partnerOfKnown.djId]);
    const dj = await app.signIn(['dj']);
    const draft: BodyOf<typeof API.events.saveEvent> = {
      baseVersion: 3,
      event: { name: 'Renamed', startDatetime: hoursAfterStart(0), host: 'Hal', message: '', footer: '', signupsAreOpen: true },
      signups: [{ uuid: known, name: 'Staff added', djRefs: [partnerOfKnown.djId], isDebut: false, requestedDuration: 1, type: 'LIVE' }],
      slots: [],
      removedSignupUuids: [],
    };
    const [save, submission] = await Promise.all([
      app.call(API.events.saveEvent, { params: { eventId }, body: draft }, { as: host }),
      app.call(API.signup.submitSignup, { body: intake(eventId) }, { as: dj }),
    ]);
    expect(save.status).toBe(200);
    expect(submission.status).toBe(200);
    const rows = await signups(eventId);
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.uuid === known)).toMatchObject({ is_debut: 0, requested_duration: 1 });
    expect(JSON.parse(rows.find((r) => r.uuid !== known)!.form_data!)).toEqual(intake(eventId));
  });

  test('malformed submissions get a 4xx with a message and store nothing', async () => {
    const eventId = await createEvent(app);
    const closedId = await createEvent(app, { signups_open: 0 });
    const dj = await app.signIn(['dj']);
    const { name: _name, ...withoutName } = intake(eventId);
    const cases: [string, unknown, number, RegExp][] = [
      ['missing field', withoutName, 400, /^Please enter your DJ name\.$/],
      ['empty body', {}, 400, /No event ID provided\./],
      ['not JSON', new RawBody('{"event_id":'), 400, /./],
      ['an array', [intake(eventId)], 400, /./],
      ['wrong type', { ...intake(eventId), is_b2b: 'yes' }, 400, /^Please say whether this is a back to back set\.$/],
      ['numeric string duration', { ...intake(eventId), requested_duration: '1' }, 400, /^Please choose a duration\.$/],
      ['duration 99', { ...intake(eventId), requested_duration: 99 }, 400, /duration/],
      ['type TWITCH', { ...intake(eventId), type: 'TWITCH' }, 400, /live or prerecorded/],
      ['javascript: link', { ...intake(eventId), stream_link: 'javascript:alert(1)' }, 400, /stream link must be a VRCDN link .*, or an rtmp:\/\/, rtmps:\/\/, rtsp:\/\/, rtspt:\/\/, srt:\/\/ or https:\/\/ address\./],
      ['data: link on a prerecord', { ...intake(eventId), type: 'PRERECORD', stream_link: 'data:text/html,x' }, 400, /stream link must be a VRCDN link .*, or an rtmp:\/\/, rtmps:\/\/, rtsp:\/\/, rtspt:\/\/, srt:\/\/ or https:\/\/ address\./],
      ['live without link', { ...intake(eventId), stream_link: '' }, 400, /required for a live set/],
      ['b2b without members', { ...intake(eventId), is_b2b: true }, 400, /B2B members/],
      ['expectations unticked', { ...intake(eventId), confirm_expectations: false }, 400, /expectations/],
      ['name too long', { ...intake(eventId), name: 'x'.repeat(101) }, 400, /100 characters/],
      ['notes too long', { ...intake(eventId), dj_notes: 'x'.repeat(2001) }, 400, /2000 characters/],
      ['unknown field', { ...intake(eventId), is_debut: true }, 400, /is_debut|key/i],
      ['time not offered', { ...intake(eventId), available_from: hoursAfterStart(7) }, 400, /offered times/],
      ['to before from', { ...intake(eventId), available_from: hoursAfterStart(2), available_to: hoursAfterStart(1) }, 400, /cannot be before/],
      ['not a time', { ...intake(eventId), available_to: 'later' }, 400, /^Please choose a time\.$/],
      ['10 MB string', { ...intake(eventId), dj_notes: 'x'.repeat(10 * 1024 * 1024) }, 413, /too large/],
      ['unknown event', intake('no-such-event'), 404, /Event or DJ data not found/],
      ['closed event', intake(closedId), 409, /^Signups for this event are currently closed\.$/],
    ];
    for (const [label, body, status, message] of cases) {
      const response = await app.call(API.signup.submitSignup, malformed({ body }), { as: dj });
      expect({ label, status: response.status }).toEqual({ label, status });
      expect(response.error.message, label).toMatch(message);
    }
    expect(await app.ctx.store.db.selectFrom('signups').selectAll().execute()).toEqual([]);
    expect(await app.ctx.store.db.selectFrom('signup_djs').selectAll().execute()).toEqual([]);
  });

  test('no session gets 401, a member without roles 403', async () => {
    const eventId = await createEvent(app);
    const member = await app.signIn([]);
    for (const [as, status] of [[undefined, 401], [member, 403]] as const) {
      expect((await app.call(API.signup.getSignupArea, { query: { event_id: eventId } }, { as })).status).toBe(status);
      expect((await app.call(API.signup.submitSignup, { body: intake(eventId) }, { as })).status).toBe(status);
    }
    expect(await signups(eventId)).toEqual([]);
  });

  test("a DJ can neither read nor change another DJ's signup", async () => {
    const eventId = await createEvent(app);
    const dana = await app.signIn(['dj']);
    const rex = await app.signIn(['dj']);
    const danaForm = intake(eventId, { dj_notes: 'private to Dana' });
    await app.call(API.signup.submitSignup, { body: danaForm }, { as: dana });

    const rexArea = await app.call(API.signup.getSignupArea, { query: { event_id: eventId } }, { as: rex });
    expect(rexArea.body).toMatchObject({ signup: null, dj: { id: rex.djId } });
    expect(JSON.stringify(rexArea.body)).not.toContain('private to Dana');
    expect(JSON.stringify(rexArea.body)).not.toContain('secret staff message');

    await app.call(API.signup.submitSignup, { body: intake(eventId, { name: 'Rex' }) }, { as: rex });
    const rows = await signups(eventId);
    expect(rows).toHaveLength(2);
    expect(JSON.parse(rows[0]!.form_data!)).toEqual(danaForm);
    expect((await app.call(API.signup.getSignupArea, { query: { event_id: eventId } }, { as: dana })).body).toMatchObject({ signup: danaForm });
  });

  test('a B2B partner whom staff added to a submitted signup sees its name and slot, not the answers, and cannot overwrite them', async () => {
    const eventId = await createEvent(app);
    const main = await app.signIn(['dj']);
    const partner = await app.signIn(['dj']);
    const mainForm = intake(eventId, { name: 'Main Act', stream_link: 'rtmps://private.example/live/main-secret-key', dj_notes: 'main private notes' });
    expect((await app.call(API.signup.submitSignup, { body: mainForm }, { as: main })).status).toBe(200);
    const [signup] = await signups(eventId);
    // Staff add the partner to it and put it in the lineup.
    await app.ctx.store.db.insertInto('signup_djs').values({ signup_uuid: signup!.uuid, event_id: eventId, dj_id: partner.djId, position: 1 }).execute();
    await app.ctx.store.db
      .insertInto('slots')
      .values({ event_id: eventId, position: 0, signup_uuid: signup!.uuid, start_at: Date.parse(hoursAfterStart(0)), end_at: Date.parse(hoursAfterStart(1)), stream_source_url: '', stream_source_type: 'VRCDN' })
      .execute();

    const seen = await app.call(API.signup.getSignupArea, { query: { event_id: eventId } }, { as: partner });
    expect(seen.body.signup).toBeNull();
    expect(seen.body.named).toEqual({ signupName: 'Main Act', slot: { startTime: hoursAfterStart(0), endTime: hoursAfterStart(1) },
      answersByOther: true,
      confirmation: 'proposed',
      updatePending: false,
      dismissedChanges: [],
      // The partner plays the slot too: whether it is on standby and its stream tested (issue 35).
      standby: false,
      streamTestedAt: null,
    });
    for (const secret of ['main-secret-key', 'main private notes']) expect(JSON.stringify(seen.body)).not.toContain(secret);

    const overwrite = await app.call(API.signup.submitSignup, { body: intake(eventId, { name: 'Hijacked', stream_link: 'rtmps://attacker.example/live/x' }) }, { as: partner });
    expect(overwrite.status).toBe(409);
    expect(overwrite.error).toEqual({ code: 'not_signup_owner', message: 'You are on the signup Main Act with another DJ, who gave its answers: ask them or the host to change them.' });
    const mainView = await app.call(API.signup.getSignupArea, { query: { event_id: eventId } }, { as: main });
    expect(mainView.body.signup).toEqual(mainForm);
    expect(mainView.body.named).toMatchObject({ signupName: 'Main Act', answersByOther: false });
    expect(await signups(eventId)).toHaveLength(1);
  });

  test('a B2B partner whom staff added to a signup without answers gives them, updating that signup instead of creating another', async () => {
    const eventId = await createEvent(app);
    const main = await app.signIn(['dj']);
    const partner = await app.signIn(['dj']);
    const uuid = await staffSignup(app, eventId, [main.djId, partner.djId]);
    const partnerForm = intake(eventId, { name: 'Main b2b Partner', is_b2b: true, b2b_members_response: 'Main', requested_duration: 0.5 });

    expect((await app.call(API.signup.getSignupArea, { query: { event_id: eventId } }, { as: partner })).body).toMatchObject({ signup: null });
    expect((await app.call(API.signup.submitSignup, { body: partnerForm }, { as: partner })).status).toBe(200);

    const rows = await signups(eventId);
    expect(rows).toHaveLength(1);
    // The submitted columns change; the staff-only ones (debut, hidden, position) do not.
    expect(rows[0]).toMatchObject({ uuid, name: 'Main b2b Partner', requested_duration: 0.5, type: 'LIVE', is_debut: 1, hidden: 1, position: 0 });
    expect(await signupDjs(eventId)).toHaveLength(2);
    expect((await app.call(API.signup.getSignupArea, { query: { event_id: eventId } }, { as: partner })).body).toMatchObject({ signup: partnerForm });
  });

  test('signups of other events are untouched', async () => {
    const eventId = await createEvent(app);
    const otherId = await createEvent(app);
    const dj = await app.signIn(['dj']);
    await app.call(API.signup.submitSignup, { body: intake(otherId, { name: 'Other' }) }, { as: dj });
    await app.call(API.signup.submitSignup, { body: intake(eventId, { name: 'This' }) }, { as: dj });
    expect((await signups(otherId)).map((s) => s.name)).toEqual(['Other']);
    expect((await signups(eventId)).map((s) => s.name)).toEqual(['This']);
  });

  describe('a built lineup stays put', () => {
    /** The DJ's signup, submitted through the wizard, then put in a saved lineup by staff. */
    async function signupInLineup(eventId: string, dj: { cookie: string }) {
      const form = intake(eventId, { name: 'Rex', requested_duration: 1 });
      expect((await app.call(API.signup.submitSignup, { body: form }, { as: dj })).status).toBe(200);
      const [signup] = await signups(eventId);
      await app.ctx.store.db
        .insertInto('slots')
        .values({ event_id: eventId, position: 0, signup_uuid: signup!.uuid, start_at: START, end_at: START + 3_600_000, stream_source_url: '', stream_source_type: 'VRCDN' })
        .execute();
      return form;
    }

    test("a DJ's update to a signup in the lineup waits for staff as a whole: the slot and the answers it goes by stay (issue 34)", async () => {
      const eventId = await createEvent(app);
      const host = await app.signIn(['host']);
      const dj = await app.signIn(['dj']);
      const form = await signupInLineup(eventId, dj);
      const staffView = async () => (await app.call(API.events.getEvent, { params: { eventId } }, { as: host })).body.signups[0]!;

      // The same answers again: nothing to tell the host.
      expect((await app.call(API.signup.submitSignup, { body: form }, { as: dj })).status).toBe(200);
      expect(await signups(eventId)).toEqual([expect.objectContaining({ update_pending_at: null, answers_in_use: null })]);

      // Later availability and new notes: the lineup keeps reading the old ones until the host applies them.
      const later = { ...form, available_from: hoursAfterStart(2), dj_notes: 'new notes' };
      expect((await app.call(API.signup.submitSignup, { body: later }, { as: dj })).status).toBe(200);
      const [stored] = await signups(eventId);
      expect(stored).toMatchObject({ name: 'Rex', requested_duration: 1, update_fields: '[]' });
      expect(stored!.update_pending_at).not.toBeNull();
      expect(JSON.parse(stored!.form_data!)).toMatchObject({ available_from: hoursAfterStart(2), dj_notes: 'new notes' });
      expect(JSON.parse(stored!.answers_in_use!)).toMatchObject({ available_from: 'any', dj_notes: '' });
      expect(await staffView()).toMatchObject({
        updateFields: [],
        formData: { available_from: 'any', dj_notes: '' },
        updatedAnswers: { available_from: hoursAfterStart(2), dj_notes: 'new notes' },
      });
      const area = await app.call(API.signup.getSignupArea, { query: { event_id: eventId } }, { as: dj });
      // The DJ reads their own latest answers.
      expect(area.body).toMatchObject({ signup: { dj_notes: 'new notes' }, named: { updatePending: true } });

      // A shorter set and a new name on top: all of it waits, the lineup still goes by the answers it had.
      expect((await app.call(API.signup.submitSignup, { body: { ...later, name: 'Rex Live', requested_duration: 0.5 } }, { as: dj })).status).toBe(200);
      const [shorter] = await signups(eventId);
      expect(shorter).toMatchObject({ name: 'Rex', requested_duration: 1, update_fields: '["name","length"]' });
      expect(JSON.parse(shorter!.answers_in_use!)).toMatchObject({ name: 'Rex', available_from: 'any', dj_notes: '' });

      // Back to the answers the lineup has: nothing waits any more.
      expect((await app.call(API.signup.submitSignup, { body: form }, { as: dj })).status).toBe(200);
      expect(await signups(eventId)).toEqual([expect.objectContaining({ name: 'Rex', update_pending_at: null, answers_in_use: null })]);
      expect(await staffView()).toMatchObject({ updatePendingAt: null, updatedAnswers: null, formData: { dj_notes: '' } });
    });

    test('Apply takes the waiting answers in, Dismiss keeps the slot but reads the answers: either way the lineup then goes by them', async () => {
      const eventId = await createEvent(app);
      const host = await app.signIn(['host']);
      const rex = await app.signIn(['dj']);
      const rexForm = await signupInLineup(eventId, rex);
      const getEvent = async () => (await app.call(API.events.getEvent, { params: { eventId } }, { as: host })).body;
      const resolve = async (change: (signup: Signup) => Signup) => {
        const stored = await getEvent();
        const waiting = stored.signups[0]!;
        const body = { baseVersion: stored.version, event: eventFieldsSchema.parse(stored), signups: [change(waiting)], slots: stored.slots, removedSignupUuids: [], resolvedUpdates: [{ uuid: waiting.uuid, at: waiting.updatePendingAt! }] };
        const saved = await app.call(API.events.saveEvent, { params: { eventId }, body }, { as: host });
        expect(saved.status).toBe(200);
        return saved.body.signups[0]!;
      };

      expect((await app.call(API.signup.submitSignup, { body: { ...rexForm, available_to: hoursAfterStart(1), requested_duration: 0.5 } }, { as: rex })).status).toBe(200);
      const applied = await resolve(applyPendingChange);
      expect(applied).toMatchObject({ requestedDuration: 0.5, updatePendingAt: null, updatedAnswers: null, formData: { available_to: hoursAfterStart(1) } });
      expect((await getEvent()).signups[0]).toEqual(applied);
      expect((await signups(eventId))[0]).toMatchObject({ answers_in_use: null, update_dismissed_at: null });

      expect((await app.call(API.signup.submitSignup, { body: { ...rexForm, available_to: hoursAfterStart(2), requested_duration: 1 } }, { as: rex })).status).toBe(200);
      const dismissed = await resolve(dismissPendingChange);
      expect(dismissed).toMatchObject({ requestedDuration: 0.5, updatePendingAt: null, updatedAnswers: null, formData: { available_to: hoursAfterStart(2) } });
      expect((await signups(eventId))[0]).toMatchObject({ answers_in_use: null, update_fields: '["length"]' });
    });

    test("Apply takes only what the DJ changed: the host's rename, partners and order stay", async () => {
      const eventId = await createEvent(app);
      const host = await app.signIn(['host']);
      const [rex, nova, dana] = [await app.signIn(['dj']), await app.signIn(['dj']), await app.signIn(['dj'])];
      const rexForm = intake(eventId, { name: 'Rex', requested_duration: 1 });
      for (const [dj, form] of [[rex, rexForm], [dana, intake(eventId, { name: 'Dana' })]] as const) {
        expect((await app.call(API.signup.submitSignup, { body: form }, { as: dj })).status).toBe(200);
      }
      const getEvent = async () => (await app.call(API.events.getEvent, { params: { eventId } }, { as: host })).body;
      const save = async (signups: Signup[], resolvedUpdates: { uuid: string; at: string }[] = []) => {
        const stored = await getEvent();
        const body = { baseVersion: stored.version, event: eventFieldsSchema.parse(stored), signups, slots: signups.map((signup) => slotForSignup(signup)), removedSignupUuids: [], resolvedUpdates };
        const saved = await app.call(API.events.saveEvent, { params: { eventId }, body }, { as: host });
        expect(saved.status).toBe(200);
        return saved.body;
      };
      const signupOf = (event: EventDetail, djId: string) => event.signups.find((signup) => signup.djRefs[0] === djId)!;
      // The host builds the lineup Dana, then Rex, adds Nova to Rex's signup and renames it.
      const loaded = await getEvent();
      await save([signupOf(loaded, dana.djId), { ...signupOf(loaded, rex.djId), name: 'Rex b2b Nova', djRefs: [rex.djId, nova.djId] }]);

      // Rex sends his answers again: nothing waits for the host.
      expect((await app.call(API.signup.submitSignup, { body: rexForm }, { as: rex })).status).toBe(200);
      expect(signupOf(await getEvent(), rex.djId)).toMatchObject({ name: 'Rex b2b Nova', updatePendingAt: null });

      // Rex changes his length: only the length waits, not a rename back to 'Rex'.
      expect((await app.call(API.signup.submitSignup, { body: { ...rexForm, requested_duration: 0.5 } }, { as: rex })).status).toBe(200);
      const pending = await getEvent();
      const waiting = signupOf(pending, rex.djId);
      expect(waiting.updatePendingAt).not.toBeNull();
      expect(pendingChanges(waiting)).toEqual([{ field: 'length', from: '1 h', to: '30 min' }]);

      // Apply, as the Lineup tab does: the length changes, the host's name, partners and order stay.
      const applied = await save([signupOf(pending, dana.djId), applyPendingChange(waiting)], [{ uuid: waiting.uuid, at: waiting.updatePendingAt! }]);
      expect(applied.signups.map((signup) => [signup.name, signup.djRefs, signup.requestedDuration, signup.updatePendingAt])).toEqual([
        ['Dana', [dana.djId], 1, null],
        ['Rex b2b Nova', [rex.djId, nova.djId], 0.5, null],
      ]);
      expect(applied.slots.map((slot) => slot.signupUuid)).toEqual([signupOf(pending, dana.djId).uuid, waiting.uuid]);
    });

    test('a DJ whose update was dismissed is told so on their signup page, with the slot as it stands', async () => {
      const eventId = await createEvent(app);
      const host = await app.signIn(['host']);
      const rex = await app.signIn(['dj']);
      const form = await signupInLineup(eventId, rex);
      const area = async () => (await app.call(API.signup.getSignupArea, { query: { event_id: eventId } }, { as: rex })).body.named!;
      expect((await app.call(API.signup.submitSignup, { body: { ...form, requested_duration: 0.5 } }, { as: rex })).status).toBe(200);
      expect(await area()).toMatchObject({ updatePending: true, dismissedChanges: [] });

      // The host dismisses it: the slot keeps its hour.
      const stored = (await app.call(API.events.getEvent, { params: { eventId } }, { as: host })).body;
      const waiting = stored.signups[0]!;
      const body = { baseVersion: stored.version, event: eventFieldsSchema.parse(stored), signups: stored.signups, slots: stored.slots, removedSignupUuids: [], resolvedUpdates: [{ uuid: waiting.uuid, at: waiting.updatePendingAt! }] };
      expect((await app.call(API.events.saveEvent, { params: { eventId }, body }, { as: host })).status).toBe(200);
      const dismissed = { updatePending: false, signupName: 'Rex', slot: expect.any(Object), dismissedChanges: [{ field: 'length', from: '1 h', to: '30 min' }] };
      expect(await area()).toMatchObject(dismissed);

      // The same answers again leave the dismissal as it is; asking again makes it wait for the host again.
      expect((await app.call(API.signup.submitSignup, { body: { ...form, requested_duration: 0.5 } }, { as: rex })).status).toBe(200);
      expect(await area()).toMatchObject(dismissed);
      expect((await app.call(API.signup.submitSignup, { body: { ...form, requested_duration: 0.5, type: 'PRERECORD' } }, { as: rex })).status).toBe(200);
      expect(await area()).toMatchObject({ updatePending: true, dismissedChanges: [] });
    });

    test("a DJ's update to a signup not in the lineup yet takes only what they changed", async () => {
      const eventId = await createEvent(app);
      const host = await app.signIn(['host']);
      const rex = await app.signIn(['dj']);
      const rexForm = intake(eventId, { name: 'Rex', requested_duration: 1 });
      expect((await app.call(API.signup.submitSignup, { body: rexForm }, { as: rex })).status).toBe(200);
      await app.ctx.store.db.updateTable('signups').set({ name: 'Rex (first set)' }).where('event_id', '=', eventId).execute();
      expect((await app.call(API.signup.submitSignup, { body: { ...rexForm, requested_duration: 0.5 } }, { as: rex })).status).toBe(200);
      const event = (await app.call(API.events.getEvent, { params: { eventId } }, { as: host })).body;
      expect(event.signups.map((signup) => [signup.name, signup.requestedDuration])).toEqual([['Rex (first set)', 0.5]]);
    });

    test('the DJ confirms or declines only a slot that exists', async () => {
      const eventId = await createEvent(app);
      const dj = await app.signIn(['dj']);
      const early = await app.call(API.signup.confirmSlot, { body: { event_id: eventId, confirmation: 'confirmed' } }, { as: dj });
      expect(early.status).toBe(409);
      expect(early.error.message).toBe('Your signup is not in the lineup yet: there is no slot to confirm.');

      await signupInLineup(eventId, dj);
      const confirmed = await app.call(API.signup.confirmSlot, { body: { event_id: eventId, confirmation: 'confirmed' } }, { as: dj });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.named!.confirmation).toBe('confirmed');
      const declined = await app.call(API.signup.confirmSlot, { body: { event_id: eventId, confirmation: 'declined' } }, { as: dj });
      expect(declined.body.named!.confirmation).toBe('declined');
      // Only the DJ's two answers exist; "proposed" is the lineup's to set.
      expect((await app.call(API.signup.confirmSlot, malformed({ body: { event_id: eventId, confirmation: 'proposed' } }), { as: dj })).status).toBe(400);
    });

    test('signups close by themselves at the deadline, shown to DJs', async () => {
      const closesAt = Date.now() - 60_000;
      const eventId = await createEvent(app, { signups_close_at: closesAt });
      const dj = await app.signIn(['dj']);
      const area = await app.call(API.signup.getSignupArea, { query: { event_id: eventId } }, { as: dj });
      expect(area.body).toMatchObject({ event: { signupsAreOpen: false }, closesAt: new Date(closesAt).toISOString() });
      const late = await app.call(API.signup.submitSignup, { body: intake(eventId) }, { as: dj });
      expect(late.status).toBe(409);
      expect(late.error.code).toBe('signups_closed');
      expect(await signups(eventId)).toEqual([]);
    });

    test('a cap refuses new signups once reached, while signed-up DJs can still update theirs', async () => {
      const eventId = await createEvent(app, { signup_cap: 1 });
      const first = await app.signIn(['dj']);
      const second = await app.signIn(['dj']);
      expect((await app.call(API.signup.submitSignup, { body: intake(eventId, { name: 'First' }) }, { as: first })).status).toBe(200);
      const full = await app.call(API.signup.submitSignup, { body: intake(eventId, { name: 'Second' }) }, { as: second });
      expect(full.status).toBe(409);
      expect(full.error).toEqual({ code: 'signups_full', message: 'This event has all the signups it can take: no more are accepted.' });
      expect((await app.call(API.signup.submitSignup, { body: intake(eventId, { name: 'First again' }) }, { as: first })).status).toBe(200);
      expect((await signups(eventId)).map((row) => row.name)).toEqual(['First again']);
    });

    test('the signup area says an event is full before the wizard, except to a DJ already on a signup', async () => {
      const eventId = await createEvent(app, { signup_cap: 1 });
      const [first, second] = [await app.signIn(['dj']), await app.signIn(['dj'])];
      const full = async (cookie: string) => (await app.call(API.signup.getSignupArea, { query: { event_id: eventId } }, { as: { cookie } })).body.event.full;
      expect([await full(first.cookie), await full(second.cookie)]).toEqual([false, false]);
      expect((await app.call(API.signup.submitSignup, { body: intake(eventId, { name: 'First' }) }, { as: first })).status).toBe(200);
      // The first DJ may still update theirs; the second is told up front.
      expect([await full(first.cookie), await full(second.cookie)]).toEqual([false, true]);
      // A signup staff added (no answers from a DJ) takes no place.
      await app.ctx.store.db.updateTable('signups').set({ submitted_by: null }).where('event_id', '=', eventId).execute();
      expect(await full(second.cookie)).toBe(false);
    });
  });
});
