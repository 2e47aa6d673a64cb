import { DJ_POST_KINDS, type DjPost, type EventDjPosts, type MyReminders, type ReminderSettings, type ReminderSettingsAnswer } from '@shared/schemas/dj-posts.js';
import type { FastifyRequest } from 'fastify';
import { ownOrigin } from '../auth/origin.js';
import type { SessionUser } from '../auth/sessions.js';
import type { AppContext } from '../context.js';
import { findDjsById } from '../djs/rows.js';
import { assertEventExists } from '../events/service.js';
import { conflict, forbidden, notFound } from '../http/errors.js';
import { readWebhooks } from '../settings/service.js';
import { keepEventInStep, type PostsOfChange } from './plan.js';
import * as repository from './repository.js';
import { readReminderSettings, writeReminderSettings } from './settings.js';

// The posts to DJs as staff and DJs see them: an event's list with Retry, Global Settings'
// Reminders section, a DJ's own choice. Every change that moves reminders moves them in its own
// transaction, and a post it makes due now is sent at once (the schedule's kick).

/** What a request that changes a lineup gives the schedule (events and signup routes). */
export const postsOfRequest = (ctx: AppContext, request: FastifyRequest): PostsOfChange => ({
  now: ctx.clock.now(),
  origin: ownOrigin(request, ctx),
  dialect: ctx.store.dialect,
  kick: () => ctx.djPosts.kick(),
});

const POST_NOT_FOUND = 'This post is not on the event’s list (reload the page).';

/** The event's posts, soonest due first, with the DJs they are for by name. */
export async function listEventPosts({ ctx, eventId }: { ctx: AppContext; eventId: string }): Promise<EventDjPosts> {
  const { db } = ctx.store;
  await assertEventExists({ db, eventId });
  const [posts, settings, webhooks] = await Promise.all([
    repository.findEventPosts(db, eventId),
    readReminderSettings(db),
    readWebhooks({ db, origin: ctx.config.discord.webhookOrigin }),
  ]);
  const djs = await findDjsById(db, [...new Set(posts.flatMap((post) => post.djIds))]);
  const nameOf = (djId: string) => djs[djId]?.djName || djs[djId]?.publicName || 'A DJ no longer on the roster';
  const list = posts.map((post) => shown(post, nameOf));
  // Soonest due first; at one moment, by kind, then by the DJs' names.
  list.sort((a, b) => a.dueAt.localeCompare(b.dueAt) || DJ_POST_KINDS.indexOf(a.kind) - DJ_POST_KINDS.indexOf(b.kind) || a.djs.join().localeCompare(b.djs.join()));
  return { posts: list, schedulingWebhookSet: webhooks.scheduling !== undefined, settings };
}

const shown = (post: repository.StoredPost, nameOf: (djId: string) => string): DjPost => ({
  id: post.id,
  kind: post.kind,
  state: post.state,
  djs: post.djIds.map(nameOf),
  dueAt: new Date(post.dueAt).toISOString(),
  sentAt: post.sentAt === null ? null : new Date(post.sentAt).toISOString(),
  outcome: post.outcome,
  content: post.content,
});

/** Retry: a failed or skipped post goes out now (its text is built again if it is a reminder). */
export async function retryPost({ ctx, eventId, postId }: { ctx: AppContext; eventId: string; postId: string }): Promise<DjPost> {
  const { db } = ctx.store;
  const now = ctx.clock.now();
  const { lateLimitMinutes } = await readReminderSettings(db);
  const post = await db.transaction().execute(async (trx) => {
    const found = await repository.findPost(trx, eventId, postId);
    if (!found) throw notFound(POST_NOT_FOUND);
    if (!(await repository.retryPost(trx, postId, now, now + lateLimitMinutes * 60_000))) {
      throw conflict(found.state === 'sent' ? 'This post was sent already.' : 'This post is already on its way: it is scheduled or being sent.');
    }
    return (await repository.findPost(trx, eventId, postId))!;
  });
  ctx.djPosts.kick();
  const djs = await findDjsById(db, post.djIds);
  return shown(post, (djId) => djs[djId]?.djName || djs[djId]?.publicName || 'A DJ no longer on the roster');
}

export async function getReminderSettings(ctx: AppContext): Promise<ReminderSettingsAnswer> {
  const { db } = ctx.store;
  const [settings, webhooks] = await Promise.all([readReminderSettings(db), readWebhooks({ db, origin: ctx.config.discord.webhookOrigin })]);
  return { ...settings, schedulingWebhookSet: webhooks.scheduling !== undefined };
}

/** Saves the Reminders section, then brings every upcoming event's reminders in step with it. */
export async function saveReminderSettings({ ctx, settings, origin }: { ctx: AppContext; settings: ReminderSettings; origin: string }): Promise<ReminderSettingsAnswer> {
  await ctx.store.db.transaction().execute((trx) => writeReminderSettings(trx, settings, Date.now()));
  await ctx.djPosts.keepAllInStep(origin);
  return getReminderSettings(ctx);
}

/** The caller's roster entry: everyone with a role has one (auth/service.ts). */
function rosterIdOf(user: SessionUser): string {
  if (user.djId === null) throw forbidden();
  return user.djId;
}

export async function getMyReminders({ ctx, user }: { ctx: AppContext; user: SessionUser }): Promise<MyReminders> {
  const djId = rosterIdOf(user);
  const [remindersOn, settings] = await Promise.all([repository.findRemindersOn(ctx.store.db, djId), readReminderSettings(ctx.store.db)]);
  return { remindersOn, settings };
}

/** A DJ turns their reminders on or off; their upcoming events' reminders follow, each in step in its own transaction. */
export async function saveMyReminders({ ctx, user, remindersOn, origin }: { ctx: AppContext; user: SessionUser; remindersOn: boolean; origin: string }): Promise<MyReminders> {
  const djId = rosterIdOf(user);
  const { store, clock } = ctx;
  const now = clock.now();
  await store.db.transaction().execute((trx) => repository.writeRemindersOn(trx, djId, remindersOn, Date.now()));
  let due = false;
  for (const eventId of await repository.findUpcomingEventIdsOf(store.db, djId, now)) {
    due = (await keepEventInStep(store, eventId, { now, origin })) || due;
  }
  if (due) ctx.djPosts.kick();
  return getMyReminders({ ctx, user });
}
