// Discord webhooks (issue 14 "Post to Discord"): which URLs count as one, how one is shown
// (masked: the URL is the credential), and which webhook each kind of post goes through.

/** Discord's API when DISCORD_API_URL is not set: webhook URLs must be under its origin. */
export const DISCORD_API_DEFAULT = 'https://discord.com/api';

/** Discord refuses longer message content. */
export const DISCORD_MESSAGE_LIMIT = 2000;

export const WEBHOOK_KINDS = ['announcements', 'scheduling'] as const;
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];

export const WEBHOOK_LABELS: Record<WebhookKind, string> = {
  announcements: 'Announcements webhook',
  scheduling: 'Scheduling webhook',
};

/**
 * The texts staff can post: Setup's signups-open message, Verify DJs, the Discord announcement,
 * and a cancelled event's cancellation notice (issue 34).
 */
export const DISCORD_POST_KINDS = ['signups-open', 'verify', 'announcement', 'cancellation'] as const;
export type DiscordPostKind = (typeof DISCORD_POST_KINDS)[number];

/** Where each text goes: Verify DJs to the scheduling channel, the others to the community. */
export const WEBHOOK_OF_POST: Record<DiscordPostKind, WebhookKind> = {
  'signups-open': 'announcements',
  verify: 'scheduling',
  announcement: 'announcements',
  cancellation: 'announcements',
};

/** Discord's documented shape, after any path prefix (/api, /api/v10): /webhooks/{id}/{token}. */
const WEBHOOK_PATH = /^((?:\/[A-Za-z0-9_-]+)*)\/webhooks\/(\d{1,20})\/([A-Za-z0-9_-]{1,200})$/;

export interface WebhookUrl {
  /** The URL as staff gave it (trimmed): what the app calls. */
  url: string;
  id: string;
}

/** Why `value` is not a webhook URL under Discord's API `origin`, or null; `label` names the field. */
export function webhookUrlProblem(value: string, origin: string, label: string): string | null {
  const example = `${origin}/api/webhooks/ID/TOKEN`;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return `${label} must be a Discord webhook URL, like ${example}.`;
  }
  if (url.origin !== origin) return `${label} must start with ${origin}/ (Discord's API): copy it in Discord with Copy Webhook URL.`;
  if (url.username || url.password || url.search || url.hash || !WEBHOOK_PATH.test(url.pathname)) {
    return `${label} must look like ${example}: copy it in Discord with Copy Webhook URL.`;
  }
  return null;
}

/** The webhook `value` names when it is a valid one under `origin`, else null. */
export function parseWebhookUrl(value: string, origin: string): WebhookUrl | null {
  if (webhookUrlProblem(value, origin, 'Webhook') !== null) return null;
  const url = value.trim();
  return { url, id: WEBHOOK_PATH.exec(new URL(url).pathname)![2]! };
}

/** How a stored webhook is shown: its origin and the start of its id, never the token. */
export function maskWebhookUrl(value: string): string {
  try {
    const url = new URL(value.trim());
    const match = WEBHOOK_PATH.exec(url.pathname);
    if (match) return `${url.origin}${match[1]}/webhooks/${match[2]!.slice(0, 4)}…/••••`;
  } catch {
    // not a URL: nothing of it is shown
  }
  return '••••';
}
