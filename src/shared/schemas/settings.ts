import { z } from 'zod';

// Global settings: the community-specific values the reference hard-coded (ARCHITECTURE.md),
// each with the specification's value as its default.

export const DEFAULT_EVENT_MESSAGE =
  'Come chill and wiggle with us! Grab your friends, find a comfy spot on the dance floor and enjoy a night of great music.';
export const DEFAULT_EVENT_FOOTER =
  'Join the community: https://discord.gg/your-community\nFollow the streams: https://twitch.tv/your-community';

const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);
const optionalUrl = z.union([z.literal(''), z.url('must be a URL')]);
const roleId = z.string().regex(/^\d{17,20}$/, 'must be a Discord role id (17 to 20 digits)');

export const settingsSchema = z.object({
  signupUrl: z.url('Signup URL must be a URL').max(2000),
  seriesName: text(100).min(1, 'Series name is required'),
  defaultMessage: text(4000),
  defaultFooter: text(4000),
  /** ISO weekday, 1 = Monday … 7 = Sunday. */
  defaultWeekday: z.number().int().min(1).max(7),
  defaultTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time like 20:00'),
  defaultZone: z.string().refine(isTimeZone, 'must be an IANA time zone like Europe/London'),
  announcementRoleIds: z.array(roleId).max(10),
  schedulingChannelUrl: optionalUrl,
  contactHostName: text(100),
  hostingGuideUrl: optionalUrl,
  sharedDriveUrl: optionalUrl,
  chatServerUrl: optionalUrl,
});

export type Settings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: Settings = {
  signupUrl: 'https://forms.example.org/sunday-service-signup',
  seriesName: 'Sunday Service',
  defaultMessage: DEFAULT_EVENT_MESSAGE,
  defaultFooter: DEFAULT_EVENT_FOOTER,
  defaultWeekday: 7,
  defaultTime: '20:00',
  defaultZone: 'Europe/London',
  announcementRoleIds: [],
  schedulingChannelUrl: '',
  contactHostName: 'the event host',
  hostingGuideUrl: '',
  sharedDriveUrl: '',
  chatServerUrl: '',
};

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
