import { diffLineup, draftProblem, namedDjs, type StoredLineup } from './lineup-save.js';
import { placeSlots } from './lineup.js';
import type { SaveEventBody } from './schemas/events.js';
import type { Signup } from './schemas/lineup.js';
import { buildFormData, buildLegacySlot, buildSignup, buildSlot } from './testing/builders.js';

const START = '2030-06-02T19:00:00.000Z';
const HOUR = 3_600_000;
const T0 = Date.parse(START);
const NOW = 1_000;

/** As the database reads it back: every DJ reference has an answer ('proposed' until they give one). */
const asStored = (signup: Signup): Signup => ({
  ...signup,
  confirmations: Object.fromEntries(signup.djRefs.map((djId) => [djId, signup.confirmations[djId] ?? 'proposed'])),
});

/** A stored lineup as a save would read it: positions in order, created long ago, times as placed. */
function stored(given: Signup[], slots = given.map((s) => buildSlot(s.uuid))): StoredLineup {
  const signups = given.map(asStored);
  const placed = placeSlots({ startDatetime: START, slots, signups });
  return {
    signups,
    places: new Map(signups.map((s, position) => [s.uuid, { position, createdAt: 1 }])),
    slots,
    slotTimes: placed.map((p) => ({ startAt: Date.parse(p.startTime), endAt: Date.parse(p.endTime) })),
    djPlays: [...new Set(placed.flatMap((p) => p.djIds))].sort(),
    endAt: Date.parse(placed.at(-1)?.endTime ?? START),
  };
}

type Draft = Parameters<typeof diffLineup>[1];
const draftOf = (lineup: StoredLineup, edits: Partial<SaveEventBody> = {}): Draft => ({
  event: { name: 'E', startDatetime: START, host: '', message: '', footer: '', signupsAreOpen: true, signupsCloseAt: null, signupCap: null, publicLinks: [] },
  signups: [...lineup.signups],
  slots: [...lineup.slots],
  removedSignupUuids: [],
  resolvedUpdates: [],
  ...edits,
});

const [a, b, c] = [buildSignup('a'), buildSignup('b'), buildSignup('c')].map(asStored) as [Signup, Signup, Signup];

