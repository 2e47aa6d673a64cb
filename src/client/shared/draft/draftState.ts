import type { EventDetail, LineupEvent, SaveEventBody } from '@shared/schemas/events';
import type { Signup } from '@shared/schemas/lineup';
import { editableParts, staffPart } from '@shared/stored-problems';

// The event page's draft (spec §4 "Draft editing"), as pure functions so the rules are testable:
// what counts as a change, what a save sends, and how a newer stored event is taken in.

export interface DraftState {
  /** The latest stored event this draft has taken in. */
  stored: EventDetail;
  /** The stored version the draft's edits started from: the save's optimistic-concurrency check. */
  baseVersion: number;
  draft: LineupEvent;
  /** Every stored signup uuid the draft has seen: those missing from the draft were removed by staff. */
  known: string[];
  /** Counts stored changes that arrived while the draft had edits (each one is toasted once). */
  outsideChanges: number;
}

export function startDraft(stored: EventDetail, outsideChanges = 0): DraftState {
  const { djs: _djs, otherEventsByDj: _others, ...event } = stored;
  return { stored, baseVersion: stored.version, draft: event, known: stored.signups.map((s) => s.uuid), outsideChanges };
}

/**
 * What a save would write (field by field, as the save's schema lists them, so JSON text
 * comparison is a deep one), and which DJ updates are still waiting.
 */
const editable = (event: LineupEvent): string => {
  const { event: fields, signups, slots } = editableParts(event);
  return JSON.stringify([fields, signups, slots, event.signups.map((signup) => signup.updatePendingAt)]);
};

export const isDirty = (state: DraftState): boolean => editable(state.draft) !== editable(state.stored);

/** The same staff edits: the staff's fields, and whether a DJ update still waits (Apply and Dismiss are edits too). */
const sameSignup = (a: Signup, b: Signup) => JSON.stringify(staffPart(a)) === JSON.stringify(staffPart(b)) && a.updatePendingAt === b.updatePendingAt;

/**
 * Takes in a newer stored event. A clean draft simply follows it. A draft with edits keeps them,
 * and its base version (so a save over another host's newer save is refused), but takes in what
 * DJs did meanwhile: new signups are appended, signups staff have not touched are refreshed, and
 * the DJ's form data always comes from the store.
 */
export function reconcile(state: DraftState, fresh: EventDetail): DraftState {
  if (!isDirty(state)) return startDraft(fresh, state.outsideChanges);

  const previous = new Map(state.stored.signups.map((s) => [s.uuid, s]));
  const latest = new Map(fresh.signups.map((s) => [s.uuid, s]));
  const known = new Set(state.known);
  const signups = state.draft.signups.map((signup) => {
    const stored = latest.get(signup.uuid);
    if (!stored) return signup;
    const before = previous.get(signup.uuid);
    const untouched = before !== undefined && sameSignup(before, signup);
    if (untouched) return stored;
    // The DJ's side always comes from the store; a newer DJ update shows again even if the draft
    // had dealt with an older one. One the draft applied or dismissed stays dealt with, with the
    // answers that left the lineup going by.
    const newerUpdate = stored.updatePendingAt !== before?.updatePendingAt;
    const dealtWith = !newerUpdate && signup.updatePendingAt === null && stored.updatePendingAt !== null;
    return {
      ...signup,
      ...(dealtWith ? {} : { formData: stored.formData, updatedAnswers: stored.updatedAnswers, updateFields: stored.updateFields }),
      confirmations: stored.confirmations,
      updatePendingAt: newerUpdate ? stored.updatePendingAt : signup.updatePendingAt,
    };
  });
  const arrived = fresh.signups.filter((s) => !known.has(s.uuid));

  const changedElsewhere = editable(state.stored) !== editable(fresh);
  return {
    stored: fresh,
    baseVersion: state.baseVersion,
    draft: { ...state.draft, published: fresh.published, cancelled: fresh.cancelled, signups: [...signups, ...arrived] },
    known: [...known, ...arrived.map((s) => s.uuid)],
    outsideChanges: state.outsideChanges + (changedElsewhere ? 1 : 0),
  };
}

/** Stored signups the draft has dropped. */
export function removedSignupUuids(state: DraftState): string[] {
  const inDraft = new Set(state.draft.signups.map((s) => s.uuid));
  return state.known.filter((uuid) => !inDraft.has(uuid));
}

/** DJ updates the draft applied or dismissed, each with the time of the update it dealt with. */
export function resolvedUpdates(state: DraftState): SaveEventBody['resolvedUpdates'] {
  const stored = new Map(state.stored.signups.map((signup) => [signup.uuid, signup.updatePendingAt]));
  return state.draft.signups.flatMap((signup) => {
    const at = stored.get(signup.uuid);
    return at && signup.updatePendingAt === null ? [{ uuid: signup.uuid, at }] : [];
  });
}

export function toSaveBody(state: DraftState): SaveEventBody {
  return {
    baseVersion: state.baseVersion,
    ...editableParts(state.draft),
    removedSignupUuids: removedSignupUuids(state),
    resolvedUpdates: resolvedUpdates(state),
  };
}

/**
 * After a successful save: the saved event becomes the base. Edits made while the save was in
 * flight (the draft is no longer the one sent) are kept on top of it.
 */
export function afterSave(state: DraftState, saved: EventDetail, sent: LineupEvent): DraftState {
  if (state.draft === sent) return startDraft(saved, state.outsideChanges);
  return {
    ...state,
    stored: saved,
    baseVersion: saved.version,
    known: [...new Set([...state.known, ...saved.signups.map((s) => s.uuid)])],
  };
}

/**
 * After this window cancelled or restored the event: the server accepted it against the draft's
 * base version, so nothing else was saved in between. Edits are kept, on the new version, and
 * can still be saved.
 */
export function afterStateChange(state: DraftState, changed: EventDetail): DraftState {
  return { ...reconcile(state, changed), baseVersion: changed.version, outsideChanges: state.outsideChanges };
}
