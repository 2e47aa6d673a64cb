import { z } from 'zod';
import {
  SIGNUP_TYPES,
  STAFF_DURATION_OPTIONS,
  STREAM_SOURCE_TYPES,
  type Dj,
  type LineupEvent,
  type Signup,
} from '../domain.js';
import type { OtherEvents } from '../plays.js';

// Events: the Create Event form, the event page's draft save and publish (spec §2 Event page,
// Setup; §4 draft editing, slot layout; §5 event validation). Used by the forms and the routes.

export const EVENT_LIMITS = {
  name: 200,
  host: 100,
  message: 4000,
  footer: 4000,
  signupName: 200,
  djsPerSignup: 10,
  signups: 500,
  slots: 200,
  id: 100,
  streamSourceUrl: 2000,
} as const;

const tooLong = (what: string, max: number) => `${what} must be at most ${max} characters.`;
const id = (what: string) => z.string().trim().min(1, `${what} is required.`).max(EVENT_LIMITS.id, `${what} is not valid.`);

const staffDurations = STAFF_DURATION_OPTIONS.map((option) => option.value);

const eventFields = {
  name: z.string().trim().min(1, 'Event name is required.').max(EVENT_LIMITS.name, tooLong('Event name', EVENT_LIMITS.name)),
  startDatetime: z.iso.datetime({ offset: true, error: 'Invalid date format' }),
  host: z.string().trim().max(EVENT_LIMITS.host, tooLong('Host', EVENT_LIMITS.host)),
  message: z.string().max(EVENT_LIMITS.message, tooLong('Message', EVENT_LIMITS.message)),
  footer: z.string().max(EVENT_LIMITS.footer, tooLong('Footer', EVENT_LIMITS.footer)),
  signupsAreOpen: z.boolean(),
};

/** The event form of the Setup tab (host may be empty: announcements then say TBA / TBD). */
export const eventFieldsSchema = z.object(eventFields);
export type EventFormValues = z.infer<typeof eventFieldsSchema>;

/** POST /api/events: the Create Event form, where name, date/time and host are required (spec §5). */
export const createEventSchema = eventFieldsSchema.extend({
  host: eventFields.host.min(1, 'Host is required.'),
});
export type CreateEventBody = z.infer<typeof createEventSchema>;

export const signupSchema = z.object({
  uuid: id('Signup id'),
  name: z.string().trim().min(1, 'Signup name is required.').max(EVENT_LIMITS.signupName, tooLong('Signup name', EVENT_LIMITS.signupName)),
  djRefs: z.array(id('DJ id')).max(EVENT_LIMITS.djsPerSignup, `A signup can name at most ${EVENT_LIMITS.djsPerSignup} DJs.`),
  isDebut: z.boolean(),
  requestedDuration: z.literal(staffDurations, { error: 'Requested duration must be one of None, Half Hour, 1 Hour, 1.5 Hours or 2 Hours.' }),
  type: z.enum(SIGNUP_TYPES, { error: `Signup type must be one of ${SIGNUP_TYPES.join(', ')}.` }),
  hidden: z.boolean(),
  /** The DJ's own answers: accepted so clients can send whole signups, never written by staff saves. */
  formData: z.unknown().optional(),
});

export const slotSchema = z.object({
  signupUuid: id('Signup id').nullable(),
  djName: z.string().trim().max(EVENT_LIMITS.signupName, tooLong('Slot DJ name', EVENT_LIMITS.signupName)).nullable(),
  djRef: id('DJ id').nullable(),
  /** Recomputed by the server from the event start (spec §4 slot layout). */
  startTime: z.string().max(100),
  duration: z.number().min(0).max(24),
  isDebut: z.boolean(),
  slotType: z.enum(SIGNUP_TYPES, { error: `Slot type must be one of ${SIGNUP_TYPES.join(', ')}.` }),
  streamSourceUrl: z.string().trim().max(EVENT_LIMITS.streamSourceUrl, tooLong('Stream source URL', EVENT_LIMITS.streamSourceUrl)),
  streamSourceType: z.enum(STREAM_SOURCE_TYPES, { error: `Stream source type must be one of ${STREAM_SOURCE_TYPES.join(', ')}.` }),
});

const baseVersion = z.number().int().min(1);

/**
 * PUT /api/events/:eventId: the whole draft of the event page. `signups` are all the signups the
 * draft knows, in order; stored signups it has never seen (DJ submissions that arrived after it
 * was loaded) are neither in it nor in `removedSignupUuids` and so survive the save.
 */
export const saveEventSchema = z.object({
  baseVersion,
  event: eventFieldsSchema,
  signups: z.array(signupSchema).max(EVENT_LIMITS.signups, `An event can have at most ${EVENT_LIMITS.signups} signups.`),
  slots: z.array(slotSchema).max(EVENT_LIMITS.slots, `An event can have at most ${EVENT_LIMITS.slots} slots.`),
  removedSignupUuids: z.array(id('Signup id')).max(EVENT_LIMITS.signups),
});
export type SaveEventBody = z.infer<typeof saveEventSchema>;
/** What a client sends: its domain objects as they are (the schema narrows and checks them). */
export type SaveEventRequest = Omit<SaveEventBody, 'signups'> & { signups: Signup[] };

export const publishEventSchema = z.object({ baseVersion });

export const EVENT_LISTS = ['upcoming', 'past'] as const;
export type EventList = (typeof EVENT_LISTS)[number];
export const eventListQuerySchema = z.object({ when: z.enum(EVENT_LISTS).default('upcoming') });

export const eventIdParamsSchema = z.object({ eventId: id('Event id') });

/** The 409 a save or publish gets when someone else saved the event since it was loaded. */
export const STALE_VERSION_MESSAGE =
  'This event was changed by someone else since you loaded it. Reload to see their changes, then make your edits again.';

/** A row of the events lists and the home card. `djs`: the lineup's names, in slot order. */
export interface EventSummary {
  id: string;
  name: string;
  startDatetime: string;
  endDatetime: string;
  host: string;
  published: boolean;
  signupsAreOpen: boolean;
  djs: string[];
}

/** GET /api/events/home: the current event, else the next, else null. */
export interface HomeEventResponse {
  event: EventSummary | null;
}

/** GET /api/events/:eventId (and the answer to a save or publish). */
export interface EventDetail extends LineupEvent {
  /** Every DJ named by a signup or slot of the event. */
  djs: Record<string, Dj>;
  /** Each of those DJs' other events ("Other Events (n total)"): the newest few and the count. */
  otherEventsByDj: Record<string, OtherEvents>;
}

/** The `changed` message of GET /api/events/:eventId/changes. */
export interface EventChangedMessage {
  version: number;
}
