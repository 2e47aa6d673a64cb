import { z } from 'zod';
import { LIVE_MARKS } from '../domain.js';
import { idSchema } from './lineup.js';

// The live board (issue 35): what staff marked each slot on the night, and the server's clock,
// which the board counts down from (the browser's may be wrong, and tests fix the server's).

export const liveMarkSchema = z.enum(LIVE_MARKS, { error: `The mark must be one of ${LIVE_MARKS.join(', ')}, or null to clear it.` });

export const liveSlotParamsSchema = z.object({ eventId: idSchema('Event id'), signupUuid: idSchema('Signup id') });

/** A slot's mark, or null to clear it. */
export const markSlotSchema = z.strictObject({ mark: liveMarkSchema.nullable() });
export type MarkSlotBody = z.infer<typeof markSlotSchema>;

export const liveStateSchema = z.object({
  /** The server's clock when it answered (ISO). */
  now: z.string(),
  /** By signup uuid: the marks of the lineup's slots (slots not marked are left out). */
  marks: z.record(z.string(), liveMarkSchema),
});
export type LiveState = z.infer<typeof liveStateSchema>;
