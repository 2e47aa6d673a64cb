import {
  createdEventSchema,
  createdNextEventSchema,
  createEventRequestSchema,
  eventChangedMessageSchema,
  eventDetailSchema,
  eventIdParamsSchema,
  eventListQuerySchema,
  eventSummarySchema,
  homeEventResponseSchema,
  nextEventRequestSchema,
  preflightStepSchema,
  eventVersionSchema,
  cancelEventSchema,
  publishEventSchema,
  saveEventSchema,
  staffConfirmationSchema,
} from '../schemas/events.js';
import { z } from 'zod';
import { contract } from './contract.js';

// Events and their lineups, for staff (spec §2 Events, Event page).

export const listEvents = contract({
  method: 'GET',
  path: '/api/events',
  access: 'staff',
  query: eventListQuerySchema,
  response: z.array(eventSummarySchema),
  errors: [],
});

export const createEvent = contract({
  method: 'POST',
  path: '/api/events',
  access: 'staff',
  body: createEventRequestSchema,
  response: createdEventSchema,
  status: 201,
  errors: ['same_day_event'],
});

/**
 * 'Create next event': the series' next occurrence after this event (weekday, time and zone from
 * the settings, name's number plus one, host, message and footer carried over, signups closed).
 */
export const createNextEvent = contract({
  method: 'POST',
  path: '/api/events/:eventId/next',
  access: 'staff',
  params: eventIdParamsSchema,
  body: nextEventRequestSchema,
  response: createdNextEventSchema,
  status: 201,
  errors: ['same_day_event'],
});

/** The home page's event: the current one, else the next. */
export const getHomeEvent = contract({
  method: 'GET',
  path: '/api/events/home',
  access: 'staff',
  response: homeEventResponseSchema,
  errors: [],
});

export const getEvent = contract({
  method: 'GET',
  path: '/api/events/:eventId',
  access: 'staff',
  params: eventIdParamsSchema,
  response: eventDetailSchema,
  errors: [],
});

/** Saves the event page's draft (event fields, signups' staff part, lineup) in one go. */
export const saveEvent = contract({
  method: 'PUT',
  path: '/api/events/:eventId',
  access: 'staff',
  params: eventIdParamsSchema,
  body: saveEventSchema,
  response: eventDetailSchema,
  errors: ['stale_version', 'conflict', 'event_cancelled'],
});

/**
 * Publishes the event: refused while required preflight steps are open (naming them) unless staff
 * publish anyway, and always while cancelled.
 */
export const publishEvent = contract({
  method: 'POST',
  path: '/api/events/:eventId/publish',
  access: 'staff',
  params: eventIdParamsSchema,
  body: publishEventSchema,
  response: eventDetailSchema,
  errors: ['stale_version', 'requirements_not_met', 'conflict', 'event_cancelled'],
});

export const unpublishEvent = contract({
  method: 'POST',
  path: '/api/events/:eventId/unpublish',
  access: 'staff',
  params: eventIdParamsSchema,
  body: eventVersionSchema,
  response: eventDetailSchema,
  errors: ['stale_version', 'event_cancelled'],
});

/** Ticks an optional preflight step off (or on again); not part of the draft. */
export const setPreflightStep = contract({
  method: 'PUT',
  path: '/api/events/:eventId/preflight',
  access: 'staff',
  params: eventIdParamsSchema,
  body: preflightStepSchema,
  response: eventDetailSchema,
  errors: ['event_cancelled'],
});

/** Staff record a DJ's answer to their proposed slot (e.g. they confirmed in Discord). */
export const setConfirmation = contract({
  method: 'PUT',
  path: '/api/events/:eventId/confirmations',
  access: 'staff',
  params: eventIdParamsSchema,
  body: staffConfirmationSchema,
  response: eventDetailSchema,
  errors: ['conflict', 'event_cancelled'],
});

/**
 * Cancels the event: kept with its signups, lineup and plays, closed to DJs and to every edit but
 * Restore; where it was public it says it is cancelled.
 */
export const cancelEvent = contract({
  method: 'POST',
  path: '/api/events/:eventId/cancel',
  access: 'staff',
  params: eventIdParamsSchema,
  body: cancelEventSchema,
  response: eventDetailSchema,
  errors: ['stale_version', 'event_cancelled'],
});

/** Undoes a cancel: the event is back as it was. */
export const restoreEvent = contract({
  method: 'POST',
  path: '/api/events/:eventId/restore',
  access: 'staff',
  params: eventIdParamsSchema,
  body: eventVersionSchema,
  response: eventDetailSchema,
  errors: ['stale_version'],
});

/** Deletes an event that has nothing to lose: unpublished, no signups, no lineup (else: cancel it). */
export const deleteEvent = contract({
  method: 'DELETE',
  path: '/api/events/:eventId',
  access: 'staff',
  params: eventIdParamsSchema,
  body: eventVersionSchema,
  response: null,
  status: 204,
  errors: ['stale_version', 'conflict', 'event_cancelled'],
});

/** Live updates for an open event page (server-sent events named `changed`). */
export const eventChanges = contract({
  method: 'GET',
  path: '/api/events/:eventId/changes',
  access: 'staff',
  params: eventIdParamsSchema,
  response: eventChangedMessageSchema,
  stream: true,
  errors: [],
});
