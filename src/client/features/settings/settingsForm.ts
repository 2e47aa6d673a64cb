import { z } from 'zod';
import { WEBHOOK_KINDS, WEBHOOK_LABELS, type WebhookKind, webhookUrlProblem } from '@shared/discord-webhooks';
import { type SaveSettingsBody, type SettingsAnswer, settingsSchema } from '@shared/schemas/settings';

/**
 * What the form edits: the settings, with the role ids as the text typed (comma-separated), and
 * for each webhook a new URL (empty keeps the stored one, which the page never has) or its removal.
 */
export function settingsFormSchema(webhookOrigin: string) {
  const webhook = (kind: WebhookKind) =>
    z
      .string()
      .trim()
      .superRefine((url, ctx) => {
        const problem = url === '' ? null : webhookUrlProblem(url, webhookOrigin, WEBHOOK_LABELS[kind]);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      });
  return settingsSchema
    .extend({
      announcementRoleIds: z
        .string()
        .transform((text) => text.split(/[\s,]+/).filter(Boolean))
        .pipe(settingsSchema.shape.announcementRoleIds),
      webhooks: z.object({ announcements: webhook('announcements'), scheduling: webhook('scheduling') }),
      removeWebhooks: z.object({ announcements: z.boolean(), scheduling: z.boolean() }),
    })
    .transform(({ webhooks, removeWebhooks, ...settings }): SaveSettingsBody => {
      const changes: NonNullable<SaveSettingsBody['discordWebhookChanges']> = {};
      for (const kind of WEBHOOK_KINDS) {
        if (webhooks[kind]) changes[kind] = webhooks[kind];
        else if (removeWebhooks[kind]) changes[kind] = null;
      }
      return { ...settings, discordWebhookChanges: changes };
    });
}
export type FormValues = z.input<ReturnType<typeof settingsFormSchema>>;

export const toForm = ({ discordWebhooks: _stored, ...settings }: SettingsAnswer): FormValues => ({
  ...settings,
  announcementRoleIds: settings.announcementRoleIds.join(', '),
  webhooks: { announcements: '', scheduling: '' },
  removeWebhooks: { announcements: false, scheduling: false },
});
