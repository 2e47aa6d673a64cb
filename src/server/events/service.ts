import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { diffLineup, draftProblem, namedDjs, savedDetail, type StoredLineup } from '@shared/lineup-save.js';
import { requirementsNotMet, unmetRequirements } from '@shared/preflight.js';
import type {
  CreateEventRequest,
  CreatedNextEvent,
  EventDetail,
  EventFormValues,
  EventList,
  EventSummary,
  LineupEvent,
  PreflightStepBody,
  SaveEventBody,
  StaffConfirmationBody,
} from '@shared/schemas/events.js';
import { nextEventFields, sameDayEvents, scheduleOf } from '@shared/series.js';
import { answerStoredProblems } from '@shared/schemas/signup-answers.js';
import { eventStoredProblems } from '@shared/stored-problems.js';
import type { HistoryLine } from '@shared/schemas/history.js';
import type { ChangeBus } from '../changes/bus.js';
import { isSerializationFailure, UniqueViolation, withDbErrors } from '../db/errors.js';
import { afterCancelledOrRestored, afterLineupSaved, lockEvent, keepRemindersInStep, type PostsOfChange } from '../dj-posts/plan.js';
import { findOtherEvents, refreshDjStats } from '../djs/plays.js';
import { findDjsById } from '../djs/rows.js';
import type { Database } from '../db/schema.js';
import type { Dialect } from '../db/open.js';
import { badRequest, conflict, notFound } from '../http/errors.js';
import * as signupRows from '../lineup/signups.js';
import * as slotRows from '../lineup/slots.js';
import { type Actor, recordChange, recordSave } from '../history/record.js';
import { readSettings } from '../settings/service.js';
import { checkStoredDataOnce } from '../stored-data-log.js';
import type { DjDetails, DjDetailsCache } from './dj-details-cache.js';
import * as repository from './repository.js';

type Db = Kysely<Database>;

const EVENT_NOT_FOUND = 'Event not found.';
/** Issue 34: a cancelled event takes no edits (a draft open elsewhere, a replayed request) but Restore. */
const EVENT_CANCELLED = 'This event is cancelled: restore it to change it.';
const refuseCancelled = (message = EVENT_CANCELLED) => conflict(message, 'event_cancelled');
const STALE_VERSION =
  'This event was changed by someone else since you loaded it. Reload to see their changes, then make your edits again.';

export function listEvents({ db, when, now = Date.now() }: { db: Db; when: EventList; now?: number }): Promise<EventSummary[]> {
  return repository.listEvents(db, when, now);
}

export function findHomeEvent({ db, now = Date.now() }: { db: Db; now?: number }): Promise<EventSummary | null> {
  return repository.findHomeEvent(db, now);
}

export async function createEvent({ db, actor, request }: { db: Db; actor: Actor; request: CreateEventRequest }): Promise<{ id: string }> {
  const { confirmSameDay, ...fields } = request;
  const { defaultZone } = await readSettings(db);
  return { id: await insertUnlessSameDay(db, actor, fields, defaultZone, confirmSameDay) };
}

/**
 * 'Create next event': the series' next occurrence after the event (shared/series.ts), with the
 * schedule of the settings. A second click finds the first click's event on that day and is
 * refused like any same-day event.
 */
export async function createNextEvent({ db, actor, eventId, confirmSameDay, now = new Date() }: { db: Db; actor: Actor; eventId: string; confirmSameDay: boolean; now?: Date }): Promise<CreatedNextEvent> {
  const [event, settings] = await Promise.all([repository.findEvent(db, eventId), readSettings(db)]);
  if (!event) throw notFound(EVENT_NOT_FOUND);
  const fields = nextEventFields(event, scheduleOf(settings), now);
  const id = await insertUnlessSameDay(db, actor, fields, settings.defaultZone, confirmSameDay, [{ t: 'next_of', name: event.name }]);
  return { id, name: fields.name, startDatetime: fields.startDatetime };
}

