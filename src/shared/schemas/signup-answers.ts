import { z } from 'zod';
import { DEFAULT_SLOT_HOURS, SIGNUP_TYPE_LABELS, SIGNUP_TYPES, WIZARD_DURATION_OPTIONS, WIZARD_SIGNUP_TYPES } from '../domain.js';
import { answer, type ShowContext, signupAnswerSchemas } from './answer-derivations.js';
import { onOneLine, tooLong } from './fields.js';
import { normaliseStreamLink, streamLinkProblem } from '../streams.js';
import { ANY_TIME, formatAvailability, staffTime } from '../time.js';

// The DJ's signup answers (spec §3 "Signup form data"), each defined once (SIGNUP_ANSWERS), and
// what the app derives from them (answer-derivations.ts): the wizard (spec §4, §5) asks them step
// by step, the intake (signup-intake.ts, spec §7) checks them all with the same rules, stored
// signups read back with defaults, and summaries and the history name them.

export const SIGNUP_LIMITS = { eventId: 100, name: 100, b2bMembers: 500, streamLink: 500, notes: 2000 } as const;

const CHOOSE_TIME = 'Please choose a time.';
const availability = z.union([z.literal(ANY_TIME, { error: CHOOSE_TIME }), z.iso.datetime({ error: CHOOSE_TIME })], {
  error: CHOOSE_TIME,
});

const asIs = (value: string) => value;
const showTime = (value: string, { zone, seriesZone = zone }: ShowContext) =>
  value === ANY_TIME ? formatAvailability(value, zone) : staffTime(value, { viewer: zone, series: seriesZone }, 'time') || value;
/** One end of the DJ's availability: an offered time (stored as an ISO instant) or 'any'. */
const availabilityAnswer = (label: string) =>
  answer({ label, step: 1, control: { kind: 'time' }, rule: availability, stored: z.string(), storedDefault: ANY_TIME, show: showTime, staffEdits: false });
const TYPE_OPTIONS = WIZARD_SIGNUP_TYPES.map((type) => ({ value: type, label: SIGNUP_TYPE_LABELS[type] }));

/**
 * The DJ's answers, in the order summaries show them (spec §2). To add an answer, add it here
 * (decision 006, "How to add an answer"): the intake, the stored answers, the wizard's steps,
 * both summaries and the history follow.
 */
