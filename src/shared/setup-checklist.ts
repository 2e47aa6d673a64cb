// "Set up your community" (issue 13): the global settings a fresh install still has to set,
// listed on Home until they are set. Pure: the server says which fields were ever saved.
import { z } from 'zod';
import { DEFAULT_SETTINGS, type Settings } from './schemas/settings.js';

export const SETUP_REASONS = ['placeholder', 'unset', 'unconfirmed'] as const;
export type SetupReason = (typeof SETUP_REASONS)[number];

/** The settings the checklist covers, in the order of the Global Settings page. */
export const SETUP_FIELDS = [
  'signupUrl',
  'seriesName',
  'defaultWeekday',
  'announcementRoleIds',
  'schedulingChannelUrl',
  'contactHostName',
  'hostingGuideUrl',
  'sharedDriveUrl',
  'chatServerUrl',
] as const satisfies readonly (keyof Settings)[];
export type SetupField = (typeof SETUP_FIELDS)[number];

export const setupItemSchema = z.object({
  field: z.enum(SETUP_FIELDS),
  label: z.string(),
  reason: z.enum(SETUP_REASONS),
});
export type SetupItem = z.infer<typeof setupItemSchema>;

export const setupChecklistSchema = z.object({ items: z.array(setupItemSchema) });

const LABELS: Record<SetupField, string> = {
  signupUrl: 'Signup URL',
  seriesName: 'Series name',
  defaultWeekday: 'Default weekday, time and zone',
  announcementRoleIds: 'Announcement role IDs',
  schedulingChannelUrl: 'Scheduling channel link',
  contactHostName: 'Contact host name',
  hostingGuideUrl: 'Hosting guide URL',
  sharedDriveUrl: 'Shared drive URL',
  chatServerUrl: 'Chat server URL',
};

type SetupLinkField = 'signupUrl' | 'schedulingChannelUrl' | 'hostingGuideUrl' | 'sharedDriveUrl' | 'chatServerUrl';

/**
 * A link still at the example Lineup ships with (the signup URL's is on example.org): not the
 * community's yet. Whatever an admin saved instead counts as set, whatever its host.
 */
export function isShippedExample(field: SetupLinkField, url: string): boolean {
  return url !== '' && url === DEFAULT_SETTINGS[field];
}

/**
 * What is still to set, in page order: links that are empty or still the shipped example, no
 * announcement roles, the shipped contact name, and the series name and schedule while nobody
 * has saved them (their shipped values are real choices a community may keep: saving confirms).
 */
export function setupChecklist(settings: Settings, saved: ReadonlySet<keyof Settings>): SetupItem[] {
  const confirmed = (...fields: (keyof Settings)[]): SetupReason | null => (fields.every((field) => saved.has(field)) ? null : 'unconfirmed');
  const link = (field: SetupLinkField): SetupReason | null =>
    settings[field] === '' ? 'unset' : isShippedExample(field, settings[field]) ? 'placeholder' : null;
  const reasons: Record<SetupField, SetupReason | null> = {
    signupUrl: link('signupUrl'),
    seriesName: confirmed('seriesName'),
    defaultWeekday: confirmed('defaultWeekday', 'defaultTime', 'defaultZone'),
    announcementRoleIds: settings.announcementRoleIds.length === 0 ? 'unset' : null,
    schedulingChannelUrl: link('schedulingChannelUrl'),
    contactHostName:
      settings.contactHostName === '' ? 'unset' : settings.contactHostName === DEFAULT_SETTINGS.contactHostName ? 'placeholder' : null,
    hostingGuideUrl: link('hostingGuideUrl'),
    sharedDriveUrl: link('sharedDriveUrl'),
    chatServerUrl: link('chatServerUrl'),
  };
  return SETUP_FIELDS.flatMap((field) => {
    const reason = reasons[field];
    return reason ? [{ field, label: LABELS[field], reason }] : [];
  });
}