/** Covers the calendar day around an instant in any zone (a day lasts at most 25 hours). */
const DAY_REACH = 26 * 3_600_000;

/**
 * Inserts the event unless another starts on the same calendar day in the series' zone and the
 * request did not confirm it. Serializable, so two creates racing for one day cannot both miss
 * each other: PostgreSQL fails one of them and its retry sees the other (SQLite runs
 * transactions one at a time).
 */
async function insertUnlessSameDay(
  db: Db,
  actor: Actor,
  fields: EventFormValues,
  zone: string,
  confirmSameDay: boolean,
  lines: HistoryLine[] = [],
): Promise<string> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db
        .transaction()
        .setIsolationLevel('serializable')
        .execute(async (trx) => {
          if (!confirmSameDay) {
            const start = Date.parse(fields.startDatetime);
            const near = await repository.findEventsStartingBetween(trx, start - DAY_REACH, start + DAY_REACH);
            const [other] = sameDayEvents(near, fields.startDatetime, zone);
            if (other) {
              throw conflict(`There is already an event on that day: ${other.name}.`, 'same_day_event', {
                sameDayEvent: { id: other.id, name: other.name },
              });
            }
          }
          const id = randomUUID();
          await repository.insertEvent(trx, id, fields, Date.now());
          await recordChange(trx, { eventId: id, actor, kind: 'created', version: 1, lines });
          return id;
        });
    } catch (error) {
      if (attempt < 5 && isSerializationFailure(error)) continue;
      throw error;
    }
  }
}

/** The whole event: its fields, signups in order with their DJs, slots in order and plays. */
async function findLineupEvent(db: Db | Transaction<Database>, eventId: string): Promise<LineupEvent | undefined> {
  const [event, signups, slots, djPlays] = await Promise.all([
    repository.findEvent(db, eventId),
    signupRows.findSignups(db, eventId),
    slotRows.findSlots(db, eventId),
    slotRows.findDjPlays(db, eventId),
  ]);
  return event && { ...event, signups, slots, djPlays };
}

/** The event with every DJ its signups and slots name, and those DJs' other events. */
export async function getEventDetail({ db, eventId }: { db: Db | Transaction<Database>; eventId: string }): Promise<EventDetail> {
  const event = await findLineupEvent(db, eventId);
  if (!event) throw notFound(EVENT_NOT_FOUND);
  logStoredProblems(event);
  return { ...event, ...(await djDetails(db, eventId, namedDjs(event), Date.parse(event.startDatetime))) };
}

/**
 * Stored values today's rules refuse (decision 033): the page shows them as stored and asks to fix
 * them; the log says so once per version of the event. Where and what, never the values.
 */
function logStoredProblems(event: LineupEvent) {
  checkStoredDataOnce(
    `event:${event.id}:${event.version}`,
    () => [
      ...eventStoredProblems(event).map(({ where, message }) => (where ? `${where}: ${message}` : message)),
      ...event.signups.flatMap((signup) =>
        Object.entries(signup.formData ? answerStoredProblems(signup.formData) : {}).map(([field, message]) => `Answers of signup ${signup.uuid}, ${field}: ${message}`),
      ),
    ],
    { eventId: event.id, version: event.version },
    'an event holds values today\'s rules refuse: shown as stored, for staff to fix',
  );
}

/** What the event page shows of these DJs: their rows and their other events (and plays before `eventStart`). */
async function djDetails(db: Db | Transaction<Database>, eventId: string, djIds: readonly string[], eventStart: number): Promise<DjDetails> {
  const [djs, otherEventsByDj] = await Promise.all([findDjsById(db, djIds), findOtherEvents(db, eventId, djIds, eventStart)]);
  return { djs, otherEventsByDj };
}

export async function assertEventExists({ db, eventId }: { db: Db | Transaction<Database>; eventId: string }): Promise<void> {
  if ((await repository.findVersion(db, eventId)) === undefined) throw notFound(EVENT_NOT_FOUND);
}

