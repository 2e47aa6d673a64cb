import type { ConfirmationBody, SignupArea, WithdrawalBody } from '@shared/schemas/signup.js';
import type { SignupFormData } from '@shared/schemas/signup-answers.js';
import { availabilityIssues, canonicalAvailability, type SignupIntake } from '@shared/schemas/signup-intake.js';
import { distinctStreamLinks, PREVIOUS_LINKS_SHOWN } from '@shared/streams.js';
import type { SessionUser } from '../auth/sessions.js';
import type { AppContext } from '../context.js';
import { UniqueViolation, withDbErrors } from '../db/errors.js';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../http/errors.js';
import type { QueryTarget } from '../db/precompiled.js';
import { keepRemindersInStep, lockEvent, type PostsOfChange, readScheduledEvent } from '../dj-posts/plan.js';
import { recordChange } from '../history/record.js';
import { readSettings } from '../settings/service.js';
import { findDjsById } from '../djs/rows.js';
import { findEvent } from '../events/repository.js';
import {
  countDjSignups,
  findOwnStreamLinks,
  findSignupNaming,
  findSignupOwner,
  insertSignup,
  proposeAgain,
  updateAnswersOnly,
  updateSignupForm,
} from '../lineup/dj-signup.js';
import { parseFormData, storedDjUpdate } from '../lineup/signup-rows.js';
import { setConfirmation } from '../lineup/signups.js';
import { signupsOpenAt } from '@shared/lineup.js';
import { afterDjUpdate, type PendingChange, slotChanges, slotDifferences, withDjChanges } from '@shared/dj-update.js';
import type { SignupType } from '@shared/domain.js';
import { changedAnswers } from '@shared/history.js';

// The DJ's side of signups: what the signup area may show, and the intake of the wizard.

const NOT_FOUND = 'Event or DJ data not found.';
export const SIGNUPS_CLOSED = 'Signups for this event are currently closed.';
/** The spec's closed message, and why. */
const EVENT_CANCELLED = `${SIGNUPS_CLOSED} This event is cancelled: it will not take place.`;
const SIGNUPS_FULL = 'This event has all the signups it can take: no more are accepted.';
/** The caller's roster entry: everyone with a role has one (auth/service.ts, session-check.ts). */
export function rosterIdOf(user: SessionUser): string {
  if (user.djId === null) throw forbidden();
  return user.djId;
}

const AVAILABILITY_LABELS: Record<string, string> = { available_from: 'Available from', available_to: 'Available to' };

/**
 * The signup area's data: the event's public basics, the caller's DJ record, the signup naming
 * them (its name and slot, shared by everyone on it) and their own answers, nothing else. A
 * back-to-back partner that staff added sees the signup but not the answers another DJ gave.
 */
export async function loadSignupArea({ ctx, user, eventId }: { ctx: AppContext; user: SessionUser; eventId: string | undefined }): Promise<SignupArea> {
  if (!eventId) throw badRequest('No event ID provided.');
  const djId = rosterIdOf(user);
  const db = ctx.store.db;
  const [event, djs, own, settings, earlierLinks] = await Promise.all([
    findEvent(db, eventId),
    findDjsById(db, [djId]),
    findSignupNaming(db, eventId, djId),
    readSettings(db),
    // A few more than are shown, as several signups may have used one link.
    findOwnStreamLinks(db, djId, eventId, PREVIOUS_LINKS_SHOWN * 4),
  ]);
  const dj = djs[djId];
  if (!event || !dj) throw notFound(NOT_FOUND);
  return {
    event: {
      id: event.id,
      name: event.name,
      startDatetime: event.startDatetime,
      signupsAreOpen: signupsOpenAt(event, Date.now()) && !event.cancelled,
      cancelled: event.cancelled,
      // A DJ on a signup may still update it; only a new one (or one taken back) would be refused.
      full: (!own || (own.submittedBy === djId && own.slot === null && own.confirmation === 'declined')) && (await capReached(db, event)),
      host: event.host,
    },
    dj: { id: dj.id, djName: dj.djName, publicName: dj.publicName },
    signup: own?.submittedBy === djId ? own.formData : null,
    named: own
      ? {
          signupName: own.name,
          slot: own.slot,
          answersByOther: own.submittedBy !== null && own.submittedBy !== djId,
          confirmation: own.confirmation,
          updatePending: own.updatePending,
          dismissedChanges: own.submittedBy === djId ? dismissedChanges(own) : [],
          standby: own.standby,
          streamTestedAt: own.streamTestedAt,
        }
      : null,
    closesAt: event.signupsCloseAt,
    seriesZone: settings.defaultZone,
    contactHostName: settings.contactHostName,
    previousStreamLinks: distinctStreamLinks([...earlierLinks, dj.rtmpUrl, dj.twitchUsername]),
  };
}

