import { API } from '@shared/api/index.js';
import { slotForSignup } from '@shared/lineup.js';
import type { EventChangeKind } from '@shared/domain.js';
import { intake } from '../testing/fixtures.js';
import { DANA, HAL, type SignedIn, startWithMembers, testDialects, type TestApp } from '../testing/harness.js';
import { createEventAs } from '../testing/staff-saves.js';

// One press, one submission (issue 34): a write sent twice, one after the other or both at once
// (a double-clicked button, a request the browser retried), changes and records what one would.
// "answers sent again, unchanged" never reaches the History tab from a double click.

describe.each(testDialects)('replayed writes on %s', (dialect) => {
  let app: TestApp;
  let host: SignedIn;
  let dj: SignedIn;

  beforeEach(async () => ({ app, members: [host, dj] } = await startWithMembers(dialect, HAL, DANA)));
  afterEach(() => app.destroy());

  const createEvent = () => createEventAs(app, host);
  const kinds = async (eventId: string): Promise<EventChangeKind[]> =>
    (await app.call(API.history.getEventHistory, { params: { eventId }, query: {} }, { as: host })).body.entries.map((entry) => entry.kind);
  const twice = async <T>(send: () => Promise<T>, together: boolean): Promise<T[]> => (together ? Promise.all([send(), send()]) : [await send(), await send()]);

  async function inLineup(eventId: string) {
    const current = (await app.call(API.events.getEvent, { params: { eventId } }, { as: host })).body;
    const body = { baseVersion: current.version, event: current, signups: current.signups, slots: current.signups.map((signup) => slotForSignup(signup)), removedSignupUuids: [] };
    expect((await app.call(API.events.saveEvent, { params: { eventId }, body }, { as: host })).status).toBe(200);
  }

  describe.each([false, true])('sent together: %s', (together) => {
    test('the same signup twice: one signup, one "signed up", no "answers sent again"', async () => {
      const eventId = await createEvent();
      const send = () => app.call(API.signup.submitSignup, { body: intake(eventId, { name: 'Dana live' }) }, { as: dj });
      expect((await twice(send, together)).map((answer) => answer.status)).toEqual([200, 200]);
      expect(await kinds(eventId)).toEqual(['signup_submitted', 'created']);
      const signups = await app.ctx.store.db.selectFrom('signups').select('uuid').where('event_id', '=', eventId).execute();
      expect(signups).toHaveLength(1);
    });

    test('an update sent twice is recorded once', async () => {
      const eventId = await createEvent();
      expect((await app.call(API.signup.submitSignup, { body: intake(eventId) }, { as: dj })).status).toBe(200);
      const send = () => app.call(API.signup.submitSignup, { body: intake(eventId, { dj_notes: 'Bringing a friend' }) }, { as: dj });
      expect((await twice(send, together)).map((answer) => answer.status)).toEqual([200, 200]);
      expect(await kinds(eventId)).toEqual(['signup_updated', 'signup_submitted', 'created']);
    });

    test("a DJ's Confirm tapped twice, and staff recording an answer twice, are recorded once each", async () => {
      const eventId = await createEvent();
      expect((await app.call(API.signup.submitSignup, { body: intake(eventId) }, { as: dj })).status).toBe(200);
      await inLineup(eventId);
      const confirm = () => app.call(API.signup.confirmSlot, { body: { event_id: eventId, confirmation: 'confirmed' } }, { as: dj });
      expect((await twice(confirm, together)).map((answer) => answer.status)).toEqual([200, 200]);
      const decline = () => app.call(API.events.setConfirmation, { params: { eventId }, body: { djId: dj.djId, confirmation: 'declined' } }, { as: host });
      expect((await twice(decline, together)).map((answer) => answer.status)).toEqual([200, 200]);
      expect(await kinds(eventId)).toEqual(['confirmation', 'slot_confirmed', 'saved', 'signup_submitted', 'created']);
    });

    test('a preflight step ticked twice is recorded once and keeps its first time', async () => {
      const eventId = await createEvent();
      const tick = () => app.call(API.events.setPreflightStep, { params: { eventId }, body: { step: 'textsCopied', done: true } }, { as: host });
      const [first, second] = await twice(tick, together);
      expect(first!.status).toBe(200);
      expect(first!.body.preflight.textsCopied).not.toBeNull();
      expect(second!.body.preflight.textsCopied).toBe(first!.body.preflight.textsCopied);
      expect(await kinds(eventId)).toEqual(['preflight_step', 'created']);
    });
  });

  test('answers sent again while an update waits leave it as it was', async () => {
    const eventId = await createEvent();
    expect((await app.call(API.signup.submitSignup, { body: intake(eventId, { requested_duration: 1 }) }, { as: dj })).status).toBe(200);
    await inLineup(eventId);
    expect((await app.call(API.signup.submitSignup, { body: intake(eventId, { requested_duration: 0.5 }) }, { as: dj })).status).toBe(200);
    const before = await app.ctx.store.db.selectFrom('signups').select(['update_pending_at', 'updated_at']).where('event_id', '=', eventId).executeTakeFirstOrThrow();
    expect(before.update_pending_at).not.toBeNull();
    // The waiting update keeps its time: a host resolving it meanwhile resolves this one.
    expect((await app.call(API.signup.submitSignup, { body: intake(eventId, { requested_duration: 0.5 }) }, { as: dj })).status).toBe(200);
    const after = await app.ctx.store.db.selectFrom('signups').select(['update_pending_at', 'updated_at']).where('event_id', '=', eventId).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });
});