/**
 * Saves the event page's draft in one transaction (spec §4, ARCHITECTURE concurrency rules):
 * refused if someone saved since `baseVersion`; the draft's signups get their staff-owned columns
 * written (never the DJ's form data); signups the draft never saw are left alone; slots are laid
 * out from the start, the end follows the last slot, and dj_plays follows the lineup.
 *
 * The stored event is read once, right after the version check, and only what differs from the
 * draft is written (shared/lineup-save.ts). The answer is built from that read and the writes:
 * only DJs the save newly names are read, since nothing else it shows can have changed.
 */
export async function saveEvent({ db, changes, actor, eventId, body, cache, posts }: { db: Db; changes: ChangeBus; actor: Actor; eventId: string; body: SaveEventBody; cache?: DjDetailsCache; posts?: PostsOfChange }): Promise<EventDetail> {
  checkDraftConsistency(body);
  const now = Date.now();

  const { saved, version, due } = await db.transaction().execute(async (trx) => {
    const row = await repository.bumpVersionIfCurrent(trx, eventId, body.baseVersion, now);
    if (!row) return refuseStaleOrMissing(trx, eventId);
    if (row.cancelled_at !== null) throw refuseCancelled();
    const before = await findStoredLineup(trx, eventId, row, cache?.get(eventId));
    const diff = diffLineup(before, body, now);

    const newDjs = await findDjsById(trx, diff.newlyNamed);
    const missing = diff.newlyNamed.filter((id) => !newDjs[id]);
    if (missing.length > 0) throw notFound(`DJ not found: ${missing.join(', ')}. Reload the event and try again.`);
    if (diff.taken.length > 0) {
      const djs = { ...before.djs, ...newDjs };
      const names = diff.taken.map((id) => djs[id]?.djName || djs[id]?.publicName || id).join(', ');
      throw conflict(
        `${names} already signed up for this event on another signup (it may have just arrived). Reload to see it, then edit that signup instead.`,
      );
    }
    await refuseOtherEventsSignups(trx, eventId, diff.insertSignups.map(({ signup }) => signup.uuid));

    await writing(() => signupRows.writeSignups(trx, eventId, diff, now));
    await slotRows.writeSlots(trx, eventId, diff.writeSlots, diff.slotCount, before.slots.length);
    const event = await repository.writeEventFields(trx, row, body.event, diff.endAt);
    const playsChanged = await slotRows.writeDjPlays(trx, eventId, diff.addPlays, diff.removePlays);
    // A moved start can change which play is each of the event's DJs' most recent.
    const startMoved = event.startDatetime !== repository.eventFromRow(row).startDatetime;
    await refreshDjStats(trx, startMoved ? [...playsChanged, ...diff.after.djPlays] : playsChanged);

    // Other Events of DJs newly named; of every DJ when the start moved (which plays came before it).
    const added = await findOtherEvents(trx, eventId, startMoved ? namedDjs(diff.after) : diff.newlyNamed, Date.parse(event.startDatetime));
    const answer = savedDetail(event, diff.after, { djs: { ...before.djs, ...newDjs }, otherEventsByDj: { ...before.otherEventsByDj, ...added } });
    const beforeEvent = { ...repository.eventFromRow(row), version: body.baseVersion, signups: [...before.signups], slots: [...before.slots], djPlays: [...before.djPlays] };
    await recordSave(trx, { eventId, actor, before: beforeEvent, after: answer, seen: body.signups.map((signup) => signup.uuid) });
    // Reminders follow the lineup; a change staff chose to tell the DJs of is posted (issue 35).
    const due = posts ? await afterLineupSaved(trx, { before: beforeEvent, after: answer, notify: body.notifyDjs === true, posts }) : false;
    // This save's own writes (its plays, its name and start) change no DJ details of this event.
    return { saved: answer, version: cache?.version(), due };
  });

  cache?.set(eventId, version, { djs: saved.djs, otherEventsByDj: saved.otherEventsByDj });
  await changes.publish({ eventId, version: saved.version });
  if (due) posts?.kick();
  return saved;
}

