import { z } from 'zod';
import {
  CONFIRMATIONS,
  DEFAULT_SLOT_HOURS,
  SIGNUP_TYPE_LABELS,
  SIGNUP_TYPES,
  SLOT_FIELDS,
  WIZARD_DURATION_OPTIONS,
  WIZARD_SIGNUP_TYPES,
  WIZARD_STEPS,
} from '../domain.js';
import { onOneLine, pickFields, tooLong } from './fields.js';
import { normaliseStreamLink, streamLinkProblem } from '../streams.js';
import { ANY_TIME, availabilityOptions, formatAvailability, staffTime } from '../time.js';

// The DJ's signup answers (spec §3 "Signup form data"), each defined once (SIGNUP_ANSWERS): the
// wizard (spec §4, §5) asks them step by step, the intake (spec §7, POST /api/signup) checks them
// all with the same rules, stored signups read back with defaults, and summaries and the history
// name them. Which times are on offer depends on the event's start, so that check is a separate
// function both sides call with the event.

export const SIGNUP_LIMITS = { eventId: 100, name: 100, b2bMembers: 500, streamLink: 500, notes: 2000 } as const;

const CHOOSE_TIME = 'Please choose a time.';
const availability = z.union([z.literal(ANY_TIME, { error: CHOOSE_TIME }), z.iso.datetime({ error: CHOOSE_TIME })], {
  error: CHOOSE_TIME,
});

/** How the wizard asks for an answer (the client's form fields draw each kind). */
export type AnswerControl =
  | { kind: 'text'; maxLength: number; help?: string }
  | { kind: 'yesNo' }
  | { kind: 'choice'; options: readonly { value: string | number; label: string }[] }
  | { kind: 'time' }
  | { kind: 'streamLink'; maxLength: number }
  | { kind: 'agree' }
  | { kind: 'notes'; maxLength: number };

/** What summaries need to show an answer: the reader's zone, and on staff pages the series' (shown beside it where it differs). */
export interface ShowContext {
  zone: string;
  seriesZone?: string;
}

/**
 * One answer of the DJ's signup, defined once: how the wizard asks it, what the intake accepts,
 * what a stored signup holds and reads as when it predates the answer, and how people see it.
 */
interface AnswerDefinition<Stored extends z.ZodType, Rule extends z.ZodType<z.output<Stored>, unknown>> {
  /** Its name in the DJ's summary, staff's signup details and the event history (spec §2's words). */
  label: string;
  /** The wizard's question; the label when the same. */
  question?: string;
  /** The wizard step that asks it (spec §4), or null for what the wizard fills itself. */
  step: 0 | 1 | 2 | 3 | null;
  control?: AnswerControl;
  /** Asked only when the answers so far say so (the other B2B members, for a B2B set). */
  askedWhen?: (answers: Partial<Record<string, unknown>>) => boolean;
  /** What the intake accepts (POST /api/signup and each wizard step). */
  rule: Rule;
  /** A stored answer's shape. */
  stored: Stored;
  /** What a signup stored before this answer existed reads as (so an old row always reads). */
  storedDefault: z.output<Stored>;
  /** How summaries and the history show it; null: never shown (the event id, the agreement). */
  show: ((value: z.output<Stored>, context: ShowContext) => string) | null;
  /** Staff set it on the lineup themselves (the signup's name, type and length): their signup details leave the DJ's answer out. */
  staffEdits: boolean;
}

const answer = <Stored extends z.ZodType, Rule extends z.ZodType<z.output<Stored>, unknown>>(definition: AnswerDefinition<Stored, Rule>) =>
  definition;

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

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any answer's schemas
type AnyAnswer = AnswerDefinition<any, any>;

/** An answer's summary line: its label and its value as people read it. */
export interface ShownAnswer<F extends string = string> {
  field: F;
  label: string;
  value: string;
}

/**
 * Everything the app derives from the answers' definitions: the intake's rule per answer, the
 * stored answers' schema (each with its default), the wizard's steps, reading a stored row,
 * summary lines and the history's labels. Pure, so a test can add an answer in one place and see
 * each of these take it in (signup.test.ts).
 */
