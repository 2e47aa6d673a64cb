import { randomUUID } from 'node:crypto';
import { API } from '@shared/api/index.js';
import { slotForSignup } from '@shared/lineup.js';
import { type EventDetail, eventFieldsSchema, type SaveEventBody } from '@shared/schemas/events.js';
import type { Signup } from '@shared/schemas/lineup.js';
import { buildLegacySlot, buildSignup } from '@shared/testing/builders.js';
import { intake } from '../testing/fixtures.js';
import { insertDj, type SignedIn, startWithMembers, testDialects, type TestApp } from '../testing/harness.js';
import { createEventAs, draftOf } from '../testing/staff-saves.js';

// A save answers with the event as it now reads back, built from what it read at its start and
// what it wrote (events/service.ts saveEvent): after every kind of edit, the answer must be what
// a fresh GET returns, and the rows must be what the draft says.

describe.each(testDialects)('the event save answer on %s', (dialect) => {
  let app: TestApp;
  let host: SignedIn;

  beforeEach(async () => ({ app, members: [host] } = await startWithMembers(dialect, [['host', 'dj']])));
  afterEach(() => app.destroy());

  const db = () => app.ctx.store.db;
  const getEvent = async (id: string) => (await app.call(API.events.getEvent, { params: { eventId: id } }, { as: host })).body;

  const addDj = (djName: string) => insertDj(db(), djName);

  const createEvent = (name: string, startDatetime: string) => createEventAs(app, host, { name, startDatetime, host: 'Hosty', message: 'Hello', footer: 'Bye' });

  /** A DJ's own submission, as the intake stores it. */
  async function djSubmits(eventId: string, djId: string, name: string, position = 1000): Promise<string> {
    const uuid = randomUUID();
    const now = Date.now();
    await db()
      .insertInto('signups')
      .values({ uuid, event_id: eventId, position, name, is_debut: 0, requested_duration: 1, type: 'LIVE', hidden: 0, form_data: JSON.stringify(intake(eventId, { name })), submitted_by: djId, created_at: now, updated_at: now })
      .execute();
    await db().insertInto('signup_djs').values({ signup_uuid: uuid, event_id: eventId, dj_id: djId, position: 0 }).execute();
    return uuid;
  }

  /** Saves, and checks the answer is what the event now reads as. */
  async function save(id: string, body: SaveEventBody): Promise<EventDetail> {
    const saved = await app.call(API.events.saveEvent, { params: { eventId: id }, body }, { as: host });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(await getEvent(id));
    return saved.body;
  }

  test('after every kind of edit the answer is what a GET then returns', async () => {
    const [a, b, c, d, e] = [await addDj('Alpha'), await addDj('Beta'), await addDj('Gamma'), await addDj('Delta'), await addDj('Echo')];
    // Other events, so Other Events have something to show.
    const past = await createEvent('Past night', '2029-12-30T20:00:00.000Z');
    const pastSignups = [buildSignup(randomUUID(), { name: 'Alpha', djRefs: [a] }), buildSignup(randomUUID(), { name: 'Delta', djRefs: [d] })];
    await save(past, draftOf(await getEvent(past), { signups: pastSignups, slots: pastSignups.map((s) => slotForSignup(s)) }));

    const id = await createEvent('Sunday Service', '2030-01-06T20:00:00.000Z');
    const submitted = await djSubmits(id, e, 'Echo', 0);
    let event = await getEvent(id);

    // New signups (one b2b), slots, a legacy slot naming a DJ.
    const alpha = buildSignup(randomUUID(), { name: 'Alpha', djRefs: [a], requestedDuration: 1.5 });
    const b2b = buildSignup(randomUUID(), { name: 'Beta b2b Gamma', djRefs: [b, c], requestedDuration: 0.5 });
    event = await save(
      id,
      draftOf(event, {
        signups: [alpha, ...event.signups, b2b],
        slots: [slotForSignup(alpha), buildLegacySlot({ djName: null, djRef: d, duration: 0.75 }), slotForSignup(b2b)],
      }),
    );
    expect(event.signups.map((s) => s.name)).toEqual(['Alpha', 'Echo', 'Beta b2b Gamma']);
    expect(event.djPlays).toEqual([a, b, c, d].sort());

    // The lineup rotated, nothing else.
    event = await save(id, draftOf(event, { slots: [...event.slots.slice(1), event.slots[0]!] }));

    // Staff fields of one signup, the signups reordered, the DJs of the b2b swapped and one confirmed meanwhile.
    await db().updateTable('signup_djs').set({ confirmation: 'confirmed' }).where('dj_id', '=', c).execute();
    const signups = event.signups.map((s): Signup => (s.uuid === b2b.uuid ? { ...s, djRefs: [c, b], isDebut: true, type: 'RTMP' } : s));
    event = await save(id, draftOf(event, { signups: [signups[2]!, signups[0]!, signups[1]!] }));
    expect(event.signups[0]).toMatchObject({ djRefs: [c, b], confirmations: { [b]: 'proposed', [c]: 'confirmed' } });

    // A DJ moves from one signup to another; a new DJ joins; the DJ's own signup gets a partner.
    const moved = event.signups.map((s): Signup => {
      if (s.uuid === b2b.uuid) return { ...s, djRefs: [c] };
      if (s.uuid === alpha.uuid) return { ...s, djRefs: [a, b], name: 'Alpha b2b Beta' };
      return s;
    });
    const newcomer = await addDj('Newcomer');
    const echo = moved.find((s) => s.uuid === submitted)!;
    event = await save(id, draftOf(event, { signups: moved.map((s) => (s === echo ? { ...s, djRefs: [e, newcomer] } : s)) }));
    expect(event.otherEventsByDj[newcomer]).toEqual({ shown: [], total: 0, hasMore: false, playedBefore: null });

    // A DJ submits while the host edits; the host removes a signup and shortens the lineup.
    const late = await djSubmits(id, await addDj('Late'), 'Late');
    const stale = event;
    event = await save(
      id,
      draftOf(stale, {
        signups: stale.signups.filter((s) => s.uuid !== b2b.uuid),
        removedSignupUuids: [b2b.uuid],
        slots: stale.slots.filter((slot) => slot.signupUuid !== b2b.uuid).slice(0, 1),
      }),
    );
    expect(event.signups.map((s) => s.uuid)).toContain(late);
    expect(event.signups.map((s) => s.uuid)).not.toContain(b2b.uuid);

    // A DJ update staff dismiss; the start moves (every slot with it); the event's own fields.
    const pendingAt = Date.now();
    await db().updateTable('signups').set({ update_pending_at: pendingAt }).where('uuid', '=', submitted).execute();
    event = await getEvent(id);
    event = await save(
      id,
      draftOf(event, {
        event: {
          ...eventFieldsSchema.parse(event),
          name: 'Renamed',
          startDatetime: '2030-01-06T21:30:00+01:00',
          signupsCloseAt: '2030-01-05T12:00:00-05:00',
          signupCap: 40,
          publicLinks: [{ label: 'Watch', url: 'https://example.org/live' }],
        },
        resolvedUpdates: [{ uuid: submitted, at: new Date(pendingAt).toISOString() }],
        slots: [...event.slots, ...event.signups.filter((s) => s.uuid === late).map((s) => slotForSignup(s))],
      }),
    );
    expect(event.signups.find((s) => s.uuid === submitted)?.updatePendingAt).toBeNull();
    expect(event.startDatetime).toBe('2030-01-06T20:30:00.000Z');

    // Saving what was loaded changes nothing but the version.
    const unchanged = await save(id, draftOf(event));
    expect(unchanged).toEqual({ ...event, version: event.version + 1 });

    // Everything sent back to the signups: no slots, no plays, the event ends where it starts.
    const emptied = await save(id, draftOf(unchanged, { slots: [] }));
    expect(emptied).toMatchObject({ slots: [], djPlays: [], endDatetime: emptied.startDatetime });
  });

  test('the rows are the draft: slot times, positions, plays', async () => {
    const id = await createEvent('Sunday Service', '2030-01-06T20:00:00.000Z');
    const acts = await Promise.all(['One', 'Two', 'Three'].map(async (name) => buildSignup(randomUUID(), { name, djRefs: [await addDj(name)] })));
    const event = await save(id, draftOf(await getEvent(id), { signups: acts, slots: acts.map((s) => slotForSignup(s)) }));
    await save(id, draftOf(event, { signups: [acts[2]!, acts[0]!, acts[1]!], slots: [event.slots[2]!, event.slots[0]!] }));

    const slots = await db().selectFrom('slots').select(['position', 'signup_uuid', 'start_at', 'end_at']).where('event_id', '=', id).orderBy('position').execute();
    const start = Date.parse('2030-01-06T20:00:00.000Z');
    expect(slots.map((row) => [Number(row.position), row.signup_uuid, Number(row.start_at) - start, Number(row.end_at) - start])).toEqual([
      [0, acts[2]!.uuid, 0, 3_600_000],
      [1, acts[0]!.uuid, 3_600_000, 7_200_000],
    ]);
    const positions = await db().selectFrom('signups').select(['uuid', 'position']).where('event_id', '=', id).orderBy('position').execute();
    expect(positions.map((row) => row.uuid)).toEqual([acts[2]!.uuid, acts[0]!.uuid, acts[1]!.uuid]);
    const plays = await db().selectFrom('dj_plays').select('dj_id').where('event_id', '=', id).execute();
    expect(plays.map((row) => row.dj_id).sort()).toEqual([acts[2]!.djRefs[0], acts[0]!.djRefs[0]].sort());
    const stored = await db().selectFrom('events').select('end_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(Number(stored.end_at)).toBe(start + 2 * 3_600_000);
  });

  test("what changes a DJ's details between two saves shows in the second save's answer", async () => {
    const [dj, other] = [await addDj('Regular'), await addDj('Other')];
    const id = await createEvent('Sunday Service', '2030-01-06T20:00:00.000Z');
    const elsewhere = await createEvent('Elsewhere', '2030-01-13T20:00:00.000Z');
    const act = buildSignup(randomUUID(), { name: 'Regular', djRefs: [dj] });
    let event = await save(id, draftOf(await getEvent(id), { signups: [act], slots: [slotForSignup(act)] }));
    event = await save(id, draftOf(event, { slots: [] }));

    // The DJ plays another event, which is then renamed and moved; the DJ renames themself.
    const there = buildSignup(randomUUID(), { name: 'Regular', djRefs: [dj] });
    const away = await save(elsewhere, draftOf(await getEvent(elsewhere), { signups: [there], slots: [slotForSignup(there)] }));
    event = await save(id, draftOf(event));
    expect(event.otherEventsByDj[dj]?.total).toBe(1);
    await save(elsewhere, draftOf(away, { event: { ...eventFieldsSchema.parse(away), name: 'Moved', startDatetime: '2030-01-20T20:00:00.000Z' } }));
    event = await save(id, draftOf(event));
    expect(event.otherEventsByDj[dj]?.shown[0]).toMatchObject({ eventName: 'Moved', startDatetime: '2030-01-20T20:00:00.000Z' });
    await db().updateTable('djs').set({ dj_name: 'Renamed' }).where('id', '=', dj).execute();
    event = await save(id, draftOf(event, { signups: [...event.signups, buildSignup(randomUUID(), { name: 'Other', djRefs: [other] })] }));
    expect(event.djs[dj]?.djName).toBe('Renamed');
    // The other event is deleted (it had to be cancelled first, so drop it as an admin would).
    await db().deleteFrom('events').where('id', '=', elsewhere).execute();
    event = await save(id, draftOf(event));
    expect(event.otherEventsByDj[dj]).toEqual({ shown: [], total: 0, hasMore: false, playedBefore: null });
  });
});
