// The product's enums and constants (spec §3, §9), each defined once. The entities themselves are
// zod schemas in schemas/ (types are z.infer of them). Times travel as ISO-8601 UTC strings.

export const ROLES = ['admin', 'host', 'dj'] as const;
export type Role = (typeof ROLES)[number];

/** Slot/signup types. The DJ wizard offers only LIVE and PRERECORD. */
export const SIGNUP_TYPES = ['LIVE', 'PRERECORD', 'RTMP', 'TWITCH'] as const;
export type SignupType = (typeof SIGNUP_TYPES)[number];
export const WIZARD_SIGNUP_TYPES = ['LIVE', 'PRERECORD'] as const satisfies readonly SignupType[];

export const STREAM_SOURCE_TYPES = ['VRCDN', 'TWITCH', 'RTMP', 'PRERECORD', 'MANUAL'] as const;
export type StreamSourceType = (typeof STREAM_SOURCE_TYPES)[number];
export const STREAM_SOURCE_LABELS: Record<StreamSourceType, string> = {
  VRCDN: 'VRCDN',
  TWITCH: 'Twitch',
  RTMP: 'RTMP',
  PRERECORD: 'PreRecord',
  MANUAL: 'Manual',
};

/** Requested duration choices, in hours (spec §5, §9). */
export const STAFF_DURATION_OPTIONS = [
  { value: 0, label: 'None' },
  { value: 0.5, label: 'Half Hour' },
  { value: 1, label: '1 Hour' },
  { value: 1.5, label: '1.5 Hours' },
  { value: 2, label: '2 Hours' },
] as const;
export const WIZARD_DURATION_OPTIONS = [
  { value: 1, label: 'One Hour' },
  { value: 0.5, label: 'Half Hour' },
] as const;

export const SLOT_UNIT_MINUTES = 60;
export const DEFAULT_SLOT_HOURS = 1;
export const DISCORD_ID_MIN_DIGITS = 17;
export const WIZARD_STEPS = 4;
export const AVAILABILITY_OPTION_COUNT = 7;
export const OTHER_EVENTS_SHOWN = 3;
