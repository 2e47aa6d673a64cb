import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { confirmReminderMessage, djSlots, slotReminderMessage } from '@shared/dj-posts.js';
import type { DjPostOutcome } from '@shared/schemas/dj-posts.js';
import type { Config } from '../config.js';
import type { Store } from '../db/open.js';
import { executeWebhook, WebhookFailure, type WebhookPayload } from '../discord/webhook.js';
import { DJ_POSTS, type Limits } from '../limits.js';
import { readWebhooks } from '../settings/service.js';
import type { Clock } from './clock.js';
import { keepEventInStep, postLinks, readScheduledEvent } from './plan.js';
import * as repository from './repository.js';
import { readReminderSettings } from './settings.js';

// One timer per process sends what is due (docs/decisions/043-a-durable-schedule-of-posts.md).
// A run skips what it is too late for, claims what is due (each post goes to one instance) and
// sends the claimed posts one after another through the scheduling webhook, recording each
// outcome. Runs in one process never overlap. The timer sleeps until the next post is due, and
// never longer than `postPollMs`, since another instance may have scheduled one meanwhile.

export interface RunSummary {
  sent: number;
  skipped: number;
  failed: number;
}

/** What the app's routes and services use: run soon (a change scheduled a post due now), or run now (tests). */
export interface DjPostSchedule {
  kick(): void;
  runDue(): Promise<RunSummary>;
  /** Brings every upcoming event's reminders in step (at start, on the timer, after the settings change); `origin` for new reminders' links. */
  keepAllInStep(origin?: string): Promise<void>;
}

interface Deps {
  config: Config;
  store: Store;
  limits: Limits;
  clock: Clock;
}

