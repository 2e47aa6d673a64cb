// A DJ's update to a signup already in a saved lineup (decision 009): the slot keeps playing what
// staff saved, and what the DJ changed (name, length, type) waits for staff to apply or dismiss.
// Only what the DJ changed waits: a host's rename, partners or order are the host's decisions,
// and a DJ who sends their old name again is not asking to undo them.
import { SLOT_FIELDS, STAFF_DURATION_OPTIONS, type SlotField } from './domain.js';
import { formatHours } from './lineup.js';
import type { Signup, StaffSignup } from './schemas/lineup.js';
import type { SignupFormData } from './schemas/signup.js';

/** What a signup's slot plays: the signup's own name, length and type. */
export type Played = Pick<StaffSignup, 'name' | 'type'> & { requestedDuration: number };
/** The answers of the wizard that say what the slot plays. */
export type SlotAnswers = Pick<SignupFormData, 'name' | 'requested_duration' | 'type'>;

/** Where a DJ's update stands: waiting for staff, or dismissed by them (the fields it concerns). */
export interface DjUpdate {
  fields: SlotField[];
  dismissed: boolean;
}

const playedValue = (played: Played, field: SlotField): string | number =>
  field === 'name' ? played.name : field === 'length' ? played.requestedDuration : played.type;
const answeredValue = (answers: SlotAnswers, field: SlotField): string | number =>
  field === 'name' ? answers.name : field === 'length' ? answers.requested_duration : answers.type;

/** The fields in which the answers differ from what the slot plays. */
export function slotDifferences(played: Played, answers: SlotAnswers): SlotField[] {
  return SLOT_FIELDS.filter((field) => playedValue(played, field) !== answeredValue(answers, field));
}

/** The fields the DJ changed in their answers (all of them when these are their first). */
function changedByDj(before: SlotAnswers | null, after: SlotAnswers): SlotField[] {
  return before ? SLOT_FIELDS.filter((field) => answeredValue(before, field) !== answeredValue(after, field)) : [...SLOT_FIELDS];
}

/**
 * The update after the DJ sends new answers (`before`: their previous ones) for a signup in a
 * saved lineup, given where their earlier update stood. What they changed now and still differs
 * from the slot waits, with whatever of an earlier update still waits; with nothing new, an
 * earlier update (waiting or dismissed) keeps the fields that still differ. Null: nothing to tell.
 */
export function afterDjAnswers(played: Played, before: SlotAnswers | null, after: SlotAnswers, current: DjUpdate | null): DjUpdate | null {
  const differs = new Set(slotDifferences(played, after));
  const changed = changedByDj(before, after).filter((field) => differs.has(field));
  const waiting = current && !current.dismissed ? current.fields : [];
  if (changed.length > 0) return { fields: SLOT_FIELDS.filter((field) => changed.includes(field) || (waiting.includes(field) && differs.has(field))), dismissed: false };
  const kept = (current?.fields ?? []).filter((field) => differs.has(field));
  return current && kept.length > 0 ? { fields: kept, dismissed: current.dismissed } : null;
}

/**
 * After staff dealt with a waiting update (`played`: the signup as their save leaves it): applied
 * when the slot now plays what the DJ asked, else dismissed for the fields that still differ.
 */
export function afterStaffResolved(played: Played, answers: SlotAnswers | null, fields: readonly SlotField[]): DjUpdate | null {
  if (!answers) return null;
  const differs = new Set(slotDifferences(played, answers));
  const left = fields.filter((field) => differs.has(field));
  return left.length > 0 ? { fields: left, dismissed: true } : null;
}

/** A field of a DJ's update, as people read it: 'length: 1 h → 30 min'. */
export interface PendingChange {
  field: SlotField;
  from: string;
  to: string;
}

const shown = (field: SlotField, value: string | number) => (field === 'length' ? formatHours(Number(value)) : String(value));

/** What the slot plays against what the DJ answered, for these fields ('1 h → 30 min'). */
export function slotChanges(played: Played, answers: SlotAnswers, fields: readonly SlotField[]): PendingChange[] {
  return fields.map((field) => ({ field, from: shown(field, playedValue(played, field)), to: shown(field, answeredValue(answers, field)) }));
}

/** A signup's DJ update waiting for staff, field by field; empty when none waits. */
export function pendingChanges(signup: Signup): PendingChange[] {
  if (!signup.updatePendingAt || !signup.formData) return [];
  return slotChanges(signup, signup.formData, slotDifferences(signup, signup.formData).filter((field) => signup.updateFields.includes(field)));
}

const STAFF_DURATIONS: readonly number[] = STAFF_DURATION_OPTIONS.map((option) => option.value);

/** Staff apply a DJ's update: the slot takes what the DJ changed, and only that. */
export function applyPendingChange(signup: Signup): Signup {
  const answers = signup.formData;
  const applied: Signup = { ...signup, updatePendingAt: null, updateFields: [] };
  if (!answers) return applied;
  const fields = new Set(signup.updateFields);
  if (fields.has('name')) applied.name = answers.name;
  if (fields.has('length') && STAFF_DURATIONS.includes(answers.requested_duration)) {
    applied.requestedDuration = answers.requested_duration as StaffSignup['requestedDuration'];
  }
  if (fields.has('type')) applied.type = answers.type;
  return applied;
}

/**
 * A DJ's update to a signup not in a saved lineup yet: the signup takes what they changed, and
 * keeps what staff set for the rest (a rename in the Signups column stays).
 */
export function withDjChanges(played: Played, before: SlotAnswers | null, after: SlotAnswers): Played {
  const changed = new Set(changedByDj(before, after));
  return {
    name: changed.has('name') ? after.name : played.name,
    requestedDuration: changed.has('length') ? after.requested_duration : played.requestedDuration,
    type: changed.has('type') ? after.type : played.type,
  };
}
