import { z } from 'zod';
import { CONFIRMATIONS, SIGNUP_TYPES, SLOT_FIELDS, WIZARD_DURATION_OPTIONS, WIZARD_SIGNUP_TYPES } from '../domain.js';
import { linkProblem, onOneLine, pickFields, STREAM_LINK_PROTOCOLS, tooLong } from './fields.js';
import { normaliseStreamLink } from '../streams.js';
import { ANY_TIME, availabilityOptions } from '../time.js';

// The DJ signup wizard (spec §4, §5) and the intake call (spec §7): one set of field rules used
// per step by the wizard and as a whole by POST /api/signup. Which times are on offer depends on
// the event's start, so that check is a separate function both sides call with the event.

export const SIGNUP_LIMITS = { eventId: 100, name: 100, b2bMembers: 500, streamLink: 500, notes: 2000 } as const;

/**
 * What a DJ submitted, as stored (spec §3 "Signup form data") and read back: its shape only.
 * Each submission was checked by the intake's rules of its day, and a rule made stricter later
 * must not hide what a DJ already told us.
 */
export const signupFormDataSchema = z.object({
  event_id: z.string(),
  name: z.string(),
  is_b2b: z.boolean(),
  b2b_members_response: z.string(),
  /** Hours. */
  requested_duration: z.number(),
  type: z.enum(SIGNUP_TYPES),
  stream_link: z.string(),
  /** An ISO instant or 'any'. */
  available_from: z.string(),
  available_to: z.string(),
  confirm_expectations: z.boolean(),
  dj_notes: z.string(),
});
export type SignupFormData = z.output<typeof signupFormDataSchema>;

const CHOOSE_TIME = 'Please choose a time.';
const availability = z.union([z.literal(ANY_TIME, { error: CHOOSE_TIME }), z.iso.datetime({ error: CHOOSE_TIME })], {
  error: CHOOSE_TIME,
});

/** The intake's rules, one per stored field (the compiler checks they match). */
const fields = {
  event_id: z
    .string({ error: 'No event ID provided.' })
    .trim()
    .min(1, 'No event ID provided.')
    .max(SIGNUP_LIMITS.eventId, 'Event or DJ data not found.'),
  name: onOneLine(
    z.string({ error: 'Please enter your DJ name.' }).trim().min(1, 'Please enter your DJ name.').max(SIGNUP_LIMITS.name, tooLong('Name', SIGNUP_LIMITS.name)),
    'Name',
  ),
  is_b2b: z.boolean({ error: 'Please say whether this is a back to back set.' }),
  b2b_members_response: onOneLine(
    z.string({ error: 'Other B2B members must be text.' }).trim().max(SIGNUP_LIMITS.b2bMembers, tooLong('Other B2B members', SIGNUP_LIMITS.b2bMembers)),
    'Other B2B members',
  ),
  requested_duration: z.literal(
    WIZARD_DURATION_OPTIONS.map((option) => option.value),
    { error: 'Please choose a duration.' },
  ),
  type: z.enum(WIZARD_SIGNUP_TYPES, { error: 'Please choose live or prerecorded.' }),
  // In its one form: a bare Twitch username becomes the channel's link (shared/streams.ts).
  stream_link: z
    .string({ error: 'The stream link must be text.' })
    .trim()
    .max(SIGNUP_LIMITS.streamLink, tooLong('The stream link', SIGNUP_LIMITS.streamLink))
    .transform(normaliseStreamLink),
  available_from: availability,
  available_to: availability,
  confirm_expectations: z.literal(true, { error: 'Please confirm the expectations to continue.' }),
  dj_notes: z
    .string({ error: 'Notes must be text.' })
    .trim()
    .max(SIGNUP_LIMITS.notes, tooLong('Notes', SIGNUP_LIMITS.notes)),
} satisfies { [K in keyof SignupFormData]: z.ZodType<SignupFormData[K], unknown> };

export type SignupField = keyof typeof fields;

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
  const message = linkProblem(data.stream_link, STREAM_LINK_PROTOCOLS, 'The stream link');
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

/** Which fields each wizard step asks for (steps 1–4 of spec §4). */
export const WIZARD_STEP_FIELDS = [
  ['name', 'is_b2b', 'b2b_members_response', 'requested_duration', 'type'],
  ['available_from', 'available_to'],
  ['stream_link'],
  ['confirm_expectations', 'dj_notes'],
] as const satisfies readonly (readonly SignupField[])[];

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

/** The answer to a submission: the answers as stored. */
export const submittedSignupSchema = z.object({ signup: signupFormDataSchema });