/** What the hosts kept when they dismissed the DJ's update (the slot against the DJ's answers), while that still holds. */
function dismissedChanges(own: NonNullable<Awaited<ReturnType<typeof findSignupNaming>>>): PendingChange[] {
  if (!own.update?.dismissed || !own.formData) return [];
  const differs = new Set(slotDifferences(own, own.formData));
  return slotChanges(own, own.formData, own.update.fields.filter((field) => differs.has(field)));
}

/**
 * Creates or updates the caller's signup for the event: one per DJ per event, so a DJ already
 * named on a signup updates it, unless another DJ gave its answers (a back-to-back partner
 * staff added cannot overwrite them). All or nothing, as one work of a group commit
 * (db/group-commit.ts), so its statements must all be precompiled and it must be safe to run
 * again; on PostgreSQL it locks the event row, so concurrent submissions queue instead of racing.
 */
export async function submitSignup({ ctx, user, intake }: { ctx: AppContext; user: SessionUser; intake: SignupIntake }): Promise<SignupFormData> {
  const djId = rosterIdOf(user);
  const form: SignupFormData = {
    ...intake,
    available_from: canonicalAvailability(intake.available_from),
    available_to: canonicalAvailability(intake.available_to),
  };
  const write = () => ctx.store.groupCommit(form.event_id, (trx) => intakeSignup(trx, ctx, user, djId, form));
  let outcome: number | HttpError;
  try {
    outcome = await write();
  } catch (error) {
    if (!isWorthRetrying(error)) throw error;
    outcome = await write();
  }
  if (outcome instanceof HttpError) throw outcome;
  const version = outcome;
  // The version is the staff drafts' concurrency counter: a DJ's signup does not bump it.
  await ctx.changes.publish({ eventId: form.event_id, version });
  return form;
}

/**
 * The intake's work in its group commit: the event's version, or the refusal to answer with.
 * Refusals are returned, not thrown: on PostgreSQL a throw rolls back the DJs grouped with this
 * one and runs them again (db/group-commit.ts). All are decided before anything is written.
 */
async function intakeSignup(trx: QueryTarget, ctx: AppContext, user: SessionUser, djId: string, form: SignupFormData): Promise<number | HttpError> {
  const event = await findEvent(trx, form.event_id, { dialect: ctx.store.dialect });
  if (!event) return notFound(NOT_FOUND);
  if (event.cancelled) return conflict(EVENT_CANCELLED, 'signups_closed');
  const now = Date.now();
  if (!signupsOpenAt(event, now)) return conflict(SIGNUPS_CLOSED, 'signups_closed');
  const issues = availabilityIssues(form, event.startDatetime);
  if (issues.length) return badRequest(issues.map((issue) => `${AVAILABILITY_LABELS[issue.path[0]]}: ${issue.message}`).join(' '));

  const own = await findSignupOwner(trx, event.id, djId);
  if (own && own.submitted_by !== null && own.submitted_by !== djId) {
    return conflict(`You are on the signup ${own.name} with another DJ, who gave its answers: ask them or the host to change them.`, 'not_signup_owner');
  }
  // A DJ who withdrew their signup (not in the lineup) and sends the wizard again signs up again.
  const withdrawn = own !== undefined && own.submitted_by === djId && own.slotted === null && own.confirmation === 'declined';
  // The same answers again (a double-clicked Submit, a retried request) change nothing and
  // record nothing: the history says "signed up" once.
  if (own && own.submitted_by === djId && !withdrawn && own.form_data === JSON.stringify(form)) return event.version;
  // Each refusal returns before anything is written (the cap below before its insert).
  const before = own ? parseFormData(own.form_data) : null;
  const played = own && { name: own.name, requestedDuration: Number(own.requested_duration), type: own.type as SignupType };
  if (own?.slotted && played) {
    // A built lineup stays put: the answers change, and what the DJ changed waits for staff as a
    // whole, the lineup going by the answers it had (their answers before an update still waiting).
    const inUse = own.update_pending_at !== null && own.answers_in_use !== null ? parseFormData(own.answers_in_use, own.uuid) : before;
    const after = afterDjUpdate(played, inUse, before, form, storedDjUpdate(own));
    await updateAnswersOnly(trx, own.uuid, form, djId, now, { ...after, dismissedAt: own.update_dismissed_at === null ? null : Number(own.update_dismissed_at) });
  } else if (own && played) {
    // Taking back a withdrawn signup takes a place again, if one is left.
    if (withdrawn && (await capReached(trx, event))) return conflict(SIGNUPS_FULL, 'signups_full');
    // Staff's choices (a rename in the Signups column) stay where the DJ changed nothing.
    await updateSignupForm(trx, own.uuid, form, djId, now, withDjChanges(played, before, form));
  } else {
    if (await capReached(trx, event)) return conflict(SIGNUPS_FULL, 'signups_full');
    await withDbErrors(() => insertSignup(trx, event.id, djId, form, now));
  }
  if (withdrawn) await proposeAgain(trx, event.id, djId);
  await recordChange(trx, {
    eventId: event.id,
    actor: user,
    // A DJ staff named on a signup who now gives its answers signs up; so does one who withdrew.
    kind: own?.form_data && !withdrawn ? 'signup_updated' : 'signup_submitted',
    version: event.version,
    lines: [own && !withdrawn ? { t: 'answers', name: form.name, fields: changedAnswers(before, form) } : { t: 'signup', change: 'added', name: form.name }],
    at: now,
  });
  return event.version;
}