describe('diffLineup', () => {
  test('the loaded lineup saved as it is writes nothing', () => {
    const before = stored([a, b, c]);
    const diff = diffLineup(before, draftOf(before), NOW);
    expect(diff).toMatchObject({
      deleteSignups: [], updateSignups: [], insertSignups: [], removeRefs: [], addRefs: [], moveRefs: [], clearUpdates: [],
      writeSlots: [], slotCount: 3, addPlays: [], removePlays: [], endAt: null, taken: [], newlyNamed: [],
    });
    expect(diff.after).toEqual({ signups: [a, b, c], slots: before.slots, djPlays: before.djPlays, endAt: before.endAt });
  });

  test('a rotated lineup rewrites its slots, not its signups or plays', () => {
    const before = stored([a, b, c]);
    const diff = diffLineup(before, draftOf(before, { slots: [before.slots[1]!, before.slots[2]!, before.slots[0]!] }), NOW);
    expect(diff.writeSlots.map((row) => [row.position, row.slot.signupUuid, row.startAt - T0])).toEqual([
      [0, 'b', 0],
      [1, 'c', HOUR],
      [2, 'a', 2 * HOUR],
    ]);
    expect(diff).toMatchObject({ updateSignups: [], addPlays: [], removePlays: [], endAt: null });
  });

  test('only signups whose staff fields or position changed are updated', () => {
    const before = stored([a, b, c]);
    const renamed = { ...b, name: 'Renamed' };
    const diff = diffLineup(before, draftOf(before, { signups: [a, c, renamed] }), NOW);
    expect(diff.updateSignups).toEqual([
      { signup: c, position: 1 },
      { signup: renamed, position: 2 },
    ]);
    expect(diff.after.signups.map((s) => s.name)).toEqual(['Act a', 'Act c', 'Renamed']);
  });

  test('a longer slot moves the later ones and the end', () => {
    const before = stored([a, b]);
    const longer = { ...a, requestedDuration: 2 as const };
    const diff = diffLineup(before, draftOf(before, { signups: [longer, b] }), NOW);
    expect(diff.writeSlots.map((row) => [row.position, row.startAt - T0, row.endAt - T0])).toEqual([
      [0, 0, 2 * HOUR],
      [1, 2 * HOUR, 3 * HOUR],
    ]);
    expect(diff.endAt).toBe(T0 + 3 * HOUR);
  });

  test('DJ references: removed, added and moved, confirmations kept for DJs who stay', () => {
    const b2b = buildSignup('b2b', { djRefs: ['x', 'y', 'z'], confirmations: { x: 'confirmed', y: 'declined', z: 'proposed' } });
    const before = stored([b2b]);
    const diff = diffLineup(before, draftOf(before, { signups: [{ ...b2b, djRefs: ['y', 'x', 'new'] }] }), NOW);
    expect(diff.removeRefs).toEqual([{ signupUuid: 'b2b', djId: 'z' }]);
    expect(diff.moveRefs).toEqual([
      { signupUuid: 'b2b', djId: 'y', position: 0 },
      { signupUuid: 'b2b', djId: 'x', position: 1 },
    ]);
    expect(diff.addRefs).toEqual([{ signupUuid: 'b2b', djId: 'new', position: 2 }]);
    expect(diff.after.signups[0]?.confirmations).toEqual({ y: 'declined', x: 'confirmed', new: 'proposed' });
    expect(diff.newlyNamed).toEqual(['new']);
    expect(diff.addPlays).toEqual(['new']);
    expect(diff.removePlays).toEqual(['z']);
  });

  test('signups the draft never saw stay in their place; removed ones go with their slots and plays', () => {
    const before = stored([a, b]);
    const draft = draftOf(before, { signups: [a], removedSignupUuids: [b.uuid, 'not-stored'], slots: [before.slots[0]!] });
    const late = buildSignup('late', { formData: null });
    const withLate: StoredLineup = { ...before, signups: [...before.signups, late], places: new Map([...before.places, ['late', { position: 7, createdAt: 5 }]]) };
    const diff = diffLineup(withLate, draft, NOW);
    expect(diff.deleteSignups).toEqual(['b']);
    expect(diff.after.signups.map((s) => s.uuid)).toEqual(['a', 'late']);
    expect(diff.slotCount).toBe(1);
    expect(diff.removePlays).toEqual(['dj-b']);
  });

  test('new signups come after stored ones of the same position', () => {
    const before = stored([a]);
    const fresh = buildSignup('0-fresh');
    const diff = diffLineup(before, draftOf(before, { signups: [fresh] }), NOW);
    // The stored one keeps position 0 (the draft never saw it); the new one is created now, so after it.
    expect(diff.insertSignups).toEqual([{ signup: fresh, position: 0 }]);
    expect(diff.after.signups.map((s) => s.uuid)).toEqual(['a', '0-fresh']);
  });

  test('a DJ on a signup the save leaves in place is taken', () => {
    const before = stored([a, b]);
    const copy = buildSignup('copy', { djRefs: ['dj-b'] });
    expect(diffLineup(before, draftOf(before, { signups: [a, copy] }), NOW).taken).toEqual(['dj-b']);
    // Unless the save removes that signup or names the DJ there no more.
    expect(diffLineup(before, draftOf(before, { signups: [a, copy], removedSignupUuids: ['b'] }), NOW).taken).toEqual([]);
    expect(diffLineup(before, draftOf(before, { signups: [a, { ...b, djRefs: [] }, copy] }), NOW).taken).toEqual([]);
  });

  test('a resolved DJ update is cleared only when no newer one came since', () => {
    const pending = buildSignup('p', { updatePendingAt: '2030-01-01T10:00:00.000Z' });
    const before = stored([pending]);
    const same = diffLineup(before, draftOf(before, { resolvedUpdates: [{ uuid: 'p', at: '2030-01-01T11:00:00+01:00' }] }), NOW);
    expect(same.clearUpdates).toEqual([{ uuid: 'p', dismissed: null }]);
    expect(same.after.signups[0]?.updatePendingAt).toBeNull();
    const older = diffLineup(before, draftOf(before, { resolvedUpdates: [{ uuid: 'p', at: '2030-01-01T09:00:00.000Z' }] }), NOW);
    expect(older.clearUpdates).toEqual([]);
  });

  test('a resolved DJ update is applied when the slot plays what the DJ asked, else dismissed for what still differs', () => {
    const answers = buildFormData({ name: 'Act p', requested_duration: 0.5 });
    const pending = buildSignup('p', { updatePendingAt: '2030-01-01T10:00:00.000Z', updateFields: ['length'], formData: answers });
    const before = stored([pending]);
    const resolvedUpdates = [{ uuid: 'p', at: '2030-01-01T10:00:00.000Z' }];
    const dismissed = diffLineup(before, draftOf(before, { resolvedUpdates }), NOW);
    expect(dismissed.clearUpdates).toEqual([{ uuid: 'p', dismissed: ['length'] }]);
    expect(dismissed.after.signups[0]).toMatchObject({ updatePendingAt: null, updateFields: [] });
    const applied = diffLineup(before, draftOf(before, { resolvedUpdates, signups: [{ ...pending, requestedDuration: 0.5 }] }), NOW);
    expect(applied.clearUpdates).toEqual([{ uuid: 'p', dismissed: null }]);
  });

  test('legacy slots: compared field by field; their DJ counts as named and playing', () => {
    const legacy = buildLegacySlot({ djRef: 'old-dj', duration: 0.5 });
    const before = stored([a], [legacy, buildSlot('a')]);
    expect(diffLineup(before, draftOf(before), NOW).writeSlots).toEqual([]);
    const edited = buildLegacySlot({ djRef: 'old-dj', duration: 0.5, isDebut: true });
    const diff = diffLineup(before, draftOf(before, { slots: [edited, buildSlot('a')] }), NOW);
    expect(diff.writeSlots.map((row) => row.position)).toEqual([0]);
    expect(namedDjs(diff.after)).toEqual(['dj-a', 'old-dj']);
    expect(diff.after.djPlays).toEqual(['dj-a', 'old-dj']);
  });
});

describe('draftProblem: standby', () => {
  it('refuses a signup on standby that also has a slot, and takes one beside the lineup', () => {
    const rex = buildSignup('rex', { name: 'Rex', standby: true });
    expect(draftProblem({ signups: [rex], slots: [buildSlot('rex')], removedSignupUuids: [] })).toEqual({
      status: 400,
      message: 'Rex is on standby and in the lineup: take them off standby, or send their slot back to the signups.',
    });
    expect(draftProblem({ signups: [rex], slots: [], removedSignupUuids: [] })).toBeNull();
  });
});
