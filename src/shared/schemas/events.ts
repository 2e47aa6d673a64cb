import { z } from 'zod';
import { CONFIRMATIONS } from '../domain.js';
import { djSchema, otherEventsSchema } from './djs.js';
import { link, oneLine, tooLong } from './fields.js';
import { idSchema, LINEUP_LIMITS, signupSchema, slotSchema, staffSignupSchema, storedSlotSchema } from './lineup.js';

// Events (spec §3 Event): the Create Event form, the event page's draft save and publish (spec §2
// Event page, Setup; §4 draft editing; §5 event validation), and what the event endpoints answer.

export const EVENT_LIMITS = {
  name: 200,
  host: 100,
  message: 4000,
  footer: 4000,
  signupCap: LINEUP_LIMITS.signups,
} as const;

/** Public watch links (issue 14): where visitors watch or join, shown on the event's public page. */
export const PUBLIC_LINK_LIMITS = { links: 5, label: 60, url: 2000 } as const;

export const publicLinkSchema = z.object({
  label: oneLine('Link label', PUBLIC_LINK_LIMITS.label, { required: true }),
  // Public pages link only to web pages served securely.
  url: link('Link URL', ['https:'], PUBLIC_LINK_LIMITS.url).min(1, 'Link URL is required.'),
});
export type PublicLink = z.infer<typeof publicLinkSchema>;

const eventFields = {
  name: oneLine('Event name', EVENT_LIMITS.name, { required: true }),
  startDatetime: z.iso.datetime({ offset: true, error: 'Invalid date format' }),
  host: oneLine('Host', EVENT_LIMITS.host),
  message: z.string().max(EVENT_LIMITS.message, tooLong('Message', EVENT_LIMITS.message)),
  footer: z.string().max(EVENT_LIMITS.footer, tooLong('Footer', EVENT_LIMITS.footer)),
  signupsAreOpen: z.boolean(),
  /** Signups close by themselves at this time (null: only when staff close them). */
  signupsCloseAt: z.iso.datetime({ offset: true, error: 'Invalid date format' }).nullable().default(null),
  /** At most this many DJs may sign up (null: no limit). */
  signupCap: z
    .number({ error: 'Maximum signups must be a number.' })
    .int('Maximum signups must be a whole number.')
    .min(1, 'Maximum signups must be at least 1.')
    .max(EVENT_LIMITS.signupCap, `Maximum signups must be at most ${EVENT_LIMITS.signupCap}.`)
    .nullable()
    .default(null),
  // Optional in requests (clients from before the field send none), always present in answers.
  publicLinks: z
    .array(publicLinkSchema)
    .max(PUBLIC_LINK_LIMITS.links, `An event can have at most ${PUBLIC_LINK_LIMITS.links} public links.`)
    .default([]),
};

/** The event form of the Setup tab (host may be empty: announcements then say TBA / TBD). */
export const eventFieldsSchema = z.object(eventFields);
export type EventFormValues = z.infer<typeof eventFieldsSchema>;

/**
 * The event's fields as stored and read back: their shapes only, never today's input rules
 * (docs/decisions/033-stored-data-reads-as-stored.md): a name stored before a rule was made
 * stricter, or imported, still reads, and the page asks to fix it.
 */
const storedEventFieldsSchema = z.object({
  name: z.string(),
  startDatetime: z.string(),
  host: z.string(),
  message: z.string(),
  footer: z.string(),
  signupsAreOpen: z.boolean(),
  signupsCloseAt: z.string().nullable(),
  signupCap: z.number().nullable(),
  publicLinks: z.array(z.object({ label: z.string(), url: z.string() })),
} satisfies Record<keyof typeof eventFields, z.ZodType>);

/** The Create Event form, where name, date/time and host are required (spec §5). */
export const createEventSchema = eventFieldsSchema.extend({
  host: eventFields.host.min(1, 'Host is required.'),
});
export type CreateEventBody = z.infer<typeof createEventSchema>;

/**
 * Creating an event on a day (in the series' zone) that already has one is refused with
 * 'same_day_event' unless the request confirms it: staff are asked first.
 */
const confirmSameDay = z.boolean().default(false);

/** POST /api/events: the Create Event form, and whether a same-day event was confirmed. */
export const createEventRequestSchema = createEventSchema.extend({ confirmSameDay });
export type CreateEventRequest = z.infer<typeof createEventRequestSchema>;

/** POST /api/events/:eventId/next: the next event of the series comes from the settings. */
export const nextEventRequestSchema = z.object({ confirmSameDay });

export const createdEventSchema = z.object({ id: z.string() });

/** The event 'Create next event' made, for its toast. */
export const createdNextEventSchema = createdEventSchema.extend({ name: z.string(), startDatetime: z.string() });
export type CreatedNextEvent = z.infer<typeof createdNextEventSchema>;
export const PREFLIGHT_STEPS = ['textsCopied', 'streamDetailsChecked'] as const;
export type PreflightStep = (typeof PREFLIGHT_STEPS)[number];
export const preflightSchema = z.object(
  Object.fromEntries(PREFLIGHT_STEPS.map((step) => [step, z.string().nullable()])) as Record<PreflightStep, z.ZodNullable<z.ZodString>>,
);

