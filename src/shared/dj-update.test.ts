import { describe, expect, it } from 'vitest';
import {
  afterDjAnswers,
  afterDjUpdate,
  afterStaffResolved,
  answerDifferences,
  applyPendingChange,
  dismissPendingChange,
  hasPendingUpdate,
  pendingChanges,
  pendingUpdate,
  slotChanges,
  slotDifferences,
  withDjChanges,
} from './dj-update.js';
import { buildFormData, buildSignup } from './testing/builders.js';

const answers = buildFormData;
/** The host renamed Rex's signup when they added Nova as a back-to-back partner. */
const renamed = { name: 'Rex b2b Nova', requestedDuration: 1, type: 'LIVE' as const };

describe("a DJ's update to a signup in a saved lineup", () => {
  it('only the name, the length or the type change what the slot plays', () => {
    const played = { name: 'Rex', requestedDuration: 1, type: 'LIVE' as const };
    expect(slotDifferences(played, answers({ dj_notes: 'new notes', stream_link: 'rtmp://x.example/live/k' }))).toEqual([]);
    expect(slotDifferences(played, answers({ requested_duration: 0.5, name: 'Rex Live', type: 'PRERECORD' }))).toEqual(['name', 'length', 'type']);
  });

  it("waits only for what the DJ changed, never to undo the host's rename", () => {
    expect(afterDjAnswers(renamed, answers(), answers({ dj_notes: 'bringing vinyl' }), null)).toBeNull();
    expect(afterDjAnswers(renamed, answers(), answers({ requested_duration: 0.5 }), null)).toEqual({ fields: ['length'], dismissed: false });
    // A DJ who renames themselves asks for it, over the host's name.
    expect(afterDjAnswers(renamed, answers(), answers({ name: 'Rex Live' }), null)).toEqual({ fields: ['name'], dismissed: false });
  });

  it('their first answers to a signup staff made wait where they differ from the slot', () => {
    expect(afterDjAnswers(renamed, null, answers({ requested_duration: 0.5 }), null)).toEqual({ fields: ['name', 'length'], dismissed: false });
  });

  it('a waiting update keeps what still differs when the DJ sends more; going back ends it', () => {
    const waiting = { fields: ['length' as const], dismissed: false };
    expect(afterDjAnswers(renamed, answers({ requested_duration: 0.5 }), answers({ requested_duration: 0.5, type: 'PRERECORD' }), waiting)).toEqual({
      fields: ['length', 'type'],
      dismissed: false,
    });
    expect(afterDjAnswers(renamed, answers({ requested_duration: 0.5 }), answers({ requested_duration: 0.5, dj_notes: 'hi' }), waiting)).toEqual(waiting);
    expect(afterDjAnswers(renamed, answers({ requested_duration: 0.5 }), answers({ requested_duration: 1 }), waiting)).toBeNull();
  });

  it('a dismissed update stays dismissed until the DJ asks again', () => {
    const dismissed = { fields: ['length' as const], dismissed: true };
    expect(afterDjAnswers(renamed, answers({ requested_duration: 0.5 }), answers({ requested_duration: 0.5, dj_notes: 'ok' }), dismissed)).toEqual(dismissed);
    expect(afterDjAnswers(renamed, answers({ requested_duration: 0.5 }), answers({ requested_duration: 0.5, type: 'PRERECORD' }), dismissed)).toEqual({
      fields: ['type'],
      dismissed: false,
    });
    expect(afterDjAnswers(renamed, answers({ requested_duration: 0.5 }), answers({ requested_duration: 1 }), dismissed)).toBeNull();
  });

  it('staff resolving it: applied when the slot plays what the DJ asked, else dismissed for what still differs', () => {
    expect(afterStaffResolved({ ...renamed, requestedDuration: 0.5 }, answers({ requested_duration: 0.5 }), ['length'])).toBeNull();
    expect(afterStaffResolved(renamed, answers({ requested_duration: 0.5 }), ['length'])).toEqual({ fields: ['length'], dismissed: true });
    // The host's own name for the act is no dismissal of anything the DJ asked.
    expect(afterStaffResolved(renamed, answers({ requested_duration: 0.5 }), [])).toBeNull();
  });

  it('reads as the host sees it, field by field, and Apply takes only that', () => {
    const waiting = buildSignup('a', {
      name: 'Rex b2b Nova',
      djRefs: ['rex', 'nova'],
      requestedDuration: 1,
      updatePendingAt: '2030-06-01T10:00:00.000Z',
      updateFields: ['length'],
      formData: answers({ requested_duration: 0.5 }),
    });
    expect(pendingChanges(waiting)).toEqual([{ field: 'length', from: '1 h', to: '30 min' }]);
    expect(pendingChanges({ ...waiting, updatePendingAt: null })).toEqual([]);
    expect(applyPendingChange(waiting)).toMatchObject({ name: 'Rex b2b Nova', djRefs: ['rex', 'nova'], requestedDuration: 0.5, updatePendingAt: null, updateFields: [] });
    expect(slotChanges(renamed, answers({ requested_duration: 0.5 }), ['length'])).toEqual([{ field: 'length', from: '1 h', to: '30 min' }]);
  });

  it('a signup not in a saved lineup takes what the DJ changed and keeps what staff set', () => {
    expect(withDjChanges(renamed, answers(), answers({ requested_duration: 0.5 }))).toEqual({ ...renamed, requestedDuration: 0.5 });
    expect(withDjChanges(renamed, null, answers())).toEqual({ name: 'Rex', requestedDuration: 1, type: 'LIVE' });
  });
});

