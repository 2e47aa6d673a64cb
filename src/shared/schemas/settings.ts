import { z } from 'zod';
import { isTimeZone, SPEC_ZONE } from '../time.js';
import { link, oneLine, tooLong, WEB_LINK_PROTOCOLS } from './fields.js';

// Global settings: the community-specific values the reference hard-coded (ARCHITECTURE.md),
// each with the specification's value as its default. Community links ship empty, so no
// generated text carries a placeholder; Home lists what is still unset (setup-checklist.ts).

export const DEFAULT_EVENT_MESSAGE =
  'Come chill and wiggle with us! Grab your friends, find a comfy spot on the dance floor and enjoy a night of great music.';

const text = (label: string, max: number) => z.string().trim().max(max, tooLong(label, max));
const webLink = (label: string) => link(label, WEB_LINK_PROTOCOLS, 2000);
const colour = (label: string) => z.string().regex(/^#[0-9a-fA-F]{6}$/, `${label} must be a colour like #1a2b3c.`);
const roleId = z.string().regex(/^\d{17,20}$/, 'Announcement role IDs must be Discord role IDs (17 to 20 digits).');

export const settingsSchema = z.object({
  signupUrl: webLink('Signup URL').min(1, 'Signup URL is required.'),
  seriesName: oneLine('Series name', 100, { required: true }),
  defaultMessage: text('Default message', 4000),
  defaultFooter: text('Default footer', 4000),
  /** ISO weekday, 1 = Monday … 7 = Sunday. */
  defaultWeekday: z.number().int().min(1).max(7, 'Default weekday must be a day of the week.'),
  defaultTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Default time must be a time like 20:00.'),
  defaultZone: z.string().refine(isTimeZone, 'Time zone must be an IANA time zone like Europe/London.'),
  announcementRoleIds: z.array(roleId).max(10, 'At most 10 announcement roles.'),
  schedulingChannelUrl: webLink('Scheduling channel link'),
  contactHostName: oneLine('Contact host name', 100),
  hostingGuideUrl: webLink('Hosting guide URL'),
  sharedDriveUrl: webLink('Shared drive URL'),
  chatServerUrl: webLink('Chat server URL'),
  /** The lineup image's colours (issue 14: social media and in-world screens). */
  imageBackground: colour('Background colour'),
  imageText: colour('Text colour'),
  imageAccent: colour('Accent colour'),
});

export type Settings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: Settings = {
  signupUrl: 'https://forms.example.org/sunday-service-signup',
  seriesName: 'Sunday Service',
  defaultMessage: DEFAULT_EVENT_MESSAGE,
  defaultFooter: '',
  defaultWeekday: 7,
  defaultTime: '20:00',
  defaultZone: SPEC_ZONE,
  announcementRoleIds: [],
  schedulingChannelUrl: '',
  contactHostName: 'the event host',
  hostingGuideUrl: '',
  sharedDriveUrl: '',
  chatServerUrl: '',
  imageBackground: '#16112b',
  imageText: '#f7f4ff',
  imageAccent: '#ff4f9a',
};

// Discord webhooks (issue 14): secrets, so they never travel back in full. The answer says
// whether each is set and shows it masked; a save changes one only when it names it.

const webhookStatusSchema = z.object({
  configured: z.boolean(),
  /** e.g. https://discord.com/api/webhooks/1234…/••••; '' when none is set. */
  masked: z.string(),
});

export const discordWebhooksStatusSchema = z.object({
  /** Discord's API origin: webhook URLs are accepted only under it. */
  origin: z.string(),
  announcements: webhookStatusSchema,
  scheduling: webhookStatusSchema,
});
export type DiscordWebhooksStatus = z.infer<typeof discordWebhooksStatusSchema>;

/** GET and PUT /api/settings answer: the settings and the state of the webhooks. */
export const settingsAnswerSchema = settingsSchema.extend({ discordWebhooks: discordWebhooksStatusSchema });
export type SettingsAnswer = z.infer<typeof settingsAnswerSchema>;

/** A new webhook URL (checked against Discord's API origin by the server), or null to remove it. */
const webhookChange = z.string().trim().min(1).max(500, tooLong('A webhook URL', 500)).nullable().optional();

/**
 * PUT /api/settings: the settings one section of Global Settings saves (issue 34), and the webhooks
 * to change. What the save does not name keeps what is stored (the spec's "merge signup_url into
 * it"), so a section saves only its own fields, and a webhook left out keeps its URL, which the page
 * never has. Unknown fields are refused, never dropped.
 */
export const saveSettingsSchema = z
  .strictObject({
    ...settingsSchema.partial().shape,
    discordWebhookChanges: z.strictObject({ announcements: webhookChange, scheduling: webhookChange }).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'Nothing to save: the request names no setting.');
export type SaveSettingsBody = z.infer<typeof saveSettingsSchema>;
