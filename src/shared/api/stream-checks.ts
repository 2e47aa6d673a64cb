import { eventDetailSchema } from '../schemas/events.js';
import { staffStreamCheckSchema, streamCheckParamsSchema, streamCheckSettingsAnswerSchema, streamCheckSettingsSchema } from '../schemas/stream-checks.js';
import { contract } from './contract.js';

// Stream checks (issue 35): staff's tick in Stream Details and the deadline in Global Settings →
// Stream checks. The DJ's own "Stream tested" is in api/signup.ts, with the DJ's other calls (their
// pages do not load staff's schemas).

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