describe("a DJ's update waits as a whole (issue 34)", () => {
  const played = { name: 'Rex', requestedDuration: 1, type: 'LIVE' as const };
  const LATER = '2030-06-09T21:00:00.000Z'; // 22:00 in London (BST)

  it('the answers staff read beside the slot count, what the slot plays is left to the slot fields', () => {
    expect(answerDifferences(answers(), answers({ available_from: LATER, dj_notes: 'hi', requested_duration: 0.5, name: 'Rex Live' }))).toEqual(['available_from', 'dj_notes']);
    expect(answerDifferences(answers(), answers())).toEqual([]);
  });

  it('new availability waits, with the answers the lineup goes by kept; a length change waits beside it', () => {
    expect(afterDjUpdate(played, answers(), answers(), answers({ available_from: LATER }), null)).toEqual({ update: { fields: [], dismissed: false }, answersInUse: answers() });
    expect(afterDjUpdate(played, answers(), answers({ available_from: LATER }), answers({ available_from: LATER, requested_duration: 0.5 }), { fields: [], dismissed: false })).toEqual({
      update: { fields: ['length'], dismissed: false },
      answersInUse: answers(),
    });
  });

  it('going back to the answers the lineup goes by ends the wait; a signup staff added reads its first answers at once', () => {
    expect(afterDjUpdate(played, answers(), answers({ available_from: LATER }), answers(), { fields: [], dismissed: false })).toEqual({ update: null, answersInUse: null });
    expect(afterDjUpdate(played, null, null, answers({ available_from: LATER }), null)).toEqual({ update: null, answersInUse: null });
  });

  const waiting = buildSignup('a', {
    name: 'Rex',
    requestedDuration: 1,
    formData: answers(),
    updatedAnswers: answers({ requested_duration: 0.5, available_to: LATER }),
    updatePendingAt: '2030-06-01T10:00:00.000Z',
    updateFields: ['length'],
  });

  it('the note lists everything it changes, times in the viewer\'s zone with the series\' beside', () => {
    expect(pendingUpdate(waiting, { zone: 'America/New_York', seriesZone: 'Europe/London' })).toEqual([
      { label: 'Length', from: '1 h', to: '30 min' },
      { label: 'Available to', from: 'Any Time', to: '17:00 New York time (22:00 London time)' },
    ]);
    expect(hasPendingUpdate(waiting)).toBe(true);
    expect(hasPendingUpdate({ ...waiting, updatePendingAt: null })).toBe(false);
  });

  it('Apply takes every waiting answer; Dismiss keeps the slot and reads the answers', () => {
    expect(applyPendingChange(waiting)).toMatchObject({ requestedDuration: 0.5, formData: { available_to: LATER }, updatedAnswers: null, updatePendingAt: null });
    expect(dismissPendingChange(waiting)).toMatchObject({ requestedDuration: 1, formData: { available_to: LATER }, updatedAnswers: null, updatePendingAt: null });
  });
});
