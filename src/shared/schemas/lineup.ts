import { z } from 'zod';
import { CONFIRMATIONS, SIGNUP_TYPES, SLOT_FIELDS, STAFF_DURATION_OPTIONS, STREAM_SOURCE_TYPES } from '../domain.js';
import { oneLine, streamLink } from './fields.js';
import { signupFormDataSchema } from './signup-answers.js';

// The lineup's model (spec §3 Signup, Slot): signups carry what the act is (name, DJs, length,
// type, debut); a slot only says which signup plays there and how it is streamed. Start times
// and every other derived value come from shared/lineup.ts, never from copies kept in step.
//
// Each has two schemas (docs/decisions/033-stored-data-reads-as-stored.md): what a save accepts
// (today's rules) and what the event page reads back (the stored shape only), so a value stored
// before a rule was made stricter, or imported, still reads, and the page asks to fix it.

export const LINEUP_LIMITS = {
  signupName: 200,
  djsPerSignup: 10,
  signups: 500,
  slots: 200,
  id: 100,
  streamSourceUrl: 2000,
} as const;

export const idSchema = (what: string) =>
  z.string().trim().min(1, `${what} is required.`).max(LINEUP_LIMITS.id, `${what} is not valid.`);

const staffDurations = STAFF_DURATION_OPTIONS.map((option) => option.value);
const signupType = z.enum(SIGNUP_TYPES, { error: `Signup type must be one of ${SIGNUP_TYPES.join(', ')}.` });

const STAFF_DURATION_MESSAGE = 'Requested duration must be a multiple of 15 minutes, up to 4 hours.';

/** The part of a signup staff own, as stored and read back. */
const storedStaffSignupFields = {
  uuid: z.string(),
  name: z.string(),
  /** DJ ids, in order; the first is the signup's main DJ. */
  djRefs: z.array(z.string()),
  isDebut: z.boolean(),
  /** Hours. */
  requestedDuration: z.number(),
  type: signupType,
  /** Kept beside the lineup to swap into a slot whose DJ drops out; never in a slot itself. */
  standby: z.boolean(),
};

/** The part of a signup staff own and save from the event page. */
export const staffSignupSchema = z.object({
  uuid: idSchema('Signup id'),
  name: oneLine('Signup name', LINEUP_LIMITS.signupName, { required: true }),
  djRefs: z
    .array(idSchema('DJ id'))
    .max(LINEUP_LIMITS.djsPerSignup, `A signup can name at most ${LINEUP_LIMITS.djsPerSignup} DJs.`),
  isDebut: z.boolean(),
  requestedDuration: z.number({ error: STAFF_DURATION_MESSAGE }).refine((hours) => (staffDurations as readonly number[]).includes(hours), STAFF_DURATION_MESSAGE),
  type: signupType,
  // Optional in requests (clients from before standbys send none).
  standby: z.boolean().default(false),
} satisfies Record<keyof typeof storedStaffSignupFields, z.ZodType>);
export type StaffSignup = z.infer<typeof staffSignupSchema>;

/** A signup as staff read it: their part as stored, the DJ's own answers and what the DJs said since. */
export const signupSchema = z.object(storedStaffSignupFields).extend({
  /**
   * The DJ's answers the lineup goes by (availability, stream link, notes …); null for signups
   * staff added. While a DJ's update waits, their answers before it.
   */
  formData: signupFormDataSchema.nullable(),
  /**
   * When the DJ changed their answers after the signup was in a saved lineup: the slot and the
   * answers it goes by stay as they were until staff apply or dismiss the update (decisions 009,
   * 042). Null: nothing waits.
   */
  updatePendingAt: z.string().nullable(),
  /** Which of what the slot plays (name, length, type) that update changes; empty when it changes none. */
  updateFields: z.array(z.enum(SLOT_FIELDS)),
  /** The DJ's new answers while their update waits (null otherwise): Apply takes them in. */
  updatedAnswers: signupFormDataSchema.nullable(),
  /** Each DJ's answer to the slot proposed to them, by DJ id. */
  confirmations: z.record(z.string(), z.enum(CONFIRMATIONS)),
  /** When its stream was tested (the DJ's "Stream tested", or staff in Stream Details); null: not yet. */
  streamTestedAt: z.string().nullable(),
});
export type Signup = z.infer<typeof signupSchema>;

/** What a slot of events from before signups existed carries itself (spec: dj_name, legacy). */
export const legacySlotSchema = z.object({
  djName: oneLine('Slot DJ name', LINEUP_LIMITS.signupName).nullable(),
  djRef: idSchema('DJ id').nullable(),
  /** Hours. */
  duration: z.number().min(0).max(24),
  isDebut: z.boolean(),
  slotType: signupType,
});

const streamSourceType = z.enum(STREAM_SOURCE_TYPES, { error: `Stream source type must be one of ${STREAM_SOURCE_TYPES.join(', ')}.` });

/** A slot as stored and read back. */
export const storedSlotSchema = z.object({
  /** The signup that plays this slot; null (or dangling) only for legacy slots. */
  signupUuid: z.string().nullable(),
  /** Only for slots without a signup. */
  legacy: z.object({ djName: z.string().nullable(), djRef: z.string().nullable(), duration: z.number(), isDebut: z.boolean(), slotType: signupType }).nullable(),
  streamSourceUrl: z.string(),
  streamSourceType,
});

/** A slot as a save accepts it: its stream source URL in its one form (shared/streams.ts). */
export const slotSchema = z
  .object({
    signupUuid: idSchema('Signup id').nullable(),
    legacy: legacySlotSchema.nullable(),
    streamSourceUrl: streamLink('The stream source URL', LINEUP_LIMITS.streamSourceUrl),
    streamSourceType,
  } satisfies Record<keyof typeof storedSlotSchema.shape, z.ZodType>)
  .refine((slot) => slot.signupUuid !== null || slot.legacy !== null, 'A lineup slot needs a signup.');
export type Slot = z.infer<typeof storedSlotSchema>;
export type LegacySlot = NonNullable<Slot['legacy']>;