export function signupAnswerSchemas<D extends Record<string, AnyAnswer>>(answers: D) {
  type Field = keyof D & string;
  const fields = Object.keys(answers) as Field[];
  const each = <T>(make: (definition: AnyAnswer, field: Field) => T) => Object.fromEntries(fields.map((field) => [field, make(answers[field]!, field)]));
  const rules = each((definition) => definition.rule) as { [K in Field]: D[K]['rule'] };
  const stored = z.object(each((definition) => definition.stored.default(definition.storedDefault)) as { [K in Field]: z.ZodDefault<D[K]['stored']> });
  type Stored = z.output<typeof stored>;
  const asked = (field: Field, values: Partial<Record<string, unknown>>) => answers[field]!.askedWhen?.(values) ?? true;
  return {
    fields,
    rules,
    stored,
    /** Which answers each wizard step asks for (steps 1–4 of spec §4). */
    stepFields: Array.from({ length: WIZARD_STEPS }, (_, step) => fields.filter((field) => answers[field]!.step === step)) as readonly (readonly Field[])[],
    /**
     * A stored signup's answers, whatever the row holds: each answer that reads as its shape,
     * the default for one that is missing, and the default too for one that does not read,
     * named in `unreadable` (to log) rather than hiding every other answer.
     */
    read(value: unknown): { answers: Stored; unreadable: Field[] } {
      const record = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
      const unreadable: Field[] = [];
      const read = each((definition, field) => {
        const parsed = stored.shape[field].safeParse(record?.[field]);
        if (!parsed.success || record === null) unreadable.push(field);
        return parsed.success ? parsed.data : definition.storedDefault;
      }) as Stored;
      return { answers: read, unreadable };
    },
    /** Whether the wizard asks this answer, given the answers so far (the other B2B members only for a B2B set). */
    asked,
    /**
     * The answers summaries show, in order, '—' for one not asked or left empty. Staff's (`forStaff`)
     * leave out what they set themselves on the signup (its name, type and length) and what the DJ
     * was not asked or left empty, so a lineup card stays short.
     */
    shown(values: Stored, context: ShowContext, { forStaff = false } = {}): ShownAnswer<Field>[] {
      return fields.flatMap((field) => {
        const definition = answers[field]!;
        if (!definition.show || (forStaff && definition.staffEdits)) return [];
        const value = asked(field, values) ? definition.show((values as Record<string, unknown>)[field], context) : '';
        if (forStaff && value === '') return [];
        return [{ field, label: definition.label, value: value || '—' }];
      });
    },
    /** The answers staff read beside a slot: those people see that staff do not set on the signup themselves. */
    staffRead: fields.filter((field) => answers[field]!.show && !answers[field]!.staffEdits),
    /** The labels of the answers people see, for the history's lines ("changed Duration, Notes"). */
    labels: Object.fromEntries(fields.filter((field) => answers[field]!.show).map((field) => [field, answers[field]!.label])) as Partial<Record<Field, string>>,
  };
}

const derived = signupAnswerSchemas(SIGNUP_ANSWERS);
export type SignupField = keyof typeof SIGNUP_ANSWERS;
export const SIGNUP_FIELDS = derived.fields;
const fields = derived.rules;
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
    const parsed = fields[field].safeParse(answers[field]);
    const problem = parsed.success ? (field === 'stream_link' ? streamLinkProblem(String(parsed.data), 'The stream link') : null) : parsed.error.issues[0]!.message;
    if (problem) problems[field] = problem;
  }
  return problems;
}
export const shownAnswers = derived.shown;
export const STAFF_READ_ANSWERS = derived.staffRead;
export const ANSWER_LABELS = derived.labels;
export const WIZARD_STEP_FIELDS = derived.stepFields;

interface Issue {
  path: [SignupField];
  message: string;
}