/**
 * The lineup a save starts from, with the DJs it names and their other events (what the answer
 * shows of DJs the save keeps): read once, after the version check has locked the event.
 */
async function findStoredLineup(trx: Transaction<Database>, eventId: string, row: { start_at: number; end_at: number }, cached: DjDetails | undefined): Promise<StoredLineup & DjDetails> {
  const [{ signups, places, noShows }, { slots, times }, djPlays] = await Promise.all([
    signupRows.readSignups(trx, eventId),
    slotRows.readSlots(trx, eventId),
    slotRows.findDjPlays(trx, eventId),
  ]);
  const stored = { signups, places, noShows, slots, slotTimes: times, djPlays, endAt: Number(row.end_at) };
  const named = namedDjs(stored);
  const unknown = named.filter((id) => !cached?.djs[id] || !cached.otherEventsByDj[id]);
  const read = await djDetails(trx, eventId, unknown, Number(row.start_at));
  return { ...stored, djs: { ...cached?.djs, ...read.djs }, otherEventsByDj: { ...cached?.otherEventsByDj, ...read.otherEventsByDj } };
}

/**
 * Publishes the event once the preflight's required steps are done (shared/preflight.ts), or
 * `anyway`, recording which were open; never while cancelled.
 */
export async function publishEvent({ db, changes, actor, eventId, baseVersion, anyway = false }: { db: Db; changes: ChangeBus; actor: Actor; eventId: string; baseVersion: number; anyway?: boolean }): Promise<EventDetail> {
  const published = await db.transaction().execute(async (trx) => {
    const detail = await getEventDetail({ db: trx, eventId });
    if (detail.version !== baseVersion) await refuseStaleOrMissing(trx, eventId);
    if (detail.cancelled) throw refuseCancelled('This event is cancelled: restore it before publishing it.');
    const djNames = Object.fromEntries(Object.entries(detail.djs).map(([id, dj]) => [id, dj.djName]));
    const unmet = unmetRequirements(detail, djNames);
    if (unmet.length > 0 && !anyway) throw conflict(requirementsNotMet(unmet), 'requirements_not_met');
    return setPublished(trx, actor, eventId, baseVersion, true, unmet.length > 0 ? [{ t: 'published_anyway', unmet }] : []);
  });
  await changes.publish({ eventId, version: published.version });
  return published;
}

/**
 * Cancel (spec issue 13): the event keeps its signups, lineup and plays; DJs cannot sign up; never
 * public. Its reminders go, and with `notifyDjs` its lineup's DJs are told in one post (issue 35).
 */
export function cancelEvent({ db, changes, actor, eventId, baseVersion, notifyDjs = false, posts }: { db: Db; changes: ChangeBus; actor: Actor; eventId: string; baseVersion: number; notifyDjs?: boolean; posts?: PostsOfChange }): Promise<EventDetail> {
  return changeEvent(db, changes, { eventId, actor, kind: 'cancelled', notifyDjs, posts }, baseVersion, { cancelled_at: Date.now() });
}

export function restoreEvent({ db, changes, actor, eventId, baseVersion, posts }: { db: Db; changes: ChangeBus; actor: Actor; eventId: string; baseVersion: number; posts?: PostsOfChange }): Promise<EventDetail> {
  return changeEvent(db, changes, { eventId, actor, kind: 'restored', notifyDjs: false, posts }, baseVersion, { cancelled_at: null });
}

/**
 * A change of the event's state, separate from the draft save: checked against the version the
 * page showed like a save (and so refused when someone saved meanwhile), then the version bumps
 * so open pages follow.
 */
