import { z } from 'zod';
import { ANY_TIME, availabilityOptions } from '../time.js';
import { pickFields } from './fields.js';
import { SIGNUP_ANSWER_RULES, type SignupField, WIZARD_STEP_FIELDS } from './signup-answers.js';
import { streamLinkProblem } from '../streams.js';

// The signup intake's checks (spec §7, POST /api/signup): each answer's rule (signup-answers.ts)
// and the cross-field rules below, for the whole body and for one wizard step's slice of it.
// Which times are on offer depends on the event's start, so that check is a separate function
// both sides call with the event.

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
export const signupIntakeSchema = z.strictObject(SIGNUP_ANSWER_RULES).superRefine((data, ctx) => {
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
  return z.looseObject(pickFields(stepFields, SIGNUP_ANSWER_RULES)).superRefine(
    (data, ctx) => {
      // The rules see every field that is valid so far, this step's and the others'.
      const valid: Partial<Record<SignupField, unknown>> = {};
      for (const field of Object.keys(SIGNUP_ANSWER_RULES) as SignupField[]) {
        const result = SIGNUP_ANSWER_RULES[field].safeParse((data as Record<string, unknown>)[field]);
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