// Cross-field rules. They see only the fields that parsed, so they work for one wizard step
// as well as for the whole intake body.
type Rule = (data: Partial<SignupIntake>) => Issue | null;

const b2bMembersRule: Rule = (data) =>
  data.is_b2b === true && data.b2b_members_response === ''
    ? { path: ['b2b_members_response'], message: 'Please list the other B2B members.' }
    : null;

const streamLinkRule: Rule = (data) => {
  if (data.stream_link === undefined) return null;
  if (data.stream_link === '') {
    return data.type === 'LIVE' ? { path: ['stream_link'], message: 'A stream link is required for a live set.' } : null;
  }
  const message = streamLinkProblem(data.stream_link, 'The stream link');
  return message ? { path: ['stream_link'], message } : null;
};

const availabilityOrderRule: Rule = ({ available_from: from, available_to: to }) =>
  from && to && from !== ANY_TIME && to !== ANY_TIME && Date.parse(to) < Date.parse(from)
    ? { path: ['available_to'], message: '"Available to" cannot be before "Available from".' }
    : null;

const RULES = [b2bMembersRule, streamLinkRule, availabilityOrderRule];

/** The body of POST /api/signup: exactly the spec §7 intake fields. */
export const signupIntakeSchema = z.strictObject(fields).superRefine((data, ctx) => {
  for (const rule of RULES) {
    const issue = rule(data);
    if (issue) ctx.addIssue({ code: 'custom', ...issue });
  }
});

export type SignupIntake = z.output<typeof signupIntakeSchema>;

/**
 * One wizard step's slice of the intake: its fields with their rules, the cross-field rules that
 * concern them (with the values of earlier steps as context: a live set needs a stream link),
 * and, on the availability step, the times this event actually offers.
 */
export function wizardStepSchema(step: number, eventStart: string) {
  const stepFields: readonly SignupField[] = WIZARD_STEP_FIELDS[step] ?? [];
  return z.looseObject(pickFields(stepFields, fields)).superRefine(
    (data, ctx) => {
      // The rules see every field that is valid so far, this step's and the others'.
      const valid: Partial<Record<SignupField, unknown>> = {};
      for (const field of Object.keys(fields) as SignupField[]) {
        const result = fields[field].safeParse((data as Record<string, unknown>)[field]);
        if (result.success) valid[field] = result.data;
      }
      const values = valid as Partial<SignupIntake>;
      const issues = RULES.map((rule) => rule(values));
      if (stepFields.includes('available_from') && values.available_from && values.available_to) {
        issues.push(...availabilityIssues({ available_from: values.available_from, available_to: values.available_to }, eventStart));
      }
      const reported = new Set<SignupField>();
      for (const issue of issues) {
        if (!issue || !stepFields.includes(issue.path[0]) || reported.has(issue.path[0])) continue;
        reported.add(issue.path[0]);
        ctx.addIssue({ code: 'custom', ...issue });
      }
    },
    // Also while a field of the step is still wrong: all of the step's problems show at once.
    { when: () => true },
  );
}

/** Problems with the availability choices for this event: each must be 'any' or an offered time. */
export function availabilityIssues(
  data: Pick<SignupIntake, 'available_from' | 'available_to'>,
  eventStart: string,
): Issue[] {
  const offered = offeredTimes(eventStart);
  const issues: Issue[] = [];
  for (const field of ['available_from', 'available_to'] as const) {
    if (!offered.has(comparable(data[field]))) {
      issues.push({ path: [field], message: 'Please choose one of the offered times.' });
    }
  }
  return issues;
}

/**
 * The comparable offered times, remembered for the last event asked about: a burst of signups is
 * for one event, and listing the options (with their labels) is the costliest part of the check.
 */
let lastOffered: { eventStart: string; times: ReadonlySet<string> } | undefined;
function offeredTimes(eventStart: string): ReadonlySet<string> {
  if (lastOffered?.eventStart !== eventStart) {
    const times = new Set(availabilityOptions(eventStart, 'utc').map((option) => comparable(option.value)));
    lastOffered = { eventStart, times };
  }
  return lastOffered.times;
}

