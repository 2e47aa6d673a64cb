import { z } from 'zod';

// What a signed-in person sees of their own on Home (issue 14): a DJ's events open for signup,
// their own signups and past plays; a member without roles, whom to ask for one. Every field is
// the caller's own or public to every DJ: never another DJ's signup, answers or plays.

/**
 * Where a DJ's signup stands, as they see it: in the lineup, their slot waits for their answer;
 * withdrawn by them before it was in the lineup (issue 34); on standby beside the lineup (issue 35).
 */
export const DJ_SIGNUP_STATES = ['signed_up', 'withdrawn', 'standby', 'in_lineup', 'confirmed', 'declined'] as const;
export type DjSignupState = (typeof DJ_SIGNUP_STATES)[number];

const slotSchema = z.object({ startTime: z.string(), endTime: z.string() });

export const djHomeSchema = z.object({
  /** The zone the series' times are set in (Global Settings), e.g. Europe/London. */
  seriesZone: z.string(),
  contactHostName: z.string(),
  /** Events taking signups that have not ended and are not cancelled, soonest first. */
  openEvents: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      startDatetime: z.string(),
      /** The caller is already on a signup for it. */
      signedUp: z.boolean(),
      /** It has all the signups it can take and the caller is on none: they cannot sign up. */
      full: z.boolean(),
    }),
  ),
  /** The caller's signups for events that have not ended, soonest first. */
  signups: z.array(
    z.object({
      eventId: z.string(),
      eventName: z.string(),
      startDatetime: z.string(),
      signupName: z.string(),
      state: z.enum(DJ_SIGNUP_STATES),
      /** Staff cancelled the event: the signup stays, but nobody plays. */
      cancelled: z.boolean(),
      /** Its slot, once it is in the lineup. */
      slot: slotSchema.nullable(),
    }),
  ),
  /** Events the caller played that have ended, newest first (at most PAST_PLAYS_SHOWN). */
  pastPlays: z.array(z.object({ eventId: z.string(), eventName: z.string(), startDatetime: z.string() })),
  pastPlayCount: z.number().int(),
});
export type DjHome = z.infer<typeof djHomeSchema>;

export const PAST_PLAYS_SHOWN = 10;

/** Whom a member without roles asks for one (Global Settings). */
export const memberContactSchema = z.object({ contactHostName: z.string(), chatServerUrl: z.string() });
export type MemberContact = z.infer<typeof memberContactSchema>;
