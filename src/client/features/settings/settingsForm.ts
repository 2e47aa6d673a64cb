import type { ComponentType } from 'react';
import { z } from 'zod';
import { WEBHOOK_KINDS, WEBHOOK_LABELS, type WebhookKind, webhookUrlProblem } from '@shared/discord-webhooks';
import { pickFields } from '@shared/schemas/fields';
import { type SaveSettingsBody, type Settings, type SettingsAnswer, settingsSchema } from '@shared/schemas/settings';

/**
 * A section of Global Settings: a card with a form and a Save of its own, which saves only its own
 * settings (issue 34; the server keeps the rest as stored). A new section is one of these: its
 * fields (a component inside its form) and its schema, listed in sections/index.ts.
 */
/** A section's form values (each section has its own shape). */
export type SectionValues = Record<string, unknown>;

export interface SettingsFormSection {
  title: string;
  /** What the form holds, turned into the save's body: only this section's settings. */
  schema: (answer: SettingsAnswer) => z.ZodType<SaveSettingsBody, SectionValues>;
  /** The form's values from the stored settings. */
  values: (answer: SettingsAnswer) => SectionValues;
  /** The section's fields (the form around them holds `values`). */
  Fields: ComponentType<{ answer: SettingsAnswer }>;
}

/** A section whose settings are edited as they are stored (a text, a URL, a colour). */
export function plainSection(title: string, keys: ReadonlyArray<keyof Settings>, Fields: SettingsFormSection['Fields']): SettingsFormSection {
  const mask: Partial<Record<keyof Settings, true>> = Object.fromEntries(keys.map((key) => [key, true]));
  return { title, schema: () => settingsSchema.pick(mask), values: (answer) => pickFields(keys, answer), Fields };
}

/** The announcement role ids as typed, comma- or space-separated, checked as stored. */
export const roleIdsText = z
  .string()
  .transform((text) => text.split(/[\s,]+/).filter(Boolean))
  .pipe(settingsSchema.shape.announcementRoleIds);

/**
 * The webhooks' form: for each a new URL (empty keeps the stored one, which the page never has)
 * or its removal; the save names only what changes.
 */
export function webhooksFormSchema(webhookOrigin: string) {
  const webhook = (kind: WebhookKind) =>
    z
      .string()
      .trim()
      .superRefine((url, ctx) => {
        const problem = url === '' ? null : webhookUrlProblem(url, webhookOrigin, WEBHOOK_LABELS[kind]);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      });
  return z
    .object({
      webhooks: z.object({ announcements: webhook('announcements'), scheduling: webhook('scheduling') }),
      removeWebhooks: z.object({ announcements: z.boolean(), scheduling: z.boolean() }),
    })
    .transform(({ webhooks, removeWebhooks }): SaveSettingsBody => {
      const changes: NonNullable<SaveSettingsBody['discordWebhookChanges']> = {};
      for (const kind of WEBHOOK_KINDS) {
        if (webhooks[kind]) changes[kind] = webhooks[kind];
        else if (removeWebhooks[kind]) changes[kind] = null;
      }
      return { discordWebhookChanges: changes };
    });
}

/** The webhooks' form as it starts: nothing typed, nothing to remove. */
export const NO_WEBHOOK_CHANGES = { webhooks: { announcements: '', scheduling: '' }, removeWebhooks: { announcements: false, scheduling: false } };
