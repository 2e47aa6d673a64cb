import { z } from 'zod';

// Every error answer is { code, message }: the code for programs (the client decides by it, never
// by the message's wording), the message for the person.

/** Codes any endpoint may answer, whatever its contract lists. */
export const COMMON_ERROR_CODES = [
  'invalid_request',
  'not_authenticated',
  'forbidden',
  'cross_site',
  'not_found',
  'too_large',
  'rate_limited',
  'server_error',
] as const;

/** Codes particular endpoints answer; each contract lists its own. */
export const ENDPOINT_ERROR_CODES = [
  /** Someone saved the event since this draft was loaded (carries currentVersion). */
  'stale_version',
  /** The change contradicts stored data (e.g. a DJ already on another signup). */
  'conflict',
  'duplicate_discord_id',
  'signups_closed',
  /** Another event starts on that day (carries sameDayEvent); resend with confirmSameDay to create it anyway. */
  'same_day_event',
  /** The event's signup cap is reached. */
  'signups_full',
  /** Publishing before the preflight's required steps are done. */
  'requirements_not_met',
  /** A back-to-back partner tried to change the answers of the DJ who submitted the signup. */
  'not_signup_owner',
  /** Discord says the person is not a member of the community's server. */
  'not_authorized',
  'auth_failed',
  /** Posting to Discord: no webhook for this kind of post in Global Settings. */
  'webhook_not_configured',
  /** The text shown is not what the saved event gives (unsaved changes, or changed elsewhere). */
  'stale_text',
  /** Discord refused the webhook (401/403/404) or the message. */
  'discord_refused',
  /** Discord asks to wait (carries retryAfterSeconds). */
  'discord_rate_limited',
  /** Discord is down, answered garbage or did not answer in time. */
  'discord_unavailable',
  /** The message to update is no longer in Discord. */
  'discord_message_gone',
  /** The event is cancelled: nothing changes it but Restore (issue 34). */
  'event_cancelled',
  /** The server is busy with this kind of work (lineup images): try again after Retry-After. */
  'busy',
] as const;

export const ERROR_CODES = [...COMMON_ERROR_CODES, ...ENDPOINT_ERROR_CODES] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const apiErrorSchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  /** With stale_version: the event's version now. */
  currentVersion: z.number().optional(),
  /** With discord_rate_limited: how long Discord asks to wait. */
  retryAfterSeconds: z.number().optional(),
  /** With same_day_event: the event already on that day. */
  sameDayEvent: z.object({ id: z.string(), name: z.string() }).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
