import type { Signup } from '@shared/schemas/lineup';
import type { EventDetail } from '@shared/schemas/events';
import { buildEvent, buildSignup } from '@shared/testing/builders';
import { afterSave, afterStateChange, isDirty, reconcile, startDraft, toSaveBody } from './draftState';

const signup = (uuid: string, extra: Partial<Signup> = {}) => buildSignup(uuid, { name: `DJ ${uuid}`, ...extra });

const stored = (extra: Partial<EventDetail> = {}): EventDetail =>
  buildEvent({ startDatetime: '2030-01-06T20:00:00.000Z', host: 'Hosty', signups: [signup('a'), signup('b')], version: 3, ...extra });

test('a fresh draft is clean; an edit makes it dirty; slot times and form data are not edits', () => {
  const state = startDraft(stored());
  expect(isDirty(state)).toBe(false);
  expect(isDirty({ ...state, draft: { ...state.draft, name: 'Other' } })).toBe(true);
  const withFormData = state.draft.signups.map((s) => ({ ...s, formData: { dj_notes: 'x' } as never }));
  expect(isDirty({ ...state, draft: { ...state.draft, signups: withFormData } })).toBe(false);
});

test('a clean draft follows the stored event', () => {
  const next = reconcile(startDraft(stored()), stored({ name: 'Renamed', version: 4 }));
  expect(next).toMatchObject({ baseVersion: 4, draft: { name: 'Renamed' }, outsideChanges: 0 });
});

test('a dirty draft keeps its edits and base version, takes in arrived signups and counts the change', () => {
  const state = startDraft(stored());
  const edited = { ...state, draft: { ...state.draft, name: 'Mine', signups: [state.draft.signups[1]!] } };
  const fresh = stored({
    version: 4,
    signups: [signup('a'), signup('b', { name: 'B updated by the DJ', formData: { dj_notes: 'new' } as never }), signup('c')],
  });
  const next = reconcile(edited, fresh);
  expect(next.baseVersion).toBe(3);
  expect(next.outsideChanges).toBe(1);
  expect(next.draft.name).toBe('Mine');
  // b was untouched by staff, so the DJ's update is taken; c arrived; a stays removed.
  expect(next.draft.signups.map((s) => s.name)).toEqual(['B updated by the DJ', 'DJ c']);
  expect(toSaveBody(next)).toMatchObject({ baseVersion: 3, removedSignupUuids: ['a'] });
  expect(isDirty(next)).toBe(true);
});

test('a signup staff edited keeps their edit but gets the DJ form data', () => {
  const state = startDraft(stored());
  const edited = { ...state, draft: { ...state.draft, signups: [signup('a', { isDebut: true }), signup('b')] } };
  const next = reconcile(edited, stored({ signups: [signup('a', { formData: { dj_notes: 'n' } as never }), signup('b')] }));
  expect(next.draft.signups[0]).toMatchObject({ isDebut: true, formData: { dj_notes: 'n' } });
});

test('after a save the saved event is the base, unless the draft changed in flight', () => {
  const state = startDraft(stored());
  const sent = { ...state.draft, name: 'Saved' };
  const saving = { ...state, draft: sent };
  const saved = stored({ name: 'Saved', version: 4 });
  expect(isDirty(afterSave(saving, saved, sent))).toBe(false);

  const typedMore = { ...saving, draft: { ...sent, host: 'New host' } };
  const next = afterSave(typedMore, saved, sent);
  expect(next).toMatchObject({ baseVersion: 4, draft: { name: 'Saved', host: 'New host' } });
  expect(isDirty(next)).toBe(true);
});

test('cancelling or restoring keeps unsaved edits, on the new version, without counting an outside change', () => {
  const state = startDraft(stored());
  const edited = { ...state, draft: { ...state.draft, host: 'Unsaved host' } };
  const cancelled = afterStateChange(edited, stored({ cancelled: true, version: 4 }));
  expect(cancelled).toMatchObject({ baseVersion: 4, outsideChanges: 0, draft: { host: 'Unsaved host', cancelled: true } });
  expect(isDirty(cancelled)).toBe(true);
  expect(toSaveBody(cancelled)).toMatchObject({ baseVersion: 4, event: { host: 'Unsaved host' } });

  const clean = afterStateChange(state, stored({ cancelled: true, version: 4 }));
  expect(clean).toMatchObject({ baseVersion: 4, draft: { cancelled: true } });
  expect(isDirty(clean)).toBe(false);
});

test("a DJ update the draft applied or dismissed stays dealt with when another change arrives; a newer one shows again", () => {
  const waiting = { updatePendingAt: '2030-01-01T10:00:00.000Z', updateFields: [], formData: { dj_notes: '' } as never, updatedAnswers: { dj_notes: 'leaving early' } as never };
  const state = startDraft(stored({ signups: [signup('a', waiting), signup('b')] }));
  // Dismiss changes no staff field: the draft differs only in what waits.
  const dismissed = { ...state, draft: { ...state.draft, signups: [signup('a', { formData: { dj_notes: 'leaving early' } as never }), signup('b')] } };
  expect(isDirty(dismissed)).toBe(true);
  const elsewhere = reconcile(dismissed, stored({ version: 4, signups: [signup('a', waiting), signup('b', { isDebut: true })] }));
  expect(elsewhere.draft.signups[0]).toMatchObject({ updatePendingAt: null, updatedAnswers: null, formData: { dj_notes: 'leaving early' } });
  expect(toSaveBody(elsewhere).resolvedUpdates).toEqual([{ uuid: 'a', at: waiting.updatePendingAt }]);

  const newer = { ...waiting, updatePendingAt: '2030-01-01T11:00:00.000Z', updatedAnswers: { dj_notes: 'not coming' } as never };
  const again = reconcile(dismissed, stored({ version: 4, signups: [signup('a', newer), signup('b')] }));
  expect(again.draft.signups[0]).toMatchObject({ updatePendingAt: newer.updatePendingAt, updatedAnswers: { dj_notes: 'not coming' } });
});