const silent = { info() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger;

export class PostScheduler implements DjPostSchedule {
  private running: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private kicked = false;
  private stopped = false;
  private lastInStep = 0;
  private log: FastifyBaseLogger = silent;

  constructor(private readonly deps: Deps) {}

  /** Brings the schedule in step and starts the timer (`timer` false: runs only when kicked or asked, for tests). */
  async start(log: FastifyBaseLogger, { timer }: { timer: boolean }): Promise<void> {
    this.log = log;
    await this.keepAllInStep().catch((error: unknown) => this.log.warn({ err: error }, 'could not bring the posts to DJs in step'));
    if (timer) this.arm(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running.catch(() => {});
  }

  kick(): void {
    if (this.kicked || this.stopped) return;
    this.kicked = true;
    setImmediate(() => {
      this.kicked = false;
      this.runDue().catch((error: unknown) => this.log.error({ err: error }, 'sending the posts to DJs failed'));
    });
  }

  /** One run, after any run in progress. */
  runDue(): Promise<RunSummary> {
    const run = this.running.catch(() => {}).then(() => this.run());
    this.running = run;
    return run;
  }

  async keepAllInStep(origin?: string): Promise<void> {
    const { store, clock, config } = this.deps;
    const now = clock.now();
    this.lastInStep = now;
    let due = false;
    for (const eventId of await repository.findUpcomingEventIds(store.db, now)) {
      due = (await keepEventInStep(store, eventId, { now, origin: config.publicUrl ?? origin ?? null })) || due;
    }
    if (due) this.kick();
  }

  private arm(delayMs: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), Math.max(0, Math.min(delayMs, this.deps.limits.postPollMs)));
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    const { store, clock, limits } = this.deps;
    try {
      if (clock.now() - this.lastInStep >= limits.postReconcileMs) await this.keepAllInStep();
      await this.runDue();
      const next = await repository.nextDueAt(store.db);
      this.arm(next === null ? limits.postPollMs : next - clock.now());
    } catch (error) {
      this.log.error({ err: error }, 'sending the posts to DJs failed');
      this.arm(limits.postPollMs);
    }
  }

  private async run(): Promise<RunSummary> {
    const { store, clock } = this.deps;
    const summary: RunSummary = { sent: 0, skipped: 0, failed: 0 };
    const now = clock.now();
    const staleBefore = now - DJ_POSTS.staleClaimMs;
    if (!(await repository.hasWork(store.db, now, staleBefore))) return summary;
    await repository.failInterrupted(store.db, now, staleBefore);
    summary.skipped += await repository.skipMissed(store.db, now);
    const token = randomUUID();
    while (await repository.hasWork(store.db, clock.now(), staleBefore)) {
      const claimed = await repository.claimDue(store.db, store.dialect, clock.now(), token, DJ_POSTS.claimed);
      if (claimed.length === 0) break;
      const waitUntil = await this.sendAll(claimed, token, summary);
      if (waitUntil !== null) break;
    }
    return summary;
  }

  /** Sends the claimed posts in turn; when Discord asks to wait, the rest go back on the schedule and the instant they are due is returned. */
  private async sendAll(claimed: repository.StoredPost[], token: string, summary: RunSummary): Promise<number | null> {
    const { store, clock } = this.deps;
    for (const [index, post] of claimed.entries()) {
      const waitUntil = await this.send(post, token, summary);
      if (waitUntil === null) continue;
      for (const rest of claimed.slice(index + 1)) {
        await repository.finishPost(store.db, rest.id, token, clock.now(), { state: 'scheduled', dueAt: waitUntil, sendUntil: Math.max(rest.sendUntil, waitUntil) });
      }
      return waitUntil;
    }
    return null;
  }

  /** Sends one claimed post and records what came of it; the instant to wait for when Discord asks to. */
  private async send(post: repository.StoredPost, token: string, summary: RunSummary): Promise<number | null> {
    const { store, clock, config, limits } = this.deps;
    const finish = (result: repository.Finish) => repository.finishPost(store.db, post.id, token, clock.now(), result);
    const give = async (state: 'failed' | 'skipped', outcome: DjPostOutcome, message?: { content: string; mentions: readonly string[] }) => {
      summary[state] += 1;
      await finish({ state, outcome, ...message });
    };

    const webhook = (await readWebhooks({ db: store.db, origin: config.discord.webhookOrigin })).scheduling;
    const message = !webhook ? null : post.content === null ? await this.reminderText(post) : { content: post.content, mentions: post.mentions };
    if (!webhook || message === null) {
      await give('skipped', webhook ? 'not_applicable' : 'no_webhook');
      return null;
    }

    const payload: WebhookPayload = { content: message.content, allowed_mentions: { parse: [], users: [...message.mentions], roles: [] } };
    try {
      const messageId = await executeWebhook(webhook, payload, limits.discordTimeoutMs);
      summary.sent += 1;
      await finish({ state: 'sent', messageId, ...message });
      this.log.info({ postId: post.id, eventId: post.eventId, kind: post.kind }, 'posted to DJs in Discord');
      return null;
    } catch (error) {
      if (!(error instanceof WebhookFailure)) throw error;
      this.log.warn({ postId: post.id, eventId: post.eventId, kind: post.kind, reason: error.reason }, 'posting to DJs in Discord failed');
      const now = clock.now();
      if (error.kind === 'rateLimited') {
        const waitUntil = now + (error.retryAfterSeconds ?? 1) * 1000;
        await finish({ state: 'scheduled', dueAt: waitUntil, sendUntil: Math.max(post.sendUntil, waitUntil) });
        return waitUntil;
      }
      if (error.kind === 'unavailable' && post.attempts < DJ_POSTS.attempts && now + DJ_POSTS.retryMs <= post.sendUntil) {
        await finish({ state: 'scheduled', dueAt: now + DJ_POSTS.retryMs, sendUntil: post.sendUntil });
        return null;
      }
      await give('failed', FAILURE_OUTCOMES[error.kind], message);
      return null;
    }
  }

  /**
   * A reminder's text, built when it is sent from the lineup as it then is; null when it is no
   * longer called for (the schedule drops those as changes happen: this only covers a change in
   * the same instant).
   */
  private async reminderText(post: repository.StoredPost): Promise<{ content: string; mentions: readonly string[] } | null> {
    const { store, config } = this.deps;
    if (post.djId === null) return null;
    const [event, settings, remindersOff] = await Promise.all([
      readScheduledEvent(store.db, post.eventId),
      readReminderSettings(store.db),
      repository.findRemindersOff(store.db, [post.djId]),
    ]);
    if (!event || event.cancelled || remindersOff.has(post.djId)) return null;
    const slot = djSlots(event, event.djs).get(post.djId);
    if (!slot || slot.discordId === null || slot.confirmation === 'declined') return null;
    const links = postLinks(config.publicUrl ?? post.origin, event.id);
    if (post.kind === 'slot_reminder' && settings.slotReminder) return textOf(slotReminderMessage(event, slot, links));
    if (post.kind === 'confirm_reminder' && settings.confirmReminder && slot.confirmation === 'proposed') return textOf(confirmReminderMessage(event, slot, links));
    return null;
  }
}

const textOf = (message: { content: string; mentions: { users: string[] } }) => ({ content: message.content, mentions: message.mentions.users });

const FAILURE_OUTCOMES: Record<WebhookFailure['kind'], DjPostOutcome> = {
  refused: 'webhook_refused',
  badMessage: 'message_refused',
  rateLimited: 'discord_unavailable',
  unavailable: 'discord_unavailable',
  timedOut: 'timed_out',
  messageGone: 'discord_unavailable',
};