/** The whole event as the event page reads and edits it: its fields, signups and lineup, as stored. */
export const lineupEventSchema = storedEventFieldsSchema.extend({
  id: z.string(),
  /** Derived: the end of the last slot (the start when there are none). */
  endDatetime: z.string(),
  published: z.boolean(),
  /** Cancelled by staff: kept with its signups and lineup, closed to DJs, never public. */
  cancelled: z.boolean(),
  signups: z.array(signupSchema),
  slots: z.array(storedSlotSchema),
  /** DJ ids that play in this event (derived from the lineup). */
  djPlays: z.array(z.string()),
  /** Optimistic-concurrency version, bumped by every staff save. */
  version: z.number(),
  /** When staff ticked off the optional preflight steps (null: not yet). */
  preflight: preflightSchema,
});
export type LineupEvent = z.infer<typeof lineupEventSchema>;

/** GET /api/events/:eventId (and the answer to a save or publish). */
export const eventDetailSchema = lineupEventSchema.extend({
  /** Every DJ named by a signup or slot of the event. */
  djs: z.record(z.string(), djSchema),
  /** Each of those DJs' other events ("Other Events (n total)"): the newest few and the count. */
  otherEventsByDj: z.record(z.string(), otherEventsSchema),
});
export type EventDetail = z.infer<typeof eventDetailSchema>;

const baseVersion = z.number().int().min(1);

/**
 * The whole draft of the event page. `signups` are all the signups the draft knows, in order;
 * stored signups it has never seen (DJ submissions that arrived after it was loaded) are neither
 * in it nor in `removedSignupUuids` and so survive the save.
 */
export const saveEventSchema = z.object({
  baseVersion,
  event: eventFieldsSchema,
  signups: z
    .array(staffSignupSchema)
    .max(LINEUP_LIMITS.signups, `An event can have at most ${LINEUP_LIMITS.signups} signups.`),
  slots: z.array(slotSchema).max(LINEUP_LIMITS.slots, `An event can have at most ${LINEUP_LIMITS.slots} slots.`),
  removedSignupUuids: z.array(idSchema('Signup id')).max(LINEUP_LIMITS.signups),
  /** DJ updates staff applied or dismissed: each cleared only if no newer update came since. */
  resolvedUpdates: z
    .array(z.object({ uuid: idSchema('Signup id'), at: z.iso.datetime() }))
    .max(LINEUP_LIMITS.signups)
    .default([]),
  /**
   * Tell the DJs whose slot the save makes new or moves, in one post through the scheduling
   * webhook (issue 35; staff saw it in the save bar). Left out: nobody is told.
   */
  notifyDjs: z.boolean().optional(),
});
export type SaveEventBody = z.infer<typeof saveEventSchema>;

/** Publish, cancel, restore and delete: the stored version the page showed, refused when stale. */
export const eventVersionSchema = z.object({ baseVersion });

/** Cancel Event: and whether the lineup's DJs are told in one post (staff saw it in the dialog). */
export const cancelEventSchema = eventVersionSchema.extend({ notifyDjs: z.boolean().optional() });

/**
 * Publish Event. `anyway`: staff publish although required preflight steps are open (the spec lets
 * staff publish any saved event); the history records which were open.
 */
export const publishEventSchema = eventVersionSchema.extend({ anyway: z.boolean().default(false) });

export const preflightStepSchema = z.object({
  step: z.enum(PREFLIGHT_STEPS, { error: 'Unknown preflight step.' }),
  done: z.boolean(),
});
export type PreflightStepBody = z.infer<typeof preflightStepSchema>;

export const staffConfirmationSchema = z.object({
  djId: idSchema('DJ id'),
  confirmation: z.enum(CONFIRMATIONS, { error: 'A confirmation is proposed, confirmed or declined.' }),
});
export type StaffConfirmationBody = z.infer<typeof staffConfirmationSchema>;

export const EVENT_LISTS = ['upcoming', 'past'] as const;
export type EventList = (typeof EVENT_LISTS)[number];
export const eventListQuerySchema = z.object({ when: z.enum(EVENT_LISTS).default('upcoming') });

export const eventIdParamsSchema = z.object({ eventId: idSchema('Event id') });

/** A row of the events lists and the home card. `djs`: the lineup's names, in slot order. */
export const eventSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  startDatetime: z.string(),
  endDatetime: z.string(),
  host: z.string(),
  published: z.boolean(),
  cancelled: z.boolean(),
  signupsAreOpen: z.boolean(),
  djs: z.array(z.string()),
  /** Slots in the lineup. */
  slotCount: z.number(),
});
export type EventSummary = z.infer<typeof eventSummarySchema>;

/** The current event, else the next, else null. */
export const homeEventResponseSchema = z.object({ event: eventSummarySchema.nullable() });

/** A message of the event's change stream: the version it now has. */
export const eventChangedMessageSchema = z.object({ version: z.number() });
export type EventChangedMessage = z.infer<typeof eventChangedMessageSchema>;
