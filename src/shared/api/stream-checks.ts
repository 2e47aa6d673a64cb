import { eventDetailSchema } from '../schemas/events.js';
import { signupAreaSchema } from '../schemas/signup.js';
import { djStreamCheckSchema, staffStreamCheckSchema, streamCheckParamsSchema, streamCheckSettingsAnswerSchema, streamCheckSettingsSchema } from '../schemas/stream-checks.js';
import { contract } from './contract.js';

// Stream checks (issue 35): the DJ's "Stream tested", staff's tick in Stream Details, and the
// deadline in Global Settings → Stream checks.

/** Staff tick a signup's stream as tested (or take it back): not a draft edit, no version bump. */
export const setStreamCheck = contract({
  method: 'PUT',
  path: '/api/events/:eventId/stream-checks',
  access: 'staff',
  params: streamCheckParamsSchema,
  body: staffStreamCheckSchema,
  response: eventDetailSchema,
  errors: ['event_cancelled'],
});

/** The DJ's "Stream tested" on their signup page: only their own signup, once it is in the lineup or on standby. */
export const streamTested = contract({
  method: 'POST',
  path: '/api/signup/stream-check',
  access: 'signup',
  body: djStreamCheckSchema,
  response: signupAreaSchema,
  errors: ['conflict', 'signups_closed'],
});

export const getStreamCheckSettings = contract({
  method: 'GET',
  path: '/api/settings/stream-checks',
  access: 'staff',
  response: streamCheckSettingsAnswerSchema,
  errors: [],
});

/** Saves the Stream checks section on its own. */
export const saveStreamCheckSettings = contract({
  method: 'PUT',
  path: '/api/settings/stream-checks',
  access: 'staff',
  body: streamCheckSettingsSchema,
  response: streamCheckSettingsAnswerSchema,
  errors: [],
});
