import { DEFAULT_SETTINGS, type SettingsAnswer } from '@shared/schemas/settings';
import { settingsFormSchema, toForm } from './settingsForm';

const ORIGIN = 'https://discord.com';
const HOOK = `${ORIGIN}/api/webhooks/123456789012345678/abc-DEF_123`;
const stored: SettingsAnswer = {
  ...DEFAULT_SETTINGS,
  announcementRoleIds: ['123456789012345670'],
  discordWebhooks: {
    origin: ORIGIN,
    announcements: { configured: true, masked: `${ORIGIN}/api/webhooks/1234…/••••` },
    scheduling: { configured: false, masked: '' },
  },
};
const schema = settingsFormSchema(ORIGIN);
const form = toForm(stored);

test('a save that touches no webhook names none, so the stored ones are kept', () => {
  expect(form.webhooks).toEqual({ announcements: '', scheduling: '' });
  const body = schema.parse(form);
  expect(body.discordWebhookChanges).toEqual({});
  expect(body.announcementRoleIds).toEqual(['123456789012345670']);
  expect(body).not.toHaveProperty('webhooks');
});

test('a typed URL replaces a webhook; Remove without a URL deletes it', () => {
  const body = schema.parse({ ...form, webhooks: { announcements: ` ${HOOK} `, scheduling: '' }, removeWebhooks: { announcements: false, scheduling: true } });
  expect(body.discordWebhookChanges).toEqual({ announcements: HOOK, scheduling: null });
});

test("a URL outside Discord's API origin or shape is refused with a sentence naming the field", () => {
  const outside = schema.safeParse({ ...form, webhooks: { announcements: 'https://example.com/api/webhooks/1/abc', scheduling: '' } });
  expect(outside.error?.issues[0]).toMatchObject({ path: ['webhooks', 'announcements'], message: expect.stringMatching(/^Announcements webhook must start with https:\/\/discord\.com\//) });
  const shape = schema.safeParse({ ...form, webhooks: { announcements: '', scheduling: `${ORIGIN}/api/channels/1` } });
  expect(shape.error?.issues[0]).toMatchObject({ path: ['webhooks', 'scheduling'], message: expect.stringMatching(/^Scheduling webhook must look like /) });
});
