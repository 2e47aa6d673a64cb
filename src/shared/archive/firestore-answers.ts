import type { signupAnswerSchemas } from '../schemas/answer-derivations.js';
import { SIGNUP_ANSWERS, type SignupField } from '../schemas/signup-answers.js';
import { ANY_TIME } from '../time.js';
import { bool, firestoreInstant, hours, text } from './firestore-values.js';

// The DJ's answers in an original tool's signup (its `event_signup_form_data` map), read for each
// of Lineup's answers (SIGNUP_ANSWERS): the original's answers are Lineup's (spec §3), under the
// same names, so each is read by the shape it is stored in. The few the original wrote otherwise,
// or that the signup itself fills in, are listed once (READ_OTHERWISE). An answer the original
// never had reads as its default.

/** An availability given on the signup itself, beside its answers. */
export interface Availability {
  from: string;
  to: string;
}

/** What the signup itself gives for answers its map may leave out. */
interface GivenOnSignup {
  eventId: string;
  streamLink: string;
  availability: Availability | null;
}

type Read = (value: unknown, given: GivenOnSignup) => unknown;
type Answers = Parameters<typeof signupAnswerSchemas>[0];

/** An availability time: 'any', an instant, or, left empty, the signup's own. */
const time =
  (end: keyof Availability): Read =>
  (value, { availability }) =>
    value === undefined || value === '' ? (availability?.[end] ?? ANY_TIME) : value === ANY_TIME ? ANY_TIME : (firestoreInstant(value) ?? ANY_TIME);

/** The answers not read by their stored shape alone. */
const READ_OTHERWISE: Partial<Record<SignupField, Read>> = {
  event_id: (_value, { eventId }) => eventId,
  requested_duration: (value) => hours(value, SIGNUP_ANSWERS.requested_duration.storedDefault),
  stream_link: (value, { streamLink }) => text(value) || streamLink,
  available_from: time('from'),
  available_to: time('to'),
};

/** An answer by the shape of its default: a flag, a text (or a choice, empty when unchosen), else as stored. */
function byShape(storedDefault: unknown): Read {
  const present = (read: (value: unknown) => unknown) => (value: unknown) => (value === undefined ? storedDefault : read(value));
  if (typeof storedDefault === 'boolean') return present(bool);
  if (typeof storedDefault === 'string') return present((value) => text(value) || storedDefault);
  return present((value) => value);
}

/** Reads the map of answers for each of `answers` (Lineup's; a test adds one). */
export function firestoreAnswersReader(answers: Answers) {
  const readers = Object.entries(answers).map(([field, definition]) => [field, READ_OTHERWISE[field as SignupField] ?? byShape(definition.storedDefault)] as const);
  return (map: Record<string, unknown>, given: GivenOnSignup): Record<string, unknown> =>
    Object.fromEntries(readers.map(([field, read]) => [field, read(map[field], given)]));
}

export const readFirestoreAnswers = firestoreAnswersReader(SIGNUP_ANSWERS);
