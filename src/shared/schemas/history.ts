import { z } from 'zod';
import { DISCORD_POST_KINDS } from '../discord-webhooks.js';
import { CONFIRMATIONS, EVENT_CHANGE_KINDS, LIVE_MARKS, STREAM_SOURCE_TYPES } from '../domain.js';
import { DJ_SIGNUP_STATES } from './me.js';
import { PREFLIGHT_STEPS } from './events.js';

// An event's history (issue 14; docs/decisions/013-event-history.md): who changed what, when.
// Each entry's summary is structured lines; shared/history.ts writes them as text, times in the
// series' zone when shown.

/** The event fields a save can change, as the history names them. */
export const HISTORY_EVENT_FIELDS = [
  'name',
  'startDatetime',
  'host',
  'message',
  'footer',
  'signupsAreOpen',
  'signupsCloseAt',
  'signupCap',
  'publicLinks',
] as const;

/** Event fields whose line says that they changed, without the texts (too long for a line). */
export const HISTORY_TEXT_FIELDS = ['message', 'footer', 'publicLinks'] as const satisfies readonly (typeof HISTORY_EVENT_FIELDS)[number][];

/** The staff-owned fields of a signup a save can change (its DJs are lines of their own). */
export const HISTORY_SIGNUP_FIELDS = ['name', 'requestedDuration', 'type', 'isDebut'] as const;

/** Read in entries recorded before Hide Entry became a view of the page (decision 042); never written now. */
const RETIRED_SIGNUP_FIELDS = ['hidden'] as const;

const value = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const name = z.string();

export const historyLineSchema = z.discriminatedUnion('t', [
  /** An event field: times as ISO instants, texts too long for a line (message, footer, links) without values. */
  z.object({ t: z.literal('event'), field: z.enum(HISTORY_EVENT_FIELDS), from: value, to: value }),
  /** `withdrawn`: the DJ who signed it up withdrew it (issue 34); staff remove it, or keep it. */
  z.object({ t: z.literal('signup'), change: z.enum(['added', 'removed', 'withdrawn']), name }),
  z.object({ t: z.literal('signup_field'), name, field: z.enum([...HISTORY_SIGNUP_FIELDS, ...RETIRED_SIGNUP_FIELDS]), from: value, to: value }),
  z.object({ t: z.literal('signup_dj'), change: z.enum(['added', 'removed']), name, dj: name }),
  /** `start`: the slot's start once placed. */
  z.object({ t: z.literal('slot'), change: z.enum(['added', 'removed']), name, start: z.string().nullable() }),
  /** Positions count from 1. */
  z.object({ t: z.literal('slot_moved'), name, from: z.number(), to: z.number(), start: z.string() }),
  z.object({ t: z.literal('slot_time'), name, from: z.string(), to: z.string() }),
  /** The stream source changed; its URL is left out (an RTMP URL carries the stream key). */
  z.object({ t: z.literal('slot_source'), name, type: z.enum(STREAM_SOURCE_TYPES) }),
  /** Staff put a signup on standby, or took it off (not by giving it a slot: that is a slot line). */
  z.object({ t: z.literal('standby'), name, on: z.boolean() }),
  /** A standby took over a slot, at its time and length; `dropped` went back to the signups. */
  z.object({ t: z.literal('standby_swap'), name, dropped: name, start: z.string() }),
  /** A signup's stream was tested (the DJ, or staff in Stream Details), or staff took that back. */
  z.object({ t: z.literal('stream_check'), name, tested: z.boolean() }),
  /** Staff applied or dismissed the DJ's changed answers. */
  z.object({ t: z.literal('update_resolved'), name }),
  z.object({ t: z.literal('confirmation'), name, dj: name, to: z.enum(CONFIRMATIONS) }),
  /** A DJ's answers that changed (the wizard's fields). */
  z.object({ t: z.literal('answers'), name, fields: z.array(z.string()) }),
  z.object({ t: z.literal('preflight'), step: z.enum(PREFLIGHT_STEPS), done: z.boolean() }),
  z.object({ t: z.literal('discord'), post: z.enum(DISCORD_POST_KINDS), updated: z.boolean() }),
  z.object({ t: z.literal('next_of'), name }),
  /** Staff published with these required preflight steps open ('Publish anyway'). */
  z.object({ t: z.literal('published_anyway'), unmet: z.array(z.string()) }),
  z.object({ t: z.literal('merged'), from: name, into: name }),
  /** Staff marked a slot on the live board (issue 35); null: the mark was cleared. */
  z.object({ t: z.literal('live_mark'), name, mark: z.enum(LIVE_MARKS).nullable() }),
]);
export type HistoryLine = z.infer<typeof historyLineSchema>;

export const historyEntrySchema = z.object({
  id: z.string(),
  /** ISO instant. */
  at: z.string(),
  /** Who did it, named as they were then; null: the app itself. */
  actor: z.object({ djId: z.string().nullable(), name: z.string() }).nullable(),
  kind: z.enum(EVENT_CHANGE_KINDS),
  /** The event's version after the change. */
  version: z.number(),
  lines: z.array(historyLineSchema),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const HISTORY_PAGE = { default: 50, max: 200 } as const;

/** Where a page ends: the last entry's time and id ('1733601600000.<id>'). */
const cursorSchema = z
  .string()
  .max(200, 'The history cursor is not valid.')
  .regex(/^\d{1,15}\.[A-Za-z0-9-]{1,100}$/, 'The history cursor is not valid.');

export const historyQuerySchema = z.object({
  /** The page after this cursor (older entries); the newest when absent. */
  before: cursorSchema.optional(),
  limit: z.coerce
    .number({ error: 'The limit must be a number.' })
    .int('The limit must be a whole number.')
    .min(1, 'The limit must be at least 1.')
    .max(HISTORY_PAGE.max, `The limit must be at most ${HISTORY_PAGE.max}.`)
    .default(HISTORY_PAGE.default),
});
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

export const historyPageSchema = z.object({
  entries: z.array(historyEntrySchema),
  /** The cursor of the next (older) page; null when this is the last. */
  nextBefore: z.string().nullable(),
});
export type HistoryPage = z.infer<typeof historyPageSchema>;

/** A signup of the DJ (DJ Details): the event, when they signed up and where it stands now. */
export const djSignupSchema = z.object({
  eventId: z.string(),
  eventName: z.string(),
  startDatetime: z.string(),
  cancelled: z.boolean(),
  signupName: z.string(),
  /** When the signup was made (by the DJ or by staff). */
  signedUpAt: z.string(),
  state: z.enum(DJ_SIGNUP_STATES),
  /** The slot's start once in the lineup. */
  slotStart: z.string().nullable(),
});
export type DjSignup = z.infer<typeof djSignupSchema>;

export const djSignupsSchema = z.object({ signups: z.array(djSignupSchema) });
export type DjSignups = z.infer<typeof djSignupsSchema>;
