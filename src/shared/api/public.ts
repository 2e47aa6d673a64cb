import { calendarLinkSchema, publicEventParamsSchema, publicLineupListSchema, publicLineupSchema } from '../schemas/public.js';
import { contract } from './contract.js';

// The series' public face (issue 14): published events only, for anyone, signed in or not. The
// feeds (iCal, next event, lineup image) are plain routes of server/public, outside the API.

/** Upcoming published events, soonest first. */
export const listPublicLineups = contract({
  method: 'GET',
  path: '/api/public/lineups',
  access: 'public',
  response: publicLineupListSchema,
  errors: [],
});

/** One published event's lineup; an unpublished or unknown id is the same 404. */
export const getPublicLineup = contract({
  method: 'GET',
  path: '/api/public/lineups/:eventId',
  access: 'public',
  params: publicEventParamsSchema,
  response: publicLineupSchema,
  errors: [],
});

// A DJ's private calendar of their own slots (/feeds/dj/{token}.ics), from the signup area.

/** The DJ's calendar link, made the first time it is asked for. */
export const getCalendarLink = contract({
  method: 'GET',
  path: '/api/signup/calendar-link',
  access: 'signup',
  response: calendarLinkSchema,
  errors: [],
});

/** Ends the DJ's calendar link (it answers 404 from now on) and makes a new one. */
export const revokeCalendarLink = contract({
  method: 'POST',
  path: '/api/signup/calendar-link/revoke',
  access: 'signup',
  response: calendarLinkSchema,
  errors: [],
});