/** The stored form of an availability choice: 'any' or the canonical ISO instant. */
export const canonicalAvailability = (value: string) =>
  value === ANY_TIME ? ANY_TIME : new Date(Date.parse(value)).toISOString();

const comparable = (value: string) => (value === ANY_TIME ? ANY_TIME : String(Date.parse(value)));

/** GET /api/signup?event_id=… */
export const signupAreaQuerySchema = z.object({ event_id: z.string().trim().max(200).optional() });

/**
 * The signup area (spec §2): the event's public basics, the caller's DJ record and their own
 * answers; never anything of another DJ.
 */
export const signupAreaSchema = z.object({
  event: z.object({
    id: z.string(),
    name: z.string(),
    startDatetime: z.string(),
    /** False while staff closed the signups, and always for a cancelled event. */
    signupsAreOpen: z.boolean(),
    /** Cancelled by staff: the area shows the closed state and says why. */
    cancelled: z.boolean(),
    /** The event has all the signups it can take (Maximum signups) and none names the caller: no new signup is accepted. */
    full: z.boolean(),
    host: z.string(),
  }),
  dj: z.object({ id: z.string(), djName: z.string(), publicName: z.string() }),
  /** The caller's own answers (null when they gave none, also when another DJ gave this signup's). */
  signup: signupFormDataSchema.nullable(),
  /** The signup naming the caller (theirs, or one staff added them to), as everyone on it sees it. */
  named: z
    .object({
      signupName: z.string(),
      /** Its slot, once it is in the lineup. */
      slot: z.object({ startTime: z.string(), endTime: z.string() }).nullable(),
      /** Another DJ gave the answers: the caller may not change them. */
      answersByOther: z.boolean(),
      /** The caller's answer to the slot proposed to them. */
      confirmation: z.enum(CONFIRMATIONS),
      /** Their answers changed what the slot plays; the hosts have not applied it yet. */
      updatePending: z.boolean(),
      /** The hosts dismissed their update: each field the slot keeps ('from') against their answer ('to'). */
      dismissedChanges: z.array(z.object({ field: z.enum(SLOT_FIELDS), from: z.string(), to: z.string() })),
      /** Staff keep it beside the lineup, to swap into a slot whose DJ drops out (issue 35). */
      standby: z.boolean(),
      /** When its stream was tested (the DJ's "Stream tested", or staff); null: not yet. */
      streamTestedAt: z.string().nullable(),
    })
    .nullable(),
  /** When signups close by themselves (null: when the hosts close them). */
  closesAt: z.string().nullable(),
  /** The series' zone, in which the hosts plan (slot times are also shown there). */
  seriesZone: z.string(),
  contactHostName: z.string(),
  /** The caller's own earlier stream links (their signups', then their profile's), newest first: the wizard's one-tap choices. */
  previousStreamLinks: z.array(z.string()),
});
export type SignupArea = z.infer<typeof signupAreaSchema>;

/** POST /api/signup/confirmation: the DJ's answer to the slot proposed to them. */
export const confirmationBodySchema = z.object({
  event_id: fields.event_id,
  confirmation: z.enum(['confirmed', 'declined'], { error: 'Please confirm the slot or say you cannot make it.' }),
});

export type ConfirmationBody = z.infer<typeof confirmationBodySchema>;

/** POST /api/signup/withdrawal: the DJ withdraws the signup they gave (issue 34). */
export const withdrawalBodySchema = z.object({ event_id: fields.event_id });
export type WithdrawalBody = z.infer<typeof withdrawalBodySchema>;

/** POST /api/signup/stream-check: the DJ says their own stream is tested ("Stream tested", issue 35). */
export const djStreamCheckSchema = z.strictObject({ event_id: fields.event_id });
export type DjStreamCheckBody = z.infer<typeof djStreamCheckSchema>;

/** The answer to a submission: the answers as stored. */
export const submittedSignupSchema = z.object({ signup: signupFormDataSchema });
