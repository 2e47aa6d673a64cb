import { z } from 'zod';
import { eventIdParamsSchema } from './events.js';
import { idSchema } from './lineup.js';

// Stream checks (issue 35, decision 045): each slot's DJ tests their stream before a deadline set
// in Global Settings → Stream checks (a settings document of its own, as the Reminders are).

export const STREAM_CHECK_LIMITS = { hoursBefore: { min: 0, max: 168 } } as const;

export const streamCheckSettingsSchema = z.strictObject({
  /** Slots' streams are tested this many hours before the event starts. */
  hoursBefore: z
    .number({ error: 'Hours before the event must be a number.' })
    .int('Hours before the event must be a whole number.')
    .min(STREAM_CHECK_LIMITS.hoursBefore.min, `Hours before the event must be at least ${STREAM_CHECK_LIMITS.hoursBefore.min}.`)
    .max(STREAM_CHECK_LIMITS.hoursBefore.max, `Hours before the event must be at most ${STREAM_CHECK_LIMITS.hoursBefore.max}.`),
});
export type StreamCheckSettings = z.infer<typeof streamCheckSettingsSchema>;

export const DEFAULT_STREAM_CHECK_SETTINGS: StreamCheckSettings = { hoursBefore: 2 };

/** GET and PUT /api/settings/stream-checks: the settings and the server's time (its clock decides what is overdue). */
export const streamCheckSettingsAnswerSchema = streamCheckSettingsSchema.extend({ now: z.string() });
export type StreamCheckSettingsAnswer = z.infer<typeof streamCheckSettingsAnswerSchema>;

/** PUT /api/events/:eventId/stream-checks: staff tick (or untick) a signup's stream as tested. */
export const staffStreamCheckSchema = z.strictObject({
  signupUuid: idSchema('Signup id'),
  tested: z.boolean({ error: 'Say whether the stream was tested (true or false).' }),
});
export type StaffStreamCheckBody = z.infer<typeof staffStreamCheckSchema>;
export const streamCheckParamsSchema = eventIdParamsSchema;
