import { type Behaviour, startFakeServer } from './fake-server.js';

// Discord's webhook endpoints for the tests, reached through DISCORD_API_URL (the app accepts
// webhook URLs only under its origin): execute (POST …/webhooks/{id}/{token}?wait=true) and edit
// (PATCH …/webhooks/{id}/{token}/messages/{id}), answering as Discord does, including its
// failures. The end-to-end tests (another process) make a webhook with POST /_fake/webhooks and
// read what arrived through GET /_fake/messages.

export interface FakeMessage {
  id: string;
  webhookId: string;
  content: string;
  allowedMentions: unknown;
  /** How many times it was edited. */
  edits: number;
}

export interface SeenWebhookRequest {
  method: string;
  /** The path and query, token included: the tests check the app never logs or answers it. */
  url: string;
  body: unknown;
}

/** As fake-discord's, plus Discord's rate limit (429 with retry_after). */
export type WebhookBehaviour = Behaviour | { rateLimitSeconds: number };

const WEBHOOK_PATH = /^(?:\/[A-Za-z0-9_-]+)*\/webhooks\/(\d+)\/([A-Za-z0-9_-]+)(?:\/messages\/(\d+))?$/;

export async function startFakeWebhook() {
  const tokens = new Map<string, string>();
  const messages = new Map<string, FakeMessage>();
  const seen: SeenWebhookRequest[] = [];
  let behaviour: WebhookBehaviour = 'ok';
  let counter = 0;
  let origin = '';
  let webhooks = 0;
  /** A webhook Discord knows, with its URL under the fake's origin. */
  const webhook = (prefix = '/api') => {
    const id = `8${String(++webhooks).padStart(17, '0')}${Math.floor(Math.random() * 10)}`;
    const token = `tok_${Math.random().toString(36).slice(2)}-${Date.now().toString(36)}_SECRET`;
    tokens.set(id, token);
    return { id, token, url: `${origin}${prefix}/webhooks/${id}/${token}` };
  };

  const server = await startFakeServer(({ request, response, body: raw, send, answer: misbehave }) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    if (request.method === 'GET' && url.pathname === '/_fake/messages') return send(200, [...messages.values()]);
    if (request.method === 'POST' && url.pathname === '/_fake/webhooks') return send(200, webhook());

    let body: unknown;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      return send(400, { message: 'The request body contains invalid JSON.', code: 50109 });
    }
    seen.push({ method: request.method ?? '', url: request.url ?? '', body });

    if (typeof behaviour === 'object' && 'rateLimitSeconds' in behaviour) {
      response.setHeader('retry-after', String(Math.ceil(behaviour.rateLimitSeconds)));
      return send(429, { message: 'You are being rate limited.', retry_after: behaviour.rateLimitSeconds, global: false });
    }

    const match = WEBHOOK_PATH.exec(url.pathname);
    const execute = () => {
      if (!match) return send(404, { message: '404: Not Found', code: 0 });
      const [, webhookId, token, messageId] = match as unknown as [string, string, string, string | undefined];
      const expected = tokens.get(webhookId);
      if (expected === undefined) return send(404, { message: 'Unknown Webhook', code: 10015 });
      if (expected !== token) return send(401, { message: 'Invalid Webhook Token', code: 50027 });
      const { content, allowed_mentions: allowedMentions } = (body ?? {}) as { content?: unknown; allowed_mentions?: unknown };
      if (typeof content !== 'string' || content.length === 0 || content.length > 2000) {
        return send(400, { message: 'Invalid Form Body', code: 50035 });
      }
      const answer = (message: FakeMessage) => {
        if (request.method === 'POST' && url.searchParams.get('wait') !== 'true') return send(204);
        send(200, { id: message.id, channel_id: '900000000000000001', webhook_id: webhookId, content: message.content, type: 0 });
      };
      if (request.method === 'POST' && !messageId) {
        const message: FakeMessage = { id: `9${String(++counter).padStart(17, '0')}`, webhookId, content, allowedMentions, edits: 0 };
        messages.set(message.id, message);
        return answer(message);
      }
      if (request.method === 'PATCH' && messageId) {
        const message = messages.get(messageId);
        if (!message || message.webhookId !== webhookId) return send(404, { message: 'Unknown Message', code: 10008 });
        Object.assign(message, { content, allowedMentions, edits: message.edits + 1 });
        return answer(message);
      }
      send(405, { message: '405: Method Not Allowed', code: 0 });
    };
    misbehave(behaviour, execute);
  });
  origin = server.url;
  return {
    /** What DISCORD_API_URL is set to. */
    url: origin,
    seen,
    webhook,
    messages: (webhookId?: string) => [...messages.values()].filter((message) => webhookId === undefined || message.webhookId === webhookId),
    /** The message is deleted in Discord. */
    deleteMessage(messageId: string) {
      messages.delete(messageId);
    },
    behave(next: WebhookBehaviour) {
      behaviour = next;
      if (next === 'ok') server.releaseHeld();
    },
    close: server.close,
  };
}

export type FakeWebhook = Awaited<ReturnType<typeof startFakeWebhook>>;