async function changeEvent(
  db: Db,
  changes: ChangeBus,
  { eventId, actor, kind, notifyDjs, posts }: { eventId: string; actor: Actor; kind: 'cancelled' | 'restored'; notifyDjs: boolean; posts: PostsOfChange | undefined },
  baseVersion: number,
  columns: Parameters<typeof repository.updateEventIfVersion>[3],
): Promise<EventDetail> {
  const { changed, due } = await db.transaction().execute(async (trx) => {
    if (kind === 'cancelled') await refuseIfCancelled(trx, eventId, 'This event is already cancelled.');
    const swapped = await repository.updateEventIfVersion(trx, eventId, baseVersion, columns, Date.now());
    if (!swapped) await refuseStaleOrMissing(trx, eventId);
    await recordChange(trx, { eventId, actor, kind, version: baseVersion + 1 });
    const detail = await getEventDetail({ db: trx, eventId });
    return { changed: detail, due: posts ? await afterCancelledOrRestored(trx, { event: detail, notify: notifyDjs, posts }) : false };
  });
  await changes.publish({ eventId, version: changed.version });
  if (due) posts?.kick();
  return changed;
}

/**
 * Deletes an event that has nothing to lose: never published, no signups, no signups. Anything
 * else is cancelled instead, so no signup, answer or play disappears. The version check locks
 * the row (PostgreSQL), so a DJ's signup cannot slip in between the check and the delete.
 */
export async function deleteEvent({ db, changes, eventId, baseVersion }: { db: Db; changes: ChangeBus; eventId: string; baseVersion: number }): Promise<void> {
  const version = await db.transaction().execute(async (trx) => {
    const swapped = await repository.updateEventIfVersion(trx, eventId, baseVersion, {}, Date.now());
    if (!swapped) await refuseStaleOrMissing(trx, eventId);
    const [event, counts] = await Promise.all([repository.findEvent(trx, eventId), repository.countLineup(trx, eventId)]);
    if (event?.cancelled) throw refuseCancelled();
    if (event?.published) throw conflict('This event is published: cancel it instead.');
    if (counts.signups > 0) throw conflict('This event has signups: cancel it instead.');
    if (counts.slots > 0) throw conflict('This event has a lineup: cancel it instead.');
    const players = await slotRows.findDjPlays(trx, eventId);
    await repository.deleteEvent(trx, eventId);
    await refreshDjStats(trx, players);
    return baseVersion + 1;
  });
  // Open pages of the event refetch and find it gone.
  await changes.publish({ eventId, version });
}

/** Takes the event back to unpublished (its lineup stays as it is). */
export async function unpublishEvent({ db, changes, actor, eventId, baseVersion }: { db: Db; changes: ChangeBus; actor: Actor; eventId: string; baseVersion: number }): Promise<EventDetail> {
  const unpublished = await db.transaction().execute((trx) => setPublished(trx, actor, eventId, baseVersion, false));
  await changes.publish({ eventId, version: unpublished.version });
  return unpublished;
}

async function setPublished(
  trx: Transaction<Database>,
  actor: Actor,
  eventId: string,
  baseVersion: number,
  published: boolean,
  lines: HistoryLine[] = [],
): Promise<EventDetail> {
  await refuseIfCancelled(trx, eventId);
  const swapped = await repository.updateEventIfVersion(trx, eventId, baseVersion, { published: published ? 1 : 0 }, Date.now());
  if (!swapped) await refuseStaleOrMissing(trx, eventId);
  await recordChange(trx, { eventId, actor, kind: published ? 'published' : 'unpublished', version: baseVersion + 1, lines });
  return getEventDetail({ db: trx, eventId });
}

/**
 * Ticks an optional preflight step off (or on again). Not part of the draft and no version bump:
 * ticking a box must not make someone's open draft stale.
 */
