// The product's entities as the API and the domain logic see them (spec §3).
// Times are ISO-8601 UTC instants (strings) so the same objects travel over JSON unchanged.

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

/** What a DJ typed into the signup wizard (spec §3 "Signup form data"); snake_case is the intake contract of spec §7. */
export interface SignupFormData {
  event_id: string;
  name: string;
  is_b2b: boolean;
  b2b_members_response: string;
  requested_duration: number;
  type: SignupType;
  stream_link: string;
  /** ISO instant or 'any'. */
  available_from: string;
  available_to: string;
  confirm_expectations: boolean;
  dj_notes: string;
}

export interface Signup {
  uuid: string;
  name: string;
  /** DJ ids, in order; the first is the signup's main DJ. */
  djRefs: string[];
  isDebut: boolean;
  /** Hours. */
  requestedDuration: number;
  type: SignupType;
  /** Staff-only: collapses the card in the Signups column. */
  hidden: boolean;
  formData: SignupFormData | null;
}

export interface Slot {
  /** Links the slot to a signup of the same event; null or dangling for legacy slots. */
  signupUuid: string | null;
  /** Legacy name from events created before signups existed. */
  djName: string | null;
  djRef: string | null;
  startTime: string;
  /** Hours. */
  duration: number;
  isDebut: boolean;
  slotType: SignupType;
  streamSourceUrl: string;
  streamSourceType: StreamSourceType;
}

export interface EventFields {
  name: string;
  startDatetime: string;
  endDatetime: string;
  host: string;
  message: string;
  footer: string;
  signupsAreOpen: boolean;
}

export interface LineupEvent extends EventFields {
  id: string;
  published: boolean;
  slots: Slot[];
  signups: Signup[];
  /** DJ ids that play in this event (derived from the lineup). */
  djPlays: string[];
  /** Optimistic-concurrency version, bumped by every staff save. */
  version: number;
}

export interface Dj {
  id: string;
  discordId: string | null;
  publicName: string;
  djName: string;
  rtmpUrl: string;
  twitchUsername: string;
  avatarUrl: string | null;
  notes: string;
}

/** A DJ's appearance in an event, for "Other Events" and the Plays list. */
export interface DjPlay {
  eventId: string;
  eventName: string;
  startDatetime: string;
}
