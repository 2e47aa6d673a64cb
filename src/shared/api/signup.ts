import {
  confirmationBodySchema,
  djStreamCheckSchema,
  signupAreaQuerySchema,
  signupAreaSchema,
  submittedSignupSchema,
  withdrawalBodySchema,
} from '../schemas/signup.js';
import { signupIntakeSchema } from '../schemas/signup-intake.js';
import { z } from 'zod';
import { contract } from './contract.js';

// The DJ's side (spec §7 "event-and-DJ signup function", "event signup intake function").

/** The signup area: the event's public basics, the caller's DJ record and their own answers. */
export const getSignupArea = contract({
  method: 'GET',
  path: '/api/signup',
  access: 'signup',
  query: signupAreaQuerySchema,
  response: signupAreaSchema,
  errors: [],
});

/** The wizard's submission: creates or updates the caller's own signup. */
export const submitSignup = contract({
  method: 'POST',
  path: '/api/signup',
  access: 'signup',
  body: signupIntakeSchema,
  response: submittedSignupSchema,
  errors: ['signups_closed', 'signups_full', 'not_signup_owner'],
});

/** What the DJ's actions on the signup naming them share: sent by the DJ, answered with their signup area as it now reads. */
const ON_OWN_SIGNUP = { method: 'POST', access: 'signup', response: signupAreaSchema } as const;

/** The DJ answers the slot proposed to them: they will play it, or they cannot make it. */
export const confirmSlot = contract({ ...ON_OWN_SIGNUP, path: '/api/signup/confirmation', body: confirmationBodySchema, errors: ['conflict', 'signups_closed'] });

/**
 * The DJ withdraws the signup they gave, while signups are open: it stays for the hosts to see
 * (the drop-out notice) until they remove it, and the DJ may sign up again. Never another DJ's.
 */
export const withdrawSignup = contract({ ...ON_OWN_SIGNUP, path: '/api/signup/withdrawal', body: withdrawalBodySchema, errors: ['conflict', 'signups_closed', 'not_signup_owner'] });

/** The DJ's "Stream tested" on their signup page: only their own signup, once it is in the lineup or on standby. */
export const streamTested = contract({ ...ON_OWN_SIGNUP, path: '/api/signup/stream-check', body: djStreamCheckSchema, errors: ['conflict', 'signups_closed'] });

/** The deadline of the event's stream tests (Global Settings → Stream checks) and the server's time, whose clock says whether it has passed. */
const streamTestDeadlineSchema = z.object({ deadline: z.string(), now: z.string() });
export type StreamTestDeadline = z.infer<typeof streamTestDeadlineSchema>;

/** By when the DJ tests their stream ("Test your stream by …" beside their Stream tested). */
export const getStreamTestDeadline = contract({
  method: 'GET',
  path: '/api/signup/stream-check',
  access: 'signup',
  query: z.object({ event_id: z.string().trim().min(1).max(200) }),
  response: streamTestDeadlineSchema,
  errors: [],
});