export const SIGNUP_ANSWERS = {
  event_id: answer({
    label: 'Event',
    step: null,
    rule: z.string({ error: 'No event ID provided.' }).trim().min(1, 'No event ID provided.').max(SIGNUP_LIMITS.eventId, 'Event or DJ data not found.'),
    stored: z.string(),
    storedDefault: '',
    show: null,
    staffEdits: false,
  }),
  name: answer({
    label: 'Name',
    step: 0,
    control: { kind: 'text', maxLength: SIGNUP_LIMITS.name, help: 'The name to show in the lineup.' },
    rule: onOneLine(
      z.string({ error: 'Please enter your DJ name.' }).trim().min(1, 'Please enter your DJ name.').max(SIGNUP_LIMITS.name, tooLong('Name', SIGNUP_LIMITS.name)),
      'Name',
    ),
    stored: z.string(),
    storedDefault: '',
    show: asIs,
    staffEdits: true,
  }),
  is_b2b: answer({
    label: 'Back to back?',
    question: 'Is this a back to back (B2B) set?',
    step: 0,
    control: { kind: 'yesNo' },
    rule: z.boolean({ error: 'Please say whether this is a back to back set.' }),
    stored: z.boolean(),
    storedDefault: false,
    show: (value) => (value ? 'Yes' : 'No'),
    staffEdits: false,
  }),
  b2b_members_response: answer({
    label: 'Other B2B members',
    step: 0,
    control: { kind: 'text', maxLength: SIGNUP_LIMITS.b2bMembers, help: 'The DJ names of everyone playing with you, on one line.' },
    askedWhen: (answers) => answers.is_b2b === true,
    rule: onOneLine(
      z.string({ error: 'Other B2B members must be text.' }).trim().max(SIGNUP_LIMITS.b2bMembers, tooLong('Other B2B members', SIGNUP_LIMITS.b2bMembers)),
      'Other B2B members',
    ),
    stored: z.string(),
    storedDefault: '',
    show: asIs,
    staffEdits: false,
  }),
  type: answer({
    label: 'Live / prerecord',
    question: 'Live or prerecorded?',
    step: 0,
    control: { kind: 'choice', options: TYPE_OPTIONS },
    rule: z.enum(WIZARD_SIGNUP_TYPES, { error: 'Please choose live or prerecorded.' }),
    stored: z.enum(SIGNUP_TYPES),
    storedDefault: 'LIVE',
    show: (value) => SIGNUP_TYPE_LABELS[value],
    staffEdits: true,
  }),
  stream_link: answer({
    label: 'Stream link',
    step: 2,
    control: { kind: 'streamLink', maxLength: SIGNUP_LIMITS.streamLink },
    // In its one form (shared/streams.ts): a VRCDN link in any form becomes its playback address,
    // a bare Twitch username the channel's link; the cross-field rule below checks what is left.
    rule: z
      .string({ error: 'The stream link must be text.' })
      .trim()
      .max(SIGNUP_LIMITS.streamLink, tooLong('The stream link', SIGNUP_LIMITS.streamLink))
      .transform(normaliseStreamLink),
    stored: z.string(),
    storedDefault: '',
    show: asIs,
    staffEdits: false,
  }),
  requested_duration: answer({
    label: 'Duration',
    question: 'How long would you like to play?',
    step: 0,
    control: { kind: 'choice', options: WIZARD_DURATION_OPTIONS },
    rule: z.literal(
      WIZARD_DURATION_OPTIONS.map((option) => option.value),
      { error: 'Please choose a duration.' },
    ),
    /** Hours. */
    stored: z.number(),
    storedDefault: DEFAULT_SLOT_HOURS,
    show: (hours) => WIZARD_DURATION_OPTIONS.find((option) => option.value === hours)?.label ?? `${hours} hours`,
    staffEdits: true,
  }),
  available_from: availabilityAnswer('Available from'),
  available_to: availabilityAnswer('Available to'),
  confirm_expectations: answer({
    label: 'Expectations',
    question: 'I have read and agree to these expectations.',
    step: 3,
    control: { kind: 'agree' },
    rule: z.literal(true, { error: 'Please confirm the expectations to continue.' }),
    stored: z.boolean(),
    storedDefault: false,
    show: null,
    staffEdits: false,
  }),
  dj_notes: answer({
    label: 'Notes',
    question: 'Notes for the hosts (optional)',
    step: 3,
    control: { kind: 'notes', maxLength: SIGNUP_LIMITS.notes },
    rule: z.string({ error: 'Notes must be text.' }).trim().max(SIGNUP_LIMITS.notes, tooLong('Notes', SIGNUP_LIMITS.notes)),
    stored: z.string(),
    storedDefault: '',
    show: asIs,
    staffEdits: false,
  }),
};

const derived = signupAnswerSchemas(SIGNUP_ANSWERS);
export type SignupField = keyof typeof SIGNUP_ANSWERS;
export const SIGNUP_FIELDS = derived.fields;
/** Each answer's rule, as the intake (signup-intake.ts) checks it. */
export const SIGNUP_ANSWER_RULES = derived.rules;
export const isAsked = derived.asked;

/**
 * What a DJ submitted, as stored (spec §3 "Signup form data") and read back: its shape only, each
 * answer with its default. Each submission was checked by the intake's rules of its day, and a
 * rule made stricter later must not hide what a DJ already told us.
 */
export const signupFormDataSchema = derived.stored;
export type SignupFormData = z.output<typeof signupFormDataSchema>;
export const readStoredAnswers = derived.read;
/** What each answer reads as when a stored signup lacks it. */
export const SIGNUP_ANSWER_DEFAULTS: SignupFormData = derived.read({}).answers;

/**
 * What the wizard would refuse of a DJ's stored answers (given before a rule was made stricter,
 * or imported), by answer: each shown answer's own rule, and the stream link's (whether one is
 * required is the intake's cross-field rule, not asked here). Pages show the answers as stored
 * and say why one needs updating (docs/decisions/033-stored-data-reads-as-stored.md).
 */
export function answerStoredProblems(answers: SignupFormData): Partial<Record<SignupField, string>> {
  const problems: Partial<Record<SignupField, string>> = {};
  for (const field of SIGNUP_FIELDS) {
    if (!SIGNUP_ANSWERS[field].show) continue;
    const parsed = SIGNUP_ANSWER_RULES[field].safeParse(answers[field]);
    const problem = parsed.success ? (field === 'stream_link' ? streamLinkProblem(String(parsed.data), 'The stream link') : null) : parsed.error.issues[0]!.message;
    if (problem) problems[field] = problem;
  }
  return problems;
}
export const shownAnswers = derived.shown;
export const STAFF_READ_ANSWERS = derived.staffRead;
export const ANSWER_LABELS = derived.labels;
export const WIZARD_STEP_FIELDS = derived.stepFields;