export async function setPreflightStep({ db, dialect, changes, actor, eventId, body }: { db: Db; dialect: Dialect; changes: ChangeBus; actor: Actor; eventId: string; body: PreflightStepBody }): Promise<EventDetail> {
  const detail = await db.transaction().execute(async (trx) => {
    // Locked (PostgreSQL), so two identical ticks racing see each other.
    const event = await repository.findEvent(trx, eventId, { dialect });
    if (!event) throw notFound(EVENT_NOT_FOUND);
    if (event.cancelled) throw refuseCancelled();
    // Ticked twice (a double click, a replay): the first tick stands and is recorded once.
    if ((event.preflight[body.step] !== null && event.preflight[body.step] !== undefined) !== body.done) {
      const preflight = { ...event.preflight, [body.step]: body.done ? new Date().toISOString() : null };
      await repository.updatePreflight(trx, eventId, preflight);
      await recordChange(trx, { eventId, actor, kind: 'preflight_step', version: event.version, lines: [{ t: 'preflight', ...body }] });
    }
    return getEventDetail({ db: trx, eventId });
  });
  await changes.publish({ eventId, version: detail.version });
  return detail;
}

/** Staff record a DJ's answer to their proposed slot (say, given in Discord). */
export async function setStaffConfirmation({ db, changes, actor, eventId, body, posts }: { db: Db; changes: ChangeBus; actor: Actor; eventId: string; body: StaffConfirmationBody; posts?: PostsOfChange }): Promise<EventDetail> {
  const { detail, due } = await db.transaction().execute(async (trx) => {
    // The event's row first, as a save takes it, before the reminders are brought in step below.
    if (posts) await lockEvent(trx, posts.dialect, eventId);
    await refuseIfCancelled(trx, eventId);
    const outcome = await signupRows.setConfirmation(trx, eventId, body.djId, body.confirmation, false);
    if (outcome === 'missing') throw conflict('This DJ is on no signup of the event: reload the page to see its signups.');
    const detail = await getEventDetail({ db: trx, eventId });
    // The same answer again (a double click) is recorded once.
    if (outcome === 'changed') await recordChange(trx, { eventId, actor, kind: 'confirmation', version: detail.version, lines: [confirmationLine(detail, body)] });
    return { detail, due: posts ? await keepRemindersInStep(trx, detail, posts) : false };
  });
  await changes.publish({ eventId, version: detail.version });
  if (due) posts?.kick();
  return detail;
}

/** The staff-recorded answer as a line of history, named as the event names them now. */
function confirmationLine(detail: EventDetail, { djId, confirmation }: StaffConfirmationBody): HistoryLine {
  const signup = detail.signups.find((candidate) => candidate.djRefs.includes(djId));
  const dj = detail.djs[djId];
  return { t: 'confirmation', name: signup?.name ?? '', dj: dj?.djName || dj?.publicName || djId, to: confirmation };
}

/** 404 for an unknown event, event_cancelled for a cancelled one. */
export async function refuseIfCancelled(db: Db | Transaction<Database>, eventId: string, message?: string): Promise<void> {
  const event = await repository.findEvent(db, eventId);
  if (!event) throw notFound(EVENT_NOT_FOUND);
  if (event.cancelled) throw refuseCancelled(message);
}

async function refuseStaleOrMissing(trx: Transaction<Database>, eventId: string): Promise<never> {
  const currentVersion = await repository.findVersion(trx, eventId);
  if (currentVersion === undefined) throw notFound(EVENT_NOT_FOUND);
  throw conflict(STALE_VERSION, 'stale_version', { currentVersion });
}

/** Mistakes visible in the payload alone: no database needed to refuse them. */
function checkDraftConsistency(body: SaveEventBody) {
  const problem = draftProblem(body);
  if (problem) throw problem.status === 409 ? conflict(problem.message) : badRequest(problem.message);
}

/** A new signup of the draft must not be another event's. */
async function refuseOtherEventsSignups(trx: Transaction<Database>, eventId: string, uuids: readonly string[]) {
  for (const [uuid, owner] of await signupRows.signupOwners(trx, uuids)) {
    if (owner !== eventId) throw badRequest(`The signup ${uuid} belongs to another event.`);
  }
}

/** Two signups racing for the same DJ (the unique index decides) get a message, not a 500. */
async function writing<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await withDbErrors(write);
  } catch (error) {
    if (error instanceof UniqueViolation) {
      throw conflict('A DJ on this draft already has another signup for this event. Reload and try again.');
    }
    throw error;
  }
}
