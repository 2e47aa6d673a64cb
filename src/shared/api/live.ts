import { eventIdParamsSchema } from '../schemas/events.js';
import { liveSlotParamsSchema, liveStateSchema, markSlotSchema } from '../schemas/live.js';
import { contract } from './contract.js';

// The live board of an event on the night (issue 35): staff only.

/** The lineup's marks and the server's clock; the lineup itself is the event page's (getEvent). */
export const getLiveState = contract({
  method: 'GET',
  path: '/api/events/:eventId/live',
  access: 'staff',
  params: eventIdParamsSchema,
  response: liveStateSchema,
  errors: [],
});

/**
 * Marks a lineup slot's signup On air or No-show (null clears it), from the event's start on. A
 * no-show's DJs have no play of the event; the mark is in the event's history.
 */
export const markSlot = contract({
  method: 'PUT',
  path: '/api/events/:eventId/live/:signupUuid',
  access: 'staff',
  params: liveSlotParamsSchema,
  body: markSlotSchema,
  response: liveStateSchema,
  errors: ['conflict', 'event_cancelled'],
});
