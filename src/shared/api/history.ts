import { djIdParamsSchema } from '../schemas/djs.js';
import { eventIdParamsSchema } from '../schemas/events.js';
import { djSignupsSchema, historyPageSchema, historyQuerySchema } from '../schemas/history.js';
import { contract } from './contract.js';

// What happened to an event and who did it (issue 14: History tab), and a DJ's signups over
// time (DJ Details): staff only, like the event page and the roster.

/** Newest first, a page at a time: `nextBefore` asks for the next (older) page. */
export const getEventHistory = contract({
  method: 'GET',
  path: '/api/events/:eventId/history',
  access: 'staff',
  params: eventIdParamsSchema,
  query: historyQuerySchema,
  response: historyPageSchema,
  errors: [],
});

/** Every event the DJ is on a signup of, newest event first, with where the signup stands now. */
export const getDjSignups = contract({
  method: 'GET',
  path: '/api/djs/:djId/signups',
  access: 'staff',
  params: djIdParamsSchema,
  response: djSignupsSchema,
  errors: [],
});
