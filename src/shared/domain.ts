// The product's enums and constants (spec §3, §9), each defined once. The entities themselves are
// zod schemas in schemas/ (types are z.infer of them). Times travel as ISO-8601 UTC strings.

export const ROLES = ['admin', 'host', 'dj'] as const;
export type Role = (typeof ROLES)[number];

/** Slot/signup types. The DJ wizard offers only LIVE and PRERECORD. */
export const SIGNUP_TYPES = ['LIVE', 'PRERECORD', 'RTMP', 'TWITCH'] as const;
export type SignupType = (typeof SIGNUP_TYPES)[number];
export const WIZARD_SIGNUP_TYPES = ['LIVE', 'PRERECORD'] as const satisfies readonly SignupType[];
/** A signup type as people read it. */
export const SIGNUP_TYPE_LABELS: Record<SignupType, string> = { LIVE: 'Live', PRERECORD: 'Prerecord', RTMP: 'RTMP', TWITCH: 'Twitch' };

export const STREAM_SOURCE_TYPES = ['VRCDN', 'TWITCH', 'RTMP', 'PRERECORD', 'MANUAL'] as const;
export type StreamSourceType = (typeof STREAM_SOURCE_TYPES)[number];
export const STREAM_SOURCE_LABELS: Record<StreamSourceType, string> = {
  VRCDN: 'VRCDN',
  TWITCH: 'Twitch',
  RTMP: 'RTMP',
  PRERECORD: 'PreRecord',
  MANUAL: 'Manual',
};

/**
 * The staff editor's lengths, in hours: 15-minute steps up to 4 hours (issue 13), the spec's
 * choices (§5: None, Half Hour, 1 Hour, 1.5 Hours, 2 Hours) named as it names them.
 */
export const STAFF_DURATION_OPTIONS = [
  { value: 0, label: 'None' },
  { value: 0.25, label: '15 Minutes' },
  { value: 0.5, label: 'Half Hour' },
  { value: 0.75, label: '45 Minutes' },
  { value: 1, label: '1 Hour' },
  { value: 1.25, label: '1 Hour 15 Minutes' },
  { value: 1.5, label: '1.5 Hours' },
  { value: 1.75, label: '1 Hour 45 Minutes' },
  { value: 2, label: '2 Hours' },
  { value: 2.25, label: '2 Hours 15 Minutes' },
  { value: 2.5, label: '2.5 Hours' },
  { value: 2.75, label: '2 Hours 45 Minutes' },
  { value: 3, label: '3 Hours' },
  { value: 3.25, label: '3 Hours 15 Minutes' },
  { value: 3.5, label: '3.5 Hours' },
  { value: 3.75, label: '3 Hours 45 Minutes' },
  { value: 4, label: '4 Hours' },
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

/** A DJ's answer to the slot proposed to them (issue 13): proposed until they confirm or decline. */
/** What a DJ's update can change about the slot their signup plays. */
export const SLOT_FIELDS = ['name', 'length', 'type'] as const;
export type SlotField = (typeof SLOT_FIELDS)[number];

export const CONFIRMATIONS = ['proposed', 'confirmed', 'declined'] as const;
export type Confirmation = (typeof CONFIRMATIONS)[number];

/** What staff mark a slot on the live board (issue 35): its DJ is on air, or did not show (not a play). */
export const LIVE_MARKS = ['on_air', 'no_show'] as const;
export type LiveMark = (typeof LIVE_MARKS)[number];
export const LIVE_MARK_LABELS: Record<LiveMark, string> = { on_air: 'On air', no_show: 'No-show' };

/** What an entry of an event's history records (docs/decisions/013-event-history.md). */
export const EVENT_CHANGE_KINDS = [
  'created',
  'saved',
  'published',
  'unpublished',
  'cancelled',
  'restored',
  'preflight_step',
  'confirmation',
  'signup_submitted',
  'signup_updated',
  'signup_withdrawn',
  'slot_confirmed',
  'slot_declined',
  'discord_post',
  'dj_merged',
  'stream_check',
  'live_mark',
] as const;
export type EventChangeKind = (typeof EVENT_CHANGE_KINDS)[number];
