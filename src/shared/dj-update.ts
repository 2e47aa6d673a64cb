// A DJ's update to a signup already in a saved lineup (decisions 009, 042): the slot keeps playing
// what staff saved and goes by the answers it had, and what the DJ changed (name, length, type,
// and the answers staff read beside the slot: availability, stream link, notes …) waits, as a
// whole, for staff to apply or dismiss. Only what the DJ changed waits: a host's rename, partners
// or order are the host's decisions, and a DJ who sends their old name again is not asking to
// undo them.
import { SIGNUP_TYPE_LABELS, type SignupType, SLOT_FIELDS, STAFF_DURATION_OPTIONS, type SlotField } from './domain.js';
import { formatHours } from './lineup.js';
import type { Signup, StaffSignup } from './schemas/lineup.js';
import type { ShowContext } from './schemas/answer-derivations.js';
import { shownAnswers, type SignupField, type SignupFormData, STAFF_READ_ANSWERS } from './schemas/signup-answers.js';

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

/** The answers staff read beside the slot in which the DJ's new answers differ from those the lineup goes by. */
export function answerDifferences(inUse: SignupFormData, after: SignupFormData): SignupField[] {
  return STAFF_READ_ANSWERS.filter((field) => inUse[field] !== after[field]);
}

/** A DJ's update as the intake stores it: where it stands, and the answers the lineup goes by while it waits. */
export interface DjUpdateAfterAnswers {
  update: DjUpdate | null;
  /** The answers the lineup keeps going by (null: it goes by the DJ's latest). */
  answersInUse: SignupFormData | null;
}

/**
 * The DJ sends new answers (`before`: their previous ones) for a signup in a saved lineup that
 * goes by `answersInUse` (their answers before an update that still waits, else `before`). It
 * waits as a whole when they changed what the slot plays (afterDjAnswers) or an answer staff read
 * beside it; the lineup keeps its answers until staff apply or dismiss it. A signup staff added
 * had no answers to keep: the DJ's first ones are read at once, only what the slot plays waits.
 */
export function afterDjUpdate(played: Played, answersInUse: SignupFormData | null, before: SignupFormData | null, after: SignupFormData, current: DjUpdate | null): DjUpdateAfterAnswers {
  const slot = afterDjAnswers(played, before, after, current);
  const answersWait = answersInUse !== null && answerDifferences(answersInUse, after).length > 0;
  if (answersWait) return { update: { fields: slot && !slot.dismissed ? slot.fields : [], dismissed: false }, answersInUse };
  return { update: slot, answersInUse: slot && !slot.dismissed ? answersInUse : null };
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

const shown = (field: SlotField, value: string | number) =>
  field === 'length' ? formatHours(Number(value)) : field === 'type' ? (SIGNUP_TYPE_LABELS[value as SignupType] ?? String(value)) : String(value);

/** What the slot plays against what the DJ answered, for these fields ('1 h → 30 min'). */
export function slotChanges(played: Played, answers: SlotAnswers, fields: readonly SlotField[]): PendingChange[] {
  return fields.map((field) => ({ field, from: shown(field, playedValue(played, field)), to: shown(field, answeredValue(answers, field)) }));
}

/** The DJ's latest answers of a signup: those waiting for staff, else those the lineup goes by. */
export const djAnswersOf = (signup: Pick<Signup, 'formData' | 'updatedAnswers'>): SignupFormData | null => signup.updatedAnswers ?? signup.formData;

/** A signup's DJ update waiting for staff, in what the slot plays; empty when none waits. */
export function pendingChanges(signup: Signup): PendingChange[] {
  const answers = djAnswersOf(signup);
  if (!signup.updatePendingAt || !answers) return [];
  return slotChanges(signup, answers, slotDifferences(signup, answers).filter((field) => signup.updateFields.includes(field)));
}

/** Whether a DJ's update waits for staff with anything to apply: what the slot plays, or an answer read beside it. */
export function hasPendingUpdate(signup: Signup): boolean {
  if (!signup.updatePendingAt) return false;
  const answersChanged = signup.formData !== null && signup.updatedAnswers !== null && answerDifferences(signup.formData, signup.updatedAnswers).length > 0;
  return answersChanged || pendingChanges(signup).length > 0;
}

/** A line of the note staff read about a DJ's update: 'Length: 1 h → 30 min'. */
export interface UpdateLine {
  label: string;
  from: string;
  to: string;
}

const SLOT_FIELD_LABELS: Record<SlotField, string> = { name: 'Name', length: 'Length', type: 'Type' };

/**
 * Everything a waiting DJ update changes, as the note staff read lists it: what the slot plays,
 * then each answer read beside it (times in `context`'s zones). Empty when nothing waits.
 */
export function pendingUpdate(signup: Signup, context: ShowContext): UpdateLine[] {
  const slot = pendingChanges(signup).map(({ field, from, to }) => ({ label: SLOT_FIELD_LABELS[field], from, to }));
  if (!signup.updatePendingAt || !signup.formData || !signup.updatedAnswers) return slot;
  const changed = new Set(answerDifferences(signup.formData, signup.updatedAnswers));
  const shown = (answers: SignupFormData) => new Map(shownAnswers(answers, context).map((line) => [line.field, line]));
  const [was, now] = [shown(signup.formData), shown(signup.updatedAnswers)];
  const answers = STAFF_READ_ANSWERS.filter((field) => changed.has(field) && now.has(field)).map((field) => ({
    label: now.get(field)!.label,
    from: was.get(field)?.value ?? '—',
    to: now.get(field)!.value,
  }));
  return [...slot, ...answers];
}

const STAFF_DURATIONS: readonly number[] = STAFF_DURATION_OPTIONS.map((option) => option.value);

/** Staff apply a DJ's update: the slot takes what the DJ changed (and only that), and goes by their new answers. */
export function applyPendingChange(signup: Signup): Signup {
  const answers = djAnswersOf(signup);
  const applied: Signup = { ...signup, formData: answers, updatePendingAt: null, updateFields: [], updatedAnswers: null };
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
 * Staff dismiss a DJ's update: the slot keeps what it plays (name, length, type). The DJ's new
 * answers are facts about them, not choices of the host's (availability, stream link, notes), so
 * the lineup reads them from now on, and warns where the slot no longer fits them.
 */
export function dismissPendingChange(signup: Signup): Signup {
  return { ...signup, formData: djAnswersOf(signup), updatePendingAt: null, updateFields: [], updatedAnswers: null };
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
