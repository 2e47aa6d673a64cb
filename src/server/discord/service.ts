import type { FastifyBaseLogger } from 'fastify';
import { discordPostMessage } from '@shared/announcements.js';
import { type DiscordPostKind, WEBHOOK_OF_POST } from '@shared/discord-webhooks.js';
import { signupLink } from '@shared/paths.js';
import type { DiscordPostsAnswer, DiscordPost } from '@shared/schemas/discord.js';
import type { SessionUser } from '../auth/sessions.js';
import type { AppContext } from '../context.js';
import { assertEventExists, getEventDetail } from '../events/service.js';
import { recordChange } from '../history/record.js';
import { conflict, HttpError } from '../http/errors.js';
import { readSettings, readWebhooks } from '../settings/service.js';
import * as repository from './repository.js';
import { editWebhookMessage, executeWebhook, WebhookFailure, type WebhookPayload } from './webhook.js';

// "Post to Discord": the server builds the text itself from the saved event, the way the tab
// shows it, and posts it only when it is the text the person saw; the mentions that may ping
// come from the same data (never from the text). See docs/decisions/012-posting-to-discord.md.

export async function listPosts({ ctx, eventId }: { ctx: AppContext; eventId: string }): Promise<DiscordPostsAnswer> {
  const { db } = ctx.store;
  await assertEventExists({ db, eventId });
  const [posts, webhooks] = await Promise.all([repository.findPosts(db, eventId), readWebhooks({ db, origin: ctx.config.discord.webhookOrigin })]);
  return { posts, webhooks: { announcements: webhooks.announcements !== undefined, scheduling: webhooks.scheduling !== undefined } };
}

export interface PostRequest {
  eventId: string;
  kind: DiscordPostKind;
  /** The text the person saw and asked to post. */
  text: string;
  user: SessionUser;
  /** The app's public origin, for the signup link in the signups-open message. */
  origin: string;
  log: FastifyBaseLogger;
}

const STALE_TEXT =
  'This text is not what the saved event gives: save your changes (or reload the page to see changes made elsewhere), then post again.';

/** Posts the text, or edits the message posted before through the same webhook ("Update post"). */
export async function postToDiscord({ ctx, request }: { ctx: AppContext; request: PostRequest }): Promise<{ post: DiscordPost; updated: boolean }> {
  const { db } = ctx.store;
  const { eventId, kind, user } = request;
  const [event, settings, webhooks] = await Promise.all([
    getEventDetail({ db, eventId }),
    readSettings(db),
    readWebhooks({ db, origin: ctx.config.discord.webhookOrigin }),
  ]);
  // A cancelled event is told as cancelled, and only a cancelled one (issue 34).
  if (event.cancelled && kind !== 'cancellation') {
    throw conflict('This event is cancelled: post its cancellation notice instead, or restore it first.', 'event_cancelled');
  }
  if (!event.cancelled && kind === 'cancellation') throw conflict('This event is not cancelled: there is no cancellation to post.');
  const webhookKind = WEBHOOK_OF_POST[kind];
  const webhook = webhooks[webhookKind];
  if (!webhook) throw conflict(`No ${webhookKind} webhook is set: add one in Global Settings to post from here.`, 'webhook_not_configured');
  if (kind === 'signups-open' && !event.signupsAreOpen) {
    throw conflict('Signups for this event are closed: open them and save before posting the signup message.', 'signups_closed');
  }
  const message = discordPostMessage(kind, {
    event,
    djs: event.djs,
    announcementRoleIds: settings.announcementRoleIds,
    signupLink: signupLink(request.origin, eventId),
  });
  if (message.content !== request.text) throw conflict(STALE_TEXT, 'stale_text');
  const payload: WebhookPayload = { content: message.content, allowed_mentions: { parse: [], ...message.mentions } };

  const earlier = await repository.findPost(db, eventId, kind);
  const now = Date.now();
  try {
    // Only the webhook that posted a message can edit it: after a change of webhook, post anew.
    if (earlier && earlier.webhookId === webhook.id) {
      await editWebhookMessage(webhook, earlier.post.messageId, payload, ctx.limits.discordTimeoutMs);
      await repository.recordUpdate(db, eventId, kind, now, user.publicName);
    } else {
      const messageId = await executeWebhook(webhook, payload, ctx.limits.discordTimeoutMs);
      await repository.recordPost(db, { eventId, kind, messageId, webhookId: webhook.id, at: now, by: { djId: user.djId, name: user.publicName } });
    }
  } catch (error) {
    if (!(error instanceof WebhookFailure)) throw error;
    request.log.warn({ eventId, kind, reason: error.reason }, 'posting to Discord failed');
    if (error.kind === 'messageGone') await repository.forgetPost(db, eventId, kind);
    throw httpErrorOf(error);
  }
  const updated = earlier?.webhookId === webhook.id;
  await recordChange(db, { eventId, actor: user, kind: 'discord_post', version: event.version, lines: [{ t: 'discord', post: kind, updated }], at: now });
  const stored = await repository.findPost(db, eventId, kind);
  return { post: stored!.post, updated };
}

/** What the person reads: what happened and what to do; the text stays on their screen. */
function httpErrorOf(failure: WebhookFailure): HttpError {
  switch (failure.kind) {
    case 'refused':
      return new HttpError(502, 'discord_refused', 'Discord refused the webhook: check it in Global Settings.');
    case 'badMessage':
      return new HttpError(502, 'discord_refused', 'Discord refused the message: post it by hand, and tell whoever runs Lineup.');
    case 'rateLimited': {
      const seconds = failure.retryAfterSeconds ?? 1;
      return new HttpError(429, 'discord_rate_limited', `Discord asks to wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'}; try again then.`, {
        retryAfterSeconds: seconds,
      });
    }
    case 'messageGone':
      return new HttpError(409, 'discord_message_gone', 'The earlier message is no longer in Discord (deleted there?): use Post to Discord to post it again.');
    case 'timedOut':
      return new HttpError(
        504,
        'discord_unavailable',
        'Discord did not answer in time. Look in the channel before trying again: the message may have arrived.',
      );
    default:
      return new HttpError(502, 'discord_unavailable', 'Discord is not answering properly right now (it may be down); try again in a few minutes.');
  }
}
