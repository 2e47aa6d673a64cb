import type { WebhookUrl } from '@shared/discord-webhooks.js';
import { fetchWithin, isObject, jsonOf, OutboundFailure, type OutboundAnswer } from '../http/outbound.js';

// Executes and edits Discord webhook messages. `?wait=true` makes Discord answer with the message
// (its id is kept for "Update post"). Failures are thrown as WebhookFailure with a reason safe to
// log: never the webhook's URL, which is its credential.

/** What Discord is sent: the text and exactly the mentions that may ping. */
export interface WebhookPayload {
  content: string;
  allowed_mentions: { parse: []; users: string[]; roles: string[] };
}

/**
 * refused: the webhook is not valid (401, 403, 404); badMessage: Discord refused the message itself
 * (other 4xx); rateLimited: 429; messageGone: the message to edit was deleted; timedOut: no
 * complete answer in time; unavailable: anything else (5xx, network, an answer that is not Discord's).
 */
export type WebhookFailureKind = 'refused' | 'badMessage' | 'rateLimited' | 'unavailable' | 'timedOut' | 'messageGone';

export class WebhookFailure extends Error {
  constructor(
    readonly reason: string,
    readonly kind: WebhookFailureKind,
    /** With rateLimited: whole seconds Discord asks to wait. */
    readonly retryAfterSeconds?: number,
  ) {
    super(reason);
  }
}

/** Posts a new message; its id. */
export function executeWebhook(webhook: WebhookUrl, payload: WebhookPayload, timeoutMs: number): Promise<string> {
  return send(`${webhook.url}?wait=true`, 'POST', payload, timeoutMs, 'post');
}

/** Edits a message the webhook posted; its id. */
export function editWebhookMessage(webhook: WebhookUrl, messageId: string, payload: WebhookPayload, timeoutMs: number): Promise<string> {
  return send(`${webhook.url}/messages/${encodeURIComponent(messageId)}`, 'PATCH', payload, timeoutMs, 'edit');
}

async function send(url: string, method: string, payload: WebhookPayload, timeoutMs: number, what: 'post' | 'edit'): Promise<string> {
  let answer: OutboundAnswer;
  try {
    answer = await fetchWithin(url, { method, headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(payload) }, timeoutMs);
  } catch (error) {
    if (error instanceof OutboundFailure) throw new WebhookFailure(`webhook ${what} failed: ${error.reason}`, error.timedOut ? 'timedOut' : 'unavailable');
    throw error;
  }
  const body = jsonOf(answer.text);
  const discordCode = isObject(body) && typeof body.code === 'number' ? body.code : null;
  if (answer.status === 200) {
    if (isObject(body) && typeof body.id === 'string' && /^\d{1,20}$/.test(body.id)) return body.id;
    throw new WebhookFailure(`webhook ${what} answer has no message id`, 'unavailable');
  }
  const failed = `webhook ${what} answered ${answer.status}${discordCode === null ? '' : ` (Discord code ${discordCode})`}`;
  // 10008 Unknown Message: deleted in Discord. (10015 Unknown Webhook is a refused webhook.)
  if (answer.status === 404 && what === 'edit' && discordCode === 10008) throw new WebhookFailure(failed, 'messageGone');
  if (answer.status === 429) throw new WebhookFailure(failed, 'rateLimited', retryAfter(body, answer.headers));
  if ([401, 403, 404].includes(answer.status)) throw new WebhookFailure(failed, 'refused');
  if (answer.status >= 400 && answer.status < 500) throw new WebhookFailure(failed, 'badMessage');
  throw new WebhookFailure(failed, 'unavailable');
}

/** Seconds to wait, rounded up: the body's retry_after (seconds, fractional), else the Retry-After header. */
function retryAfter(body: unknown, headers: Headers): number {
  const fromBody = isObject(body) && typeof body.retry_after === 'number' ? body.retry_after : NaN;
  const seconds = Number.isFinite(fromBody) ? fromBody : Number(headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 1;
}
