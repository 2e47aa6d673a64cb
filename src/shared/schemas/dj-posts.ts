import { z } from 'zod';
import { eventIdParamsSchema } from './events.js';
import { idSchema } from './lineup.js';

// Posts the app sends DJs on its own through the scheduling webhook (issue 35): reminders before
// a slot and to confirm, and the notices of a saved lineup change or a cancellation. Each is a row
// of one durable schedule (docs/decisions/043-a-durable-schedule-of-posts.md).

/** The kinds of post, in the order an event's list shows them when due at the same moment. */
export const DJ_POST_KINDS = ['lineup_change', 'event_cancelled', 'confirm_reminder', 'slot_reminder'] as const;
export type DjPostKind = (typeof DJ_POST_KINDS)[number];

/** The two kinds the schedule keeps in step with the lineup, one per DJ and event. */
export const REMINDER_KINDS = ['confirm_reminder', 'slot_reminder'] as const satisfies readonly DjPostKind[];
export type ReminderKind = (typeof REMINDER_KINDS)[number];

export const DJ_POST_LABELS: Record<DjPostKind, string> = {
  slot_reminder: 'Reminder before the slot',
  confirm_reminder: 'Reminder to confirm',
  lineup_change: 'Lineup change',
  event_cancelled: 'Cancellation',
};

/** sending: an app instance has it and is talking to Discord right now. */
export const DJ_POST_STATES = ['scheduled', 'sending', 'sent', 'failed', 'skipped'] as const;
export type DjPostState = (typeof DJ_POST_STATES)[number];

/** Why a post was skipped or failed: a code, said in words by DJ_POST_OUTCOMES. */
export const DJ_POST_OUTCOME_CODES = [
  'missed',
  'due_before_scheduled',
  'no_webhook',
  'not_applicable',
  'webhook_refused',
  'message_refused',
  'discord_unavailable',
  'timed_out',
  'interrupted',
] as const;
export type DjPostOutcome = (typeof DJ_POST_OUTCOME_CODES)[number];

export const DJ_POST_OUTCOMES: Record<DjPostOutcome, string> = {
  missed: 'Lineup was not running when it was due, and it was too late to send it afterwards.',
  due_before_scheduled: 'It was already too late to send when it was scheduled (the lineup or the event changed after its time).',
  no_webhook: 'No scheduling webhook is set in Global Settings.',
  not_applicable: 'No longer needed when it was due (the lineup, the DJ or the settings changed).',
  webhook_refused: 'Discord refused the scheduling webhook: check it in Global Settings.',
  message_refused: 'Discord refused the message.',
  discord_unavailable: 'Discord did not answer properly (it may have been down).',
  timed_out: 'Discord did not answer in time: look in the channel before retrying, it may have arrived.',
  interrupted: 'Lineup stopped while sending it: look in the channel before retrying, it may have arrived.',
};

// ---- Global Settings → Reminders ---------------------------------------------------------------

export const REMINDER_LIMITS = {
  slotReminderMinutes: { min: 5, max: 24 * 60 },
  confirmReminderHours: { min: 1, max: 14 * 24 },
  lateLimitMinutes: { min: 1, max: 6 * 60 },
} as const;

const whole = (label: string, { min, max }: { min: number; max: number }) =>
  z
    .number({ error: `${label} must be a number.` })
    .int(`${label} must be a whole number.`)
    .min(min, `${label} must be at least ${min}.`)
    .max(max, `${label} must be at most ${max}.`);

/** What the app posts on its own, and when (issue 35: defaults 1 hour, 24 hours, 15 minutes late). */
export const reminderSettingsSchema = z.strictObject({
  /** Each lineup DJ is reminded before their slot. */
  slotReminder: z.boolean(),
  slotReminderMinutes: whole('Minutes before the slot', REMINDER_LIMITS.slotReminderMinutes),
  /** DJs who have not confirmed their slot are reminded before the event. */
  confirmReminder: z.boolean(),
  confirmReminderHours: whole('Hours before the event', REMINDER_LIMITS.confirmReminderHours),
  /** A post that could not go out when due (Lineup was down) is still sent this long after, never later. */
  lateLimitMinutes: whole('Minutes late', REMINDER_LIMITS.lateLimitMinutes),
});
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;

export const DEFAULT_REMINDER_SETTINGS: ReminderSettings = {
  slotReminder: true,
  slotReminderMinutes: 60,
  confirmReminder: true,
  confirmReminderHours: 24,
  lateLimitMinutes: 15,
};

/** GET and PUT /api/settings/reminders: the settings, and whether the scheduling webhook they post through is set. */
export const reminderSettingsAnswerSchema = reminderSettingsSchema.extend({ schedulingWebhookSet: z.boolean() });
export type ReminderSettingsAnswer = z.infer<typeof reminderSettingsAnswerSchema>;

// ---- An event's posts -------------------------------------------------------------------------

export const djPostSchema = z.object({
  id: z.string(),
  kind: z.enum(DJ_POST_KINDS),
  state: z.enum(DJ_POST_STATES),
  /** The DJs it is for, by name as the roster has them now. */
  djs: z.array(z.string()),
  /** When it is (or was) due. */
  dueAt: z.string(),
  sentAt: z.string().nullable(),
  outcome: z.enum(DJ_POST_OUTCOME_CODES).nullable(),
  /** The text: fixed when staff saved a change; a reminder's once it is sent (it names the slot as it then is). */
  content: z.string().nullable(),
});
export type DjPost = z.infer<typeof djPostSchema>;

/** GET /api/events/:eventId/dj-posts: the event's posts, soonest due first, and what they depend on. */
export const eventDjPostsSchema = z.object({
  posts: z.array(djPostSchema),
  schedulingWebhookSet: z.boolean(),
  settings: reminderSettingsSchema,
});
export type EventDjPosts = z.infer<typeof eventDjPostsSchema>;

export const djPostParamsSchema = eventIdParamsSchema.extend({ postId: idSchema('Post id') });

// ---- A DJ's own choice ---------------------------------------------------------------------------

/** A DJ's Home: whether the app reminds them, and what the community set (so the page can say when). */
export const myRemindersSchema = z.object({
  remindersOn: z.boolean(),
  settings: reminderSettingsSchema,
});
export type MyReminders = z.infer<typeof myRemindersSchema>;

export const myRemindersBodySchema = z.strictObject({ remindersOn: z.boolean({ error: 'Say whether you want reminders (true or false).' }) });
