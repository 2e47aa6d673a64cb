import { randomUUID } from 'node:crypto';
import type { Signup } from '@shared/schemas/lineup.js';
import { placeSlots, slotForSignup } from '@shared/lineup.js';
import { API } from '@shared/api/index.js';
import type { CreateEventRequest, EventDetail } from '@shared/schemas/events.js';
import { historyLineText } from '@shared/history.js';
import { DEFAULT_SETTINGS } from '@shared/schemas/settings.js';
import { malformed } from '@shared/testing/api-client.js';
import { buildEvent, buildSignup } from '@shared/testing/builders.js';
import { intake } from '../testing/fixtures.js';
import { insertDj, startWithMembers, testDialects, type SignedIn, type TestApp } from '../testing/harness.js';
import { createEventAs, draftOf } from '../testing/staff-saves.js';

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe.each(testDialects)('events API on %s', (dialect) => {
  let app: TestApp;
  let host: SignedIn;

  beforeEach(async () => ({ app, members: [host] } = await startWithMembers(dialect, [['host', 'dj']])));
  afterEach(() => app.destroy());

  const db = () => app.ctx.store.db;
  const createEvent = (overrides: Partial<CreateEventRequest> = {}) =>
    createEventAs(app, host, { startDatetime: '2030-01-06T20:00:00.000Z', host: 'Hosty', message: 'Hello', footer: 'Bye', ...overrides });

  const getEvent = async (id: string) => (await app.call(API.events.getEvent, { params: { eventId: id } }, { as: host })).body;

  const addDj = (djName: string) => insertDj(db(), djName);

  /** What the signup intake does: a row with the DJ's form data, then a change notification. */
  async function djSubmits(eventId: string, djId: string, name: string): Promise<string> {
    const uuid = randomUUID();
    const now = Date.now();
    const formData = intake(eventId, { name, dj_notes: 'from the DJ' });
    await db()
      .insertInto('signups')
      .values({ uuid, event_id: eventId, position: 1000, name, is_debut: 0, requested_duration: 1, type: 'LIVE', hidden: 0, form_data: JSON.stringify(formData), created_at: now, updated_at: now })
      .execute();
    await db().insertInto('signup_djs').values({ signup_uuid: uuid, event_id: eventId, dj_id: djId, position: 0 }).execute();
    const { version } = await db().selectFrom('events').select('version').where('id', '=', eventId).executeTakeFirstOrThrow();
    await app.ctx.changes.publish({ eventId, version });
    return uuid;
  }

  const staffSignup = (djId: string, name: string, extra: Partial<Signup> = {}) => buildSignup(randomUUID(), { name, djRefs: [djId], ...extra });


  const slotFor = slotForSignup;



  describe('list and home', () => {
    async function eventAt(name: string, start: number, hours: number) {
      // Nights a few hours apart fall on one calendar day or two depending on when the test runs:
      // the same-day question is answered yes, so the list is tested at any hour.
      const id = await createEvent({ name, startDatetime: iso(start), confirmSameDay: true });
      const dj = await addDj(`${name} DJ`);
      const signup = staffSignup(dj, `${name} act`, { requestedDuration: hours as 1 });
      const body = draftOf(await getEvent(id), { signups: [signup], slots: [slotFor(signup)] });
      expect((await app.call(API.events.saveEvent, { params: { eventId: id }, body }, { as: host })).status).toBe(200);
      return id;
    }

    test('upcoming is soonest first and keeps an event in progress; past is newest first', async () => {
      const now = Date.now();
      await eventAt('Long ago', now - 48 * HOUR, 1);
      await eventAt('Yesterday', now - 24 * HOUR, 1);
      await eventAt('Next week', now + 7 * 24 * HOUR, 1);
      await eventAt('In progress', now - HOUR / 2, 1);
      await eventAt('Tomorrow', now + 24 * HOUR, 2);

      const upcoming = await app.call(API.events.listEvents, { query: { when: 'upcoming' } }, { as: host });
      expect(upcoming.status).toBe(200);
      expect(upcoming.body.map((e) => e.name)).toEqual(['In progress', 'Tomorrow', 'Next week']);
      expect(upcoming.body[1]).toMatchObject({ host: 'Hosty', published: false, djs: ['Tomorrow act'], slotCount: 1 });
      expect(Date.parse(upcoming.body[1]!.endDatetime) - Date.parse(upcoming.body[1]!.startDatetime)).toBe(2 * HOUR);

      const past = await app.call(API.events.listEvents, { query: { when: 'past' } }, { as: host });
      expect(past.body.map((e) => e.name)).toEqual(['Yesterday', 'Long ago']);
      expect((await app.call(API.events.listEvents, {}, { as: host })).body).toHaveLength(3);
      expect((await app.call(API.events.listEvents, malformed({ query: { when: 'later' } }), { as: host })).status).toBe(400);

      const home = await app.call(API.events.getHomeEvent, {}, { as: host });
      expect(home.body.event?.name).toBe('In progress');
    });

    test('home is the next event when none is in progress, and null when there is none', async () => {
      expect((await app.call(API.events.getHomeEvent, {}, { as: host })).body).toEqual({ event: null });
      const now = Date.now();
      await eventAt('Yesterday', now - 24 * HOUR, 1);
      await eventAt('Next week', now + 7 * 24 * HOUR, 1);
      await eventAt('Tomorrow', now + 24 * HOUR, 1);
      expect((await app.call(API.events.getHomeEvent, {}, { as: host })).body.event?.name).toBe('Tomorrow');
    });
  });

  describe('create and get', () => {
    test('creates an unpublished event with no slots that ends where it starts', async () => {
      const id = await createEvent({ name: '  Trimmed  ', message: DEFAULT_SETTINGS.defaultMessage });
      const event = await getEvent(id);
      expect(event).toMatchObject({
        id,
        name: 'Trimmed',
        host: 'Hosty',
        startDatetime: '2030-01-06T20:00:00.000Z',
        endDatetime: '2030-01-06T20:00:00.000Z',
        published: false,
        signupsAreOpen: true,
        message: DEFAULT_SETTINGS.defaultMessage,
        footer: 'Bye',
        slots: [],
        signups: [],
        djPlays: [],
        version: 1,
        djs: {},
        otherEventsByDj: {},
      });
    });

    test.each([
      [{ name: '' }, 'Event name is required.'],
      [{ host: ' ' }, 'Host is required.'],
      [{ startDatetime: 'next sunday' }, 'Invalid date format'],
      [{ name: 'x'.repeat(201) }, 'Event name must be at most 200 characters.'],
      [{ signupsAreOpen: 'yes' }, 'signupsAreOpen'],
    ])('refuses %o with a message and stores nothing', async (overrides, message) => {
      const body = { name: 'Sunday Service', startDatetime: '2030-01-06T20:00:00.000Z', host: 'Hosty', signupsAreOpen: false, message: '', footer: '', ...overrides };
      const response = await app.call(API.events.createEvent, malformed({ body }), { as: host });
      expect(response.status).toBe(400);
      expect(response.error.message).toContain(message);
      const rows = await db().selectFrom('events').select('id').execute();
      expect(rows).toHaveLength(0);
    });

    test('an unknown event is a 404', async () => {
      const params = { eventId: 'nope' };
      for (const response of [
        await app.call(API.events.getEvent, { params }, { as: host }),
        await app.call(API.events.saveEvent, { params, body: draftOf({ ...emptyEvent(), version: 1 }) }, { as: host }),
        await app.call(API.events.publishEvent, { params, body: { baseVersion: 1 } }, { as: host }),
        await app.call(API.events.eventChanges, { params }, { as: host }),
      ]) {
        expect(response).toMatchObject({ status: 404, error: { message: 'Event not found.' } });
      }
    });
  });

  describe('save', () => {
    test('writes fields, lays slots out from the start, sets the end and dj_plays in one go', async () => {
      const id = await createEvent();
      const [a, b, c] = [await addDj('Alpha'), await addDj('Beta'), await addDj('Gamma')];
      const first = staffSignup(a, 'Alpha', { requestedDuration: 1.5, isDebut: true });
      const b2b = staffSignup(b, 'Beta b2b Gamma', { djRefs: [b, c], requestedDuration: 0.5 });
      const waiting = staffSignup(await addDj('Waiting'), 'Waiting', { type: 'PRERECORD' });
      const loaded = await getEvent(id);
      const saved = await app.call(API.events.saveEvent, { params: { eventId: id }, body: draftOf(loaded, {
          event: { ...draftOf(loaded).event, name: 'Renamed', host: '', startDatetime: '2030-01-06T19:00:00Z' },
          signups: [first, b2b, waiting],
          slots: [slotFor(b2b), slotFor(first)],
        }) }, { as: host });
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({
        name: 'Renamed',
        host: '',
        version: 2,
        startDatetime: '2030-01-06T19:00:00.000Z',
        endDatetime: '2030-01-06T21:00:00.000Z',
      });
      expect(placeSlots(saved.body).map((placed) => [placed.slot.signupUuid, placed.startTime, placed.duration])).toEqual([
        [b2b.uuid, '2030-01-06T19:00:00.000Z', 0.5],
        [first.uuid, '2030-01-06T19:30:00.000Z', 1.5],
      ]);
      // The stored times (what queries by time read) are the placed ones.
      const stored = await db().selectFrom('slots').select(['signup_uuid', 'start_at', 'end_at']).where('event_id', '=', id).orderBy('position').execute();
      expect(stored.map((row) => [row.signup_uuid, iso(Number(row.start_at)), iso(Number(row.end_at))])).toEqual([
        [b2b.uuid, '2030-01-06T19:00:00.000Z', '2030-01-06T19:30:00.000Z'],
        [first.uuid, '2030-01-06T19:30:00.000Z', '2030-01-06T21:00:00.000Z'],
      ]);
      expect(saved.body.signups.map((s) => [s.name, s.djRefs, s.type, s.isDebut])).toEqual([
        ['Alpha', [a], 'LIVE', true],
        ['Beta b2b Gamma', [b, c], 'LIVE', false],
        ['Waiting', [waiting.djRefs[0]], 'PRERECORD', false],
      ]);
      expect(Object.keys(saved.body.djs).sort()).toEqual([a, b, c, waiting.djRefs[0]].sort());
      // This event is not among a DJ's "Other Events".
      expect(saved.body.otherEventsByDj[a]).toEqual({ shown: [], total: 0, hasMore: false, playedBefore: null });
      expect(saved.body.otherEventsByDj[waiting.djRefs[0]!]).toEqual({ shown: [], total: 0, hasMore: false, playedBefore: null });
      const plays = await db().selectFrom('dj_plays').select('dj_id').where('event_id', '=', id).execute();
      expect(plays.map((p) => p.dj_id).sort()).toEqual([a, b, c].sort());
      expect(await getEvent(id)).toEqual(saved.body);

      // Sending a slot back to the signups removes that DJ's play.
      const again = await app.call(API.events.saveEvent, { params: { eventId: id }, body: draftOf(saved.body, { slots: [saved.body.slots[1]!] }) }, { as: host });
      expect(again.body.endDatetime).toBe('2030-01-06T20:30:00.000Z');
      expect(again.body.djPlays).toEqual([a]);
    });

    test("each DJ's Other Events: the newest three of their other events and how many there are", async () => {
      const [dj, newcomer] = [await addDj('Regular'), await addDj('Newcomer')];
      const nights: string[] = [];
      const ends: string[] = [];
      for (const day of [6, 13, 20, 27, 3]) {
        const id = await createEvent({ name: `Night ${day}`, startDatetime: `2030-${day === 3 ? '02' : '01'}-${String(day).padStart(2, '0')}T20:00:00.000Z` });
        const signup = staffSignup(dj, 'Regular');
        const saved = await app.call(API.events.saveEvent, { params: { eventId: id }, body: draftOf(await getEvent(id), { signups: [signup], slots: [slotFor(signup)] }) }, { as: host });
        expect(saved.status).toBe(200);
        nights.push(id);
        ends.push(saved.body.endDatetime);
      }
      const play = (index: number) => ({
        eventId: nights[index],
        eventName: `Night ${[6, 13, 20, 27, 3][index]}`,
        startDatetime: new Date(Date.parse(`2030-01-06T20:00:00.000Z`) + index * 7 * 24 * HOUR).toISOString(),
        endDatetime: ends[index],
      });
      // The oldest night: every other night is newer.
      const oldest = await getEvent(nights[0]!);
      expect(oldest.otherEventsByDj[dj]).toEqual({ shown: [play(4), play(3), play(2)], total: 4, hasMore: true, playedBefore: null });
      // A middle night skips itself; a DJ named only on a signup has no plays.
      const middle = await getEvent(nights[3]!);
      // Its last play before it: the night before, not the later one.
      expect(middle.otherEventsByDj[dj]).toEqual({ shown: [play(4), play(2), play(1)], total: 4, hasMore: true, playedBefore: play(2) });
      const withNewcomer = draftOf(middle, { signups: [...middle.signups, staffSignup(newcomer, 'Newcomer')] });
      const saved = await app.call(API.events.saveEvent, { params: { eventId: nights[3]! }, body: withNewcomer }, { as: host });
      expect(saved.body.otherEventsByDj[newcomer]).toEqual({ shown: [], total: 0, hasMore: false, playedBefore: null });
      expect(saved.body.otherEventsByDj[dj]).toEqual(middle.otherEventsByDj[dj]);
    });

    test('a DJ signup that arrives between load and save survives the save', async () => {
      const id = await createEvent();
      const staffAdded = staffSignup(await addDj('Staff pick'), 'Staff pick');
      const loaded = await getEvent(id);
      const arrived = await djSubmits(id, await addDj('Late DJ'), 'Late DJ');

      const saved = await app.call(API.events.saveEvent, { params: { eventId: id }, body: draftOf(loaded, { signups: [staffAdded], slots: [slotFor(staffAdded)] }) }, { as: host });
      expect(saved.status).toBe(200);
      expect(saved.body.signups.map((s) => s.uuid)).toEqual([staffAdded.uuid, arrived]);
      expect(saved.body.signups[1]?.formData).toMatchObject({ dj_notes: 'from the DJ' });
    });

    test('two saves from the same version: the second is refused and the first stays', async () => {
      const id = await createEvent();
      const loaded = await getEvent(id);
      const first = await app.call(API.events.saveEvent, { params: { eventId: id }, body: draftOf(loaded, { event: { ...draftOf(loaded).event, name: 'First' } }) }, { as: host });
      expect(first.status).toBe(200);
      const second = await app.call(API.events.saveEvent, { params: { eventId: id }, body: draftOf(loaded, { event: { ...draftOf(loaded).event, name: 'Second' } }) }, { as: host });
      expect(second).toMatchObject({
        status: 409,
        error: {
          message: 'This event was changed by someone else since you loaded it. Reload to see their changes, then make your edits again.',
          currentVersion: 2,
        },
      });
      expect(await getEvent(id)).toMatchObject({ name: 'First', version: 2 });
    });

    test('concurrent saves from the same version: exactly one wins', async () => {
      const id = await createEvent();
      const loaded = await getEvent(id);
      const names = ['A', 'B', 'C', 'D'];
      const results = await Promise.all(
        names.map((name) => app.call(API.events.saveEvent, { params: { eventId: id }, body: draftOf(loaded, { event: { ...draftOf(loaded).event, name } }) }, { as: host })),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
      const winner = names[results.findIndex((r) => r.status === 200)];
      expect(await getEvent(id)).toMatchObject({ name: winner, version: 2 });
    });

    test('staff edits never overwrite the DJ form data; removed signups are deleted', async () => {
      const id = await createEvent();
      const kept = await djSubmits(id, await addDj('Kept'), 'Kept');
      const removed = await djSubmits(id, await addDj('Removed'), 'Removed');
      const loaded = await getEvent(id);
      const keptSignup = loaded.signups.find((s) => s.uuid === kept)!;
      const edited = { ...keptSignup, name: 'Kept (renamed)', requestedDuration: 2 as const, formData: { ...keptSignup.formData!, dj_notes: 'overwritten by staff' } };

      const saved = await app.call(API.events.saveEvent, { params: { eventId: id }, body: draftOf(loaded, { signups: [edited], removedSignupUuids: [removed] }) }, { as: host });
      expect(saved.status).toBe(200);
      expect(saved.body.signups).toHaveLength(1);
      expect(saved.body.signups[0]).toMatchObject({ name: 'Kept (renamed)', requestedDuration: 2, formData: { dj_notes: 'from the DJ' } });
      const rows = await db().selectFrom('signup_djs').select('signup_uuid').where('event_id', '=', id).execute();
      expect(rows.map((r) => r.signup_uuid)).toEqual([kept]);
    });

    test('a DJ can have only one signup per event', async () => {
      const id = await createEvent();
      const dj = await addDj('Twice');
      const loaded = await getEvent(id);
      const twice = await app.call(API.events.saveEvent, { params: { eventId: id }, body: draftOf(loaded, { signups: [staffSignup(dj, 'One'), staffSignup(dj, 'Two')] }) }, { as: host });
      expect(twice.status).toBe(409);
      expect(twice.error.message).toContain('only one signup per event');

      // The DJ submitted meanwhile; staff adding them again would make a second signup.
      await djSubmits(id, dj, 'Twice');
      const again = await app.call(API.events.saveEvent, { params: { eventId: id }, body: draftOf(loaded, { signups: [staffSignup(dj, 'Staff copy')] }) }, { as: host });
      expect(again.status).toBe(409);
      expect(again.error.message).toContain('Twice already signed up for this event');
      expect((await getEvent(id)).signups.map((s) => s.name)).toEqual(['Twice']);
    });

    test.each([
      ['an unknown DJ', (e: EventDetail) => draftOf(e, { signups: [staffSignup('no-such-dj', 'Ghost')] }), 404, 'DJ not found: no-such-dj'],
      ['a duration not on offer', (e: EventDetail) => draftOf(e, { signups: [{ ...staffSignup('x', 'X'), requestedDuration: 1.1 as 1 }] }), 400, 'Requested duration'],
      ['an unknown type', (e: EventDetail) => draftOf(e, { signups: [{ ...staffSignup('x', 'X'), type: 'DISCO' as 'LIVE' }] }), 400, 'Signup type must be one of'],
      ['an empty name', (e: EventDetail) => draftOf(e, { event: { ...draftOf(e).event, name: ' ' } }), 400, 'Event name is required.'],
      ['a bad start', (e: EventDetail) => draftOf(e, { event: { ...draftOf(e).event, startDatetime: 'soon' } }), 400, 'Invalid date format'],
      ['a missing version', (e: EventDetail) => ({ ...draftOf(e), baseVersion: undefined }), 400, 'baseVersion'],
    ])('refuses %s and changes nothing', async (_what, build, status, message) => {
      const id = await createEvent();
      const loaded = await getEvent(id);
      const response = await app.call(API.events.saveEvent, malformed({ params: { eventId: id }, body: build(loaded) }), { as: host });
      expect(response.status).toBe(status);
      expect(response.error.message).toContain(message);
      expect(await getEvent(id)).toEqual(loaded);
    });

    test('a signup of another event cannot be taken over', async () => {
      const other = await createEvent({ name: 'Other', startDatetime: '2030-01-13T20:00:00.000Z' });
      const theirs = await djSubmits(other, await addDj('Theirs'), 'Theirs');
      const id = await createEvent();
      const loaded = await getEvent(id);
      const stolen = { ...(await getEvent(other)).signups[0]!, name: 'Mine now' };
      const response = await app.call(API.events.saveEvent, { params: { eventId: id }, body: draftOf(loaded, { signups: [stolen] }) }, { as: host });
      expect(response.status).toBe(400);
      expect((await getEvent(other)).signups[0]).toMatchObject({ uuid: theirs, name: 'Theirs' });
    });
  });

  describe('preflight, publish and unpublish', () => {
    /** An event with one DJ's slot in the lineup, streaming from `source`. */
    async function eventWithSlot(source: string, startDatetime = '2030-01-06T20:00:00.000Z') {
      const id = await createEvent({ startDatetime });
      const dj = await addDj('Rex');
      const signup = staffSignup(dj, 'Rex');
      const saved = await app.call(API.events.saveEvent, { params: { eventId: id }, body: draftOf(await getEvent(id), { signups: [signup], slots: [{ ...slotFor(signup), streamSourceUrl: source }] }) }, { as: host });
      expect(saved.status).toBe(200);
      return { id, dj, version: saved.body.version };
    }

    test('refuses to publish an empty event, naming what is missing, and changes nothing', async () => {
      const id = await createEvent();
      const refused = await app.call(API.events.publishEvent, { params: { eventId: id }, body: { baseVersion: 1 } }, { as: host });
      expect(refused.status).toBe(409);
      expect(refused.error.code).toBe('requirements_not_met');
      expect(refused.error.message).toBe('Requirements not met: At least one slot in the lineup.');
      expect(await getEvent(id)).toMatchObject({ published: false, version: 1 });
    });

    test('refuses while a slot has no source or a DJ has not confirmed; publishes once staff confirm', async () => {
      const noSource = await eventWithSlot('');
      const refused = await app.call(API.events.publishEvent, { params: { eventId: noSource.id }, body: { baseVersion: noSource.version } }, { as: host });
      expect(refused.error.message).toBe(
        'Requirements not met: Every slot has a stream source or is a prerecord (No source: Rex); Every DJ confirmed their slot (Not confirmed: Rex).',
      );

      const { id, dj, version } = await eventWithSlot('rtmp://stream.example/live/rex', '2030-01-13T20:00:00.000Z');
      expect((await app.call(API.events.publishEvent, { params: { eventId: id }, body: { baseVersion: version } }, { as: host })).error.message).toBe(
        'Requirements not met: Every DJ confirmed their slot (Not confirmed: Rex).',
      );
      const confirmed = await app.call(API.events.setConfirmation, { params: { eventId: id }, body: { djId: dj, confirmation: 'confirmed' } }, { as: host });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.signups[0]!.confirmations).toEqual({ [dj]: 'confirmed' });
      // A confirmation is not a staff edit: open drafts stay current.
      expect(confirmed.body.version).toBe(version);

      const stale = await app.call(API.events.publishEvent, { params: { eventId: id }, body: { baseVersion: version + 5 } }, { as: host });
      expect(stale.status).toBe(409);
      const published = await app.call(API.events.publishEvent, { params: { eventId: id }, body: { baseVersion: version } }, { as: host });
      expect(published.status).toBe(200);
      expect(published.body).toMatchObject({ published: true, version: version + 1 });

      const unpublished = await app.call(API.events.unpublishEvent, { params: { eventId: id }, body: { baseVersion: version + 1 } }, { as: host });
      expect(unpublished.status).toBe(200);
      expect(await getEvent(id)).toMatchObject({ published: false, version: version + 2, slots: [{ streamSourceUrl: 'rtmp://stream.example/live/rex' }] });
    });

    test('Publish anyway publishes with requirements unmet, and the history records which', async () => {
      const { id, version } = await eventWithSlot('');
      const anyway = await app.call(API.events.publishEvent, { params: { eventId: id }, body: { baseVersion: version, anyway: true } }, { as: host });
      expect(anyway.status).toBe(200);
      expect(anyway.body).toMatchObject({ published: true, version: version + 1 });
      const history = await app.call(API.history.getEventHistory, { params: { eventId: id } }, { as: host });
      expect(history.body.entries[0]).toMatchObject({
        kind: 'published',
        lines: [{ t: 'published_anyway', unmet: ['Every slot has a stream source or is a prerecord (No source: Rex)', 'Every DJ confirmed their slot (Not confirmed: Rex)'] }],
      });
      expect(historyLineText(history.body.entries[0]!.lines[0]!, { viewer: 'Europe/London', series: 'Europe/London' })).toBe(
        'Published anyway. Requirements not met: Every slot has a stream source or is a prerecord (No source: Rex); Every DJ confirmed their slot (Not confirmed: Rex).',
      );
      // Still checked against the version the page showed, and still never while cancelled.
      const other = await eventWithSlot('', '2030-01-13T20:00:00.000Z');
      expect((await app.call(API.events.publishEvent, { params: { eventId: other.id }, body: { baseVersion: other.version + 3, anyway: true } }, { as: host })).status).toBe(409);
      expect((await app.call(API.events.cancelEvent, { params: { eventId: other.id }, body: { baseVersion: other.version } }, { as: host })).status).toBe(200);
      const cancelled = await app.call(API.events.publishEvent, { params: { eventId: other.id }, body: { baseVersion: other.version + 1, anyway: true } }, { as: host });
      expect(cancelled).toMatchObject({ status: 409, error: { message: 'This event is cancelled: restore it before publishing it.' } });
    });

    test('staff cannot confirm a DJ who is on no signup of the event', async () => {
      const { id } = await eventWithSlot('rtmp://stream.example/live/rex');
      const stranger = await addDj('Stranger');
      const refused = await app.call(API.events.setConfirmation, { params: { eventId: id }, body: { djId: stranger, confirmation: 'confirmed' } }, { as: host });
      expect(refused.status).toBe(409);
      expect(refused.error.message).toBe('This DJ is on no signup of the event: reload the page to see its signups.');
    });

    test('optional preflight steps are ticked off and on without making drafts stale', async () => {
      const id = await createEvent();
      const ticked = await app.call(API.events.setPreflightStep, { params: { eventId: id }, body: { step: 'textsCopied', done: true } }, { as: host });
      expect(ticked.status).toBe(200);
      expect(ticked.body.preflight).toEqual({ textsCopied: expect.stringMatching(/^\d{4}-/), streamDetailsChecked: null });
      expect(ticked.body.version).toBe(1);
      const unticked = await app.call(API.events.setPreflightStep, { params: { eventId: id }, body: { step: 'textsCopied', done: false } }, { as: host });
      expect(unticked.body.preflight.textsCopied).toBeNull();
      expect((await app.call(API.events.setPreflightStep, malformed({ params: { eventId: id }, body: { step: 'rocket', done: true } }), { as: host })).status).toBe(400);
    });
  });

  describe('change stream', () => {
    test('sends `changed` with the new version after a save', async () => {
      const id = await createEvent();
      const stream = await app.openStream(API.events.eventChanges, { params: { eventId: id } }, { as: host });
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-type')).toContain('text/event-stream');
      await stream.readUntil(': connected');

      const loaded = await getEvent(id);
      expect((await app.call(API.events.saveEvent, { params: { eventId: id }, body: draftOf(loaded) }, { as: host })).status).toBe(200);
      await stream.readUntil('event: changed\ndata: {"version":2}\n\n');
      await stream.cancel();
    });

    test('an open stream does not keep the server from stopping', async () => {
      const id = await createEvent();
      const stream = await app.openStream(API.events.eventChanges, { params: { eventId: id } }, { as: host });
      expect(stream.status).toBe(200);
      const started = Date.now();
      await app.stop();
      expect(Date.now() - started).toBeLessThan(5_000);
      await stream.cancel();
    });
  });

  describe('access', () => {
    test('needs a signed-in host or admin for every route', async () => {
      const id = await createEvent();
      const dj = await app.signIn(['dj']);
      const admin = await app.signIn(['admin', 'dj']);
      const params = { eventId: id };
      const calls = {
        listEvents: (as?: SignedIn) => app.call(API.events.listEvents, {}, { as }),
        getHomeEvent: (as?: SignedIn) => app.call(API.events.getHomeEvent, {}, { as }),
        createEvent: (as?: SignedIn) => app.call(API.events.createEvent, malformed({ body: {} }), { as }),
        getEvent: (as?: SignedIn) => app.call(API.events.getEvent, { params }, { as }),
        saveEvent: (as?: SignedIn) => app.call(API.events.saveEvent, malformed({ params, body: {} }), { as }),
        publishEvent: (as?: SignedIn) => app.call(API.events.publishEvent, malformed({ params, body: {} }), { as }),
        eventChanges: (as?: SignedIn) => app.call(API.events.eventChanges, { params }, { as }),
      };
      for (const [name, call] of Object.entries(calls)) {
        expect((await call()).status, `${name} signed out`).toBe(401);
        expect((await call(dj)).status, `${name} as dj`).toBe(403);
      }
      expect((await app.call(API.events.getEvent, { params }, { as: admin })).status).toBe(200);
    });
  });
});

const emptyEvent = (): EventDetail => buildEvent({ id: 'nope', name: 'Nope', startDatetime: '2030-01-06T20:00:00.000Z', signupsAreOpen: false });
