import { DEFAULT_SETTINGS, type SettingsAnswer } from '@shared/schemas/settings';
import { communitySection } from './sections/community';
import { NO_WEBHOOK_CHANGES, webhooksFormSchema } from './settingsForm';

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
const schema = webhooksFormSchema(ORIGIN);
const form = NO_WEBHOOK_CHANGES;

test('a save that touches no webhook names none, so the stored ones are kept', () => {
  const body = schema.parse(form);
  expect(body).toEqual({ discordWebhookChanges: {} });
});

test('a section saves only its own settings, the role ids as typed turned into a list', () => {
  const community = communitySection.values(stored);
  expect(community).toEqual({ announcementRoleIds: '123456789012345670', schedulingChannelUrl: '', contactHostName: 'the event host' });
  const body = communitySection.schema(stored).parse({ ...community, announcementRoleIds: '123456789012345670, 223456789012345670' });
  expect(body).toEqual({ announcementRoleIds: ['123456789012345670', '223456789012345670'], schedulingChannelUrl: '', contactHostName: 'the event host' });
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
