import { z } from 'zod';
import { CONFIRMATIONS, SLOT_FIELDS } from '../domain.js';
import { SIGNUP_ANSWER_RULES, signupFormDataSchema } from './signup-answers.js';

// The DJ's signup endpoints' other requests and responses (src/shared/api/signup.ts): the signup
// area (spec §2, GET /api/signup), the answer to a submission, and the bodies of the DJ's answer
// to a proposed slot, a withdrawal and "Stream tested". The intake's body is signup-intake.ts.

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
  event_id: SIGNUP_ANSWER_RULES.event_id,
  confirmation: z.enum(['confirmed', 'declined'], { error: 'Please confirm the slot or say you cannot make it.' }),
});

export type ConfirmationBody = z.infer<typeof confirmationBodySchema>;

/** POST /api/signup/withdrawal: the DJ withdraws the signup they gave (issue 34). */
export const withdrawalBodySchema = z.object({ event_id: SIGNUP_ANSWER_RULES.event_id });
export type WithdrawalBody = z.infer<typeof withdrawalBodySchema>;

/** POST /api/signup/stream-check: the DJ says their own stream is tested ("Stream tested", issue 35). */
export const djStreamCheckSchema = z.strictObject({ event_id: SIGNUP_ANSWER_RULES.event_id });
export type DjStreamCheckBody = z.infer<typeof djStreamCheckSchema>;

/** The answer to a submission: the answers as stored. */
export const submittedSignupSchema = z.object({ signup: signupFormDataSchema });