/**
 * The DJ answers the slot proposed to them (confirm, or say they cannot make it); only once their
 * signup is in the lineup. Answers with the signup area as it is then.
 */
export async function confirmSlot({ ctx, user, body, posts }: { ctx: AppContext; user: SessionUser; body: ConfirmationBody; posts: PostsOfChange }): Promise<SignupArea> {
  const djId = rosterIdOf(user);
  const event = await findEvent(ctx.store.db, body.event_id);
  if (!event) throw notFound(NOT_FOUND);
  if (event.cancelled) throw conflict(EVENT_CANCELLED, 'signups_closed');
  const due = await ctx.store.db.transaction().execute(async (trx) => {
    // The event's row first, as a staff save takes it: the reminders are brought in step below.
    await lockEvent(trx, posts.dialect, event.id);
    const outcome = await setConfirmation(trx, event.id, djId, body.confirmation, true);
    if (outcome === 'missing') throw conflict('Your signup is not in the lineup yet: there is no slot to confirm.');
    // The same answer again (a double tap) is recorded once.
    if (outcome === 'unchanged') return false;
    const kind = body.confirmation === 'declined' ? 'slot_declined' : 'slot_confirmed';
    await recordChange(trx, { eventId: event.id, actor: user, kind, version: event.version });
    // A DJ who confirmed needs no reminder to; one who cannot make it, no reminder at all.
    const scheduled = await readScheduledEvent(trx, event.id);
    return scheduled ? keepRemindersInStep(trx, scheduled, posts) : false;
  });
  await ctx.changes.publish({ eventId: event.id, version: event.version });
  if (due) posts.kick();
  return loadSignupArea({ ctx, user, eventId: event.id });
}

/**
 * The DJ withdraws the signup they gave (issue 34), while signups are open: their answer to it
 * becomes 'declined', the drop-out the hosts already see on the event page, and the signup stays
 * for the hosts to remove (a draft open meanwhile cannot bring a deleted one back). Withdrawing
 * again changes and records nothing. Never a signup another DJ gave, nor one staff made.
 */
export async function withdrawSignup({ ctx, user, body, posts }: { ctx: AppContext; user: SessionUser; body: WithdrawalBody; posts: PostsOfChange }): Promise<SignupArea> {
  const djId = rosterIdOf(user);
  const db = ctx.store.db;
  const event = await findEvent(db, body.event_id);
  if (!event) throw notFound(NOT_FOUND);
  if (event.cancelled) throw conflict(EVENT_CANCELLED, 'signups_closed');
  if (!signupsOpenAt(event, Date.now())) throw conflict(SIGNUPS_CLOSED, 'signups_closed');
  const due = await db.transaction().execute(async (trx) => {
    // The event's row first, as a staff save takes it: the reminders are brought in step below.
    await lockEvent(trx, posts.dialect, event.id);
    const own = await findSignupOwner(trx, event.id, djId);
    if (!own) throw conflict('You have no signup for this event to withdraw.');
    if (own.submitted_by !== djId) {
      throw conflict(`You are on the signup ${own.name}, which you did not sign up: ask the hosts to take you off it.`, 'not_signup_owner');
    }
    const outcome = await setConfirmation(trx, event.id, djId, 'declined', false);
    if (outcome !== 'changed') return false;
    await recordChange(trx, { eventId: event.id, actor: user, kind: 'signup_withdrawn', version: event.version, lines: [{ t: 'signup', change: 'withdrawn', name: own.name }] });
    // A DJ who withdrew gets no reminders.
    const scheduled = await readScheduledEvent(trx, event.id);
    return scheduled ? keepRemindersInStep(trx, scheduled, posts) : false;
  });
  await ctx.changes.publish({ eventId: event.id, version: event.version });
  if (due) posts.kick();
  return loadSignupArea({ ctx, user, eventId: event.id });
}

/** Whether the event has all the DJ signups its Maximum signups allows (staff-added signups take no place). */
async function capReached(db: QueryTarget, event: { id: string; signupCap: number | null }): Promise<boolean> {
  return event.signupCap !== null && (await countDjSignups(db, event.id)) >= event.signupCap;
}

/**
 * A lost race that a second attempt resolves: the same DJ's other submission (or staff adding
 * them as a B2B partner) inserted first, so this one becomes an update; or PostgreSQL broke a
 * deadlock with such a staff save by aborting us.
 */
const isWorthRetrying = (error: unknown) =>
  error instanceof UniqueViolation || (error as { code?: string } | null)?.code === '40P01';
