import type { CallInput } from '@shared/api/contract.js';
import { API } from '@shared/api/index.js';
import { malformed } from '@shared/testing/api-client.js';
import type { HistoryPage } from '@shared/schemas/history.js';
import { slotForSignup } from '@shared/lineup.js';
import { historyLineText } from '@shared/history.js';
import { intake } from '../testing/fixtures.js';
import { DANA, HAL, type SignedIn, startWithMembers, testDialects, type TestApp } from '../testing/harness.js';
import { createEventAs } from '../testing/staff-saves.js';

/** The history's times as a host in the series' own zone reads them. */
const LONDON = { viewer: 'Europe/London', series: 'Europe/London' };

// An event's history through HTTP, as the host reads it: every kind of change, who made it and
// what it changed; the DJ's own intake; a DJ's signup racing a save; who may read it.

describe.each(testDialects)('event history on %s', (dialect) => {
  let app: TestApp;
  let host: SignedIn;
  let dj: SignedIn;

  beforeEach(async () => ({ app, members: [host, dj] } = await startWithMembers(dialect, HAL, DANA)));
  afterEach(() => app.destroy());


  const createEvent = (name = 'Sunday Service', startDatetime = '2030-06-09T19:00:00.000Z') => createEventAs(app, host, { name, startDatetime });

  const event = async (id: string) => (await app.call(API.events.getEvent, { params: { eventId: id } }, { as: host })).body;
  const history = async (id: string, query: CallInput<typeof API.history.getEventHistory>['query'] = {}) => {
    const response = await app.call(API.history.getEventHistory, { params: { eventId: id }, query }, { as: host });
    expect(response.status).toBe(200);
    return response.body;
  };
  const texts = (page: HistoryPage) => page.entries.map((entry) => [entry.kind, entry.actor?.name ?? 'system', ...entry.lines.map((line) => historyLineText(line, LONDON))]);

  /** The whole lineup in slots, the event renamed. */
  async function saveWithLineup(id: string, name: string) {
    const current = await event(id);
    const response = await app.call(API.events.saveEvent, { params: { eventId: id }, body: {
      baseVersion: current.version,
      event: { ...current, name },
      signups: current.signups,
      slots: current.signups.map((signup) => slotForSignup(signup)),
      removedSignupUuids: [],
    } }, { as: host });
    expect(response.status).toBe(200);
    return response.body;
  }

  test('every kind of change is recorded with who made it and what changed, newest first', async () => {
    const id = await createEvent();
    expect((await app.call(API.signup.submitSignup, { body: intake(id, { name: 'Dana live' }) }, { as: dj })).status).toBe(200);
    const saved = await saveWithLineup(id, 'Sunday Session');
    expect((await app.call(API.signup.confirmSlot, { body: { event_id: id, confirmation: 'confirmed' } }, { as: dj })).status).toBe(200);
    expect((await app.call(API.signup.submitSignup, { body: intake(id, { name: 'Dana live', dj_notes: 'Bringing a friend' }) }, { as: dj })).status).toBe(200);
    expect((await app.call(API.events.setPreflightStep, { params: { eventId: id }, body: { step: 'textsCopied', done: true } }, { as: host })).status).toBe(200);
    expect((await app.call(API.events.setConfirmation, { params: { eventId: id }, body: { djId: dj.djId, confirmation: 'declined' } }, { as: host })).status).toBe(200);
    expect((await app.call(API.events.publishEvent, { params: { eventId: id }, body: { baseVersion: saved.version } }, { as: host })).status).toBe(409);
    expect((await app.call(API.events.setConfirmation, { params: { eventId: id }, body: { djId: dj.djId, confirmation: 'confirmed' } }, { as: host })).status).toBe(200);
    // A stream source is needed to publish: refused above, so nothing was recorded for it.
    const current = await event(id);
    const withSource = await app.call(API.events.saveEvent, { params: { eventId: id }, body: {
      baseVersion: current.version,
      event: current,
      signups: current.signups,
      slots: current.slots.map((slot) => ({ ...slot, streamSourceType: 'RTMP' as const, streamSourceUrl: 'rtmp://stream.example.org/live' })),
      removedSignupUuids: [],
    } }, { as: host });
    expect(withSource.status).toBe(200);
    const published = await app.call(API.events.publishEvent, { params: { eventId: id }, body: { baseVersion: withSource.body.version } }, { as: host });
    expect(published.status).toBe(200);
    const unpublished = await app.call(API.events.unpublishEvent, { params: { eventId: id }, body: { baseVersion: published.body.version } }, { as: host });
    const cancelled = await app.call(API.events.cancelEvent, { params: { eventId: id }, body: { baseVersion: unpublished.body.version } }, { as: host });
    const restored = await app.call(API.events.restoreEvent, { params: { eventId: id }, body: { baseVersion: cancelled.body.version } }, { as: host });
    expect(restored.status).toBe(200);

    const page = await history(id);
    expect(texts(page)).toEqual([
      ['restored', 'Hal the host'],
      ['cancelled', 'Hal the host'],
      ['unpublished', 'Hal the host'],
      ['published', 'Hal the host'],
      ['saved', 'Hal the host', 'Dana live: stream source changed (RTMP)'],
      ['confirmation', 'Hal the host', 'DJ Dana confirmed (Dana live)'],
      ['confirmation', 'Hal the host', 'DJ Dana declined (Dana live)'],
      ['preflight_step', 'Hal the host', 'Announcement texts copied: ticked'],
      ['signup_updated', 'Dana', 'Dana live: changed Notes'],
      ['slot_confirmed', 'Dana'],
      ['saved', 'Hal the host', 'Name: Sunday Service → Sunday Session', 'Into the lineup: Dana live at 20:00 London time'],
      ['signup_submitted', 'Dana', 'Signup added: Dana live'],
      ['created', 'Hal the host'],
    ]);
    expect(page.entries[0]).toMatchObject({ actor: { djId: host.djId }, version: restored.body.version });
    expect(page.entries.at(-1)).toMatchObject({ version: 1 });
    expect(page.nextBefore).toBeNull();
  });

  test('a save that changed nothing leaves no entry; Create next event says where it came from', async () => {
    const id = await createEvent('Week 1');
    const current = await event(id);
    const saved = await app.call(API.events.saveEvent, { params: { eventId: id }, body: { baseVersion: current.version, event: current, signups: [], slots: [], removedSignupUuids: [] } }, { as: host });
    expect(saved.status).toBe(200);
    expect((await history(id)).entries.map((entry) => entry.kind)).toEqual(['created']);

    const next = await app.call(API.events.createNextEvent, { params: { eventId: id }, body: { confirmSameDay: false } }, { as: host });
    expect(next.status).toBe(201);
    expect(texts(await history(next.body.id))).toEqual([['created', 'Hal the host', 'Created as the next event after Week 1']]);
  });

  test('pages: newest first, a cursor to the next page, nothing twice or missed', async () => {
    const id = await createEvent();
    for (const done of [true, false, true, false, true]) {
      expect((await app.call(API.events.setPreflightStep, { params: { eventId: id }, body: { step: 'streamDetailsChecked', done } }, { as: host })).status).toBe(200);
    }
    const first = await history(id, { limit: 4 });
    expect(first.entries).toHaveLength(4);
    expect(first.nextBefore).toEqual(expect.any(String));
    const second = await history(id, { limit: 4, before: first.nextBefore! });
    expect(second.entries.map((entry) => entry.kind)).toEqual(['preflight_step', 'created']);
    expect(second.nextBefore).toBeNull();
    const ids = [...first.entries, ...second.entries].map((entry) => entry.id);
    expect(new Set(ids).size).toBe(6);
    const times = [...first.entries, ...second.entries].map((entry) => Date.parse(entry.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  test('a DJ signing up while the host saves: both are recorded, each with its own author', async () => {
    const id = await createEvent();
    const current = await event(id);
    const [save, submission] = await Promise.all([
      app.call(API.events.saveEvent, { params: { eventId: id }, body: { baseVersion: current.version, event: { ...current, host: 'Kit' }, signups: [], slots: [], removedSignupUuids: [] } }, { as: host }),
      app.call(API.signup.submitSignup, { body: intake(id, { name: 'Racing Dana' }) }, { as: dj }),
    ]);
    expect([save.status, submission.status]).toEqual([200, 200]);
    const page = await history(id);
    const byKind = Object.fromEntries(texts(page).map(([kind, ...rest]) => [kind, rest]));
    expect(byKind.saved).toEqual(['Hal the host', 'Host: Hal → Kit']);
    expect(byKind.signup_submitted).toEqual(['Dana', 'Signup added: Racing Dana']);
    expect(page.entries).toHaveLength(3);
  });

  test('a DJ page lists the DJ’s signups over time, newest event first, with where each stands', async () => {
    const older = await createEvent('Week 1');
    const newer = await createEvent('Week 2', '2030-06-16T19:00:00.000Z');
    expect((await app.call(API.signup.submitSignup, { body: intake(older, { name: 'Dana early' }) }, { as: dj })).status).toBe(200);
    expect((await app.call(API.signup.submitSignup, { body: intake(newer, { name: 'Dana later' }) }, { as: dj })).status).toBe(200);
    await saveWithLineup(older, 'Week 1');
    const response = await app.call(API.history.getDjSignups, { params: { djId: dj.djId } }, { as: host });
    expect(response.status).toBe(200);
    expect(response.body.signups.map(({ eventName, signupName, state, cancelled }) => ({ eventName, signupName, state, cancelled }))).toEqual([
      { eventName: 'Week 2', signupName: 'Dana later', state: 'signed_up', cancelled: false },
      { eventName: 'Week 1', signupName: 'Dana early', state: 'in_lineup', cancelled: false },
    ]);
    expect(response.body.signups[1]!.slotStart).toBe('2030-06-09T19:00:00.000Z');
    expect((await app.call(API.history.getDjSignups, { params: { djId: 'no-such-dj' } }, { as: host })).status).toBe(404);
    expect((await app.call(API.history.getDjSignups, { params: { djId: dj.djId } }, { as: dj })).status).toBe(403);
  });

  test('only staff read a history, only of the event asked for; hostile queries are refused', async () => {
    const id = await createEvent('Mine');
    const other = await app.call(API.events.createNextEvent, { params: { eventId: id }, body: { confirmSameDay: false } }, { as: host });
    expect((await history(other.body.id)).entries.map((entry) => entry.lines.length)).toEqual([1]);
    expect((await history(id)).entries).toHaveLength(1);
    expect((await app.call(API.history.getEventHistory, { params: { eventId: id } }, { as: dj })).status).toBe(403);
    expect((await app.call(API.history.getEventHistory, { params: { eventId: id } })).status).toBe(401);
    expect((await app.call(API.history.getEventHistory, { params: { eventId: 'no-such-event' } }, { as: host })).status).toBe(404);
    for (const query of [{ limit: 0 }, { limit: 201 }, { limit: 'ten' }, { before: "1.x';--" }, { before: `${'9'.repeat(40)}.a` }, { before: '' }]) {
      const response = await app.call(API.history.getEventHistory, malformed({ params: { eventId: id }, query }), { as: host });
      expect(response.status, JSON.stringify(query)).toBe(400);
      expect(response.error.message).toMatch(/cursor|limit/i);
    }
  });

  test('deleting an empty event takes its history with it', async () => {
    const id = await createEvent();
    const current = await event(id);
    expect((await app.call(API.events.deleteEvent, { params: { eventId: id }, body: { baseVersion: current.version } }, { as: host })).status).toBe(204);
    const rows = await app.ctx.store.db.selectFrom('event_changes').select('id').where('event_id', '=', id).execute();
    expect(rows).toEqual([]);
  });
});
