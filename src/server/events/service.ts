import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { computeDjPlays, eventEnd, placeSlots } from '@shared/lineup.js';
import { publishProblems } from '@shared/preflight.js';
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
import type { HistoryLine } from '@shared/schemas/history.js';
import type { StaffSignup } from '@shared/schemas/lineup.js';
import type { ChangeBus } from '../changes/bus.js';
import { isSerializationFailure, UniqueViolation, withDbErrors } from '../db/errors.js';
import { findOtherEvents, refreshDjStats } from '../db/plays.js';
import { existingDjIds, findDjsById } from '../db/rows.js';
import type { Database } from '../db/schema.js';
import { toMillis } from '../db/values.js';
import { badRequest, conflict, notFound } from '../http/errors.js';
import * as lineup from '../lineup/repository.js';
import { type Actor, recordChange, recordSave } from '../history/record.js';
import { readSettings } from '../settings/service.js';
import * as repository from './repository.js';

type Db = Kysely<Database>;

const EVENT_NOT_FOUND = 'Event not found.';
const STALE_VERSION =
  'This event was changed by someone else since you loaded it. Reload to see their changes, then make your edits again.';

export function listEvents(db: Db, when: EventList, now = Date.now()): Promise<EventSummary[]> {
  return repository.listEvents(db, when, now);
}

export function findHomeEvent(db: Db, now = Date.now()): Promise<EventSummary | null> {
  return repository.findHomeEvent(db, now);
}

export async function createEvent(db: Db, actor: Actor, { confirmSameDay, ...fields }: CreateEventRequest): Promise<{ id: string }> {
  const { defaultZone } = await readSettings(db);
  return { id: await insertUnlessSameDay(db, actor, fields, defaultZone, confirmSameDay) };
}

/**
 * 'Create next event': the series' next occurrence after the event (shared/series.ts), with the
 * schedule of the settings. A second click finds the first click's event on that day and is
 * refused like any same-day event.
 */
export async function createNextEvent(db: Db, actor: Actor, eventId: string, confirmSameDay: boolean, now = new Date()): Promise<CreatedNextEvent> {
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
    lineup.findSignups(db, eventId),
    lineup.findSlots(db, eventId),
    lineup.findDjPlays(db, eventId),
  ]);
  return event && { ...event, signups, slots, djPlays };
}

/** The event with every DJ its signups and slots name, and those DJs' other events. */
export async function getEventDetail(db: Db | Transaction<Database>, eventId: string): Promise<EventDetail> {
  const event = await findLineupEvent(db, eventId);
  if (!event) throw notFound(EVENT_NOT_FOUND);
  const djIds = [
    ...new Set([
      ...event.signups.flatMap((signup) => signup.djRefs),
      ...event.slots.flatMap((slot) => (slot.legacy?.djRef ? [slot.legacy.djRef] : [])),
    ]),
  ];
  const [djs, otherEventsByDj] = await Promise.all([findDjsById(db, djIds), findOtherEvents(db, eventId, djIds)]);
  return { ...event, djs, otherEventsByDj };
}

export async function assertEventExists(db: Db | Transaction<Database>, eventId: string): Promise<void> {
  if ((await repository.findVersion(db, eventId)) === undefined) throw notFound(EVENT_NOT_FOUND);
}

/**
 * Saves the event page's draft in one transaction (spec §4, ARCHITECTURE concurrency rules):
 * refused if someone saved since `baseVersion`; the draft's signups get their staff-owned columns
 * written (never the DJ's form data); signups the draft never saw are left alone; slots are laid
 * out from the start, the end follows the last slot, and dj_plays is recomputed.
 */
export async function saveEvent(db: Db, changes: ChangeBus, actor: Actor, eventId: string, body: SaveEventBody): Promise<EventDetail> {
  checkDraftConsistency(body);
  const now = Date.now();
  const { signups } = body;

  const saved = await db.transaction().execute(async (trx) => {
    const before = await findLineupEvent(trx, eventId);
    const { event } = body;
    const swapped = await repository.updateEventIfVersion(trx, eventId, body.baseVersion, repository.eventColumns(event), now);
    if (!swapped) await refuseStaleOrMissing(trx, eventId);

    await checkReferences(trx, eventId, body);
    await lineup.upsertStaffSignups(trx, eventId, signups, await ownSignupUuids(trx, eventId, signups), now);
    await writing(() => lineup.replaceSignupDjs(trx, eventId, signups));
    await lineup.deleteSignups(trx, eventId, body.removedSignupUuids);
    await lineup.clearResolvedUpdates(trx, eventId, body.resolvedUpdates);

    // Placed against every stored signup, including ones the draft never saw.
    const placed = placeSlots({ startDatetime: event.startDatetime, slots: body.slots, signups: await lineup.findSignups(trx, eventId) });
    await lineup.replaceSlots(trx, eventId, placed);
    await repository.setEventEnd(trx, eventId, toMillis(eventEnd(placed, event.startDatetime)));
    await refreshDjStats(trx, await lineup.replaceDjPlays(trx, eventId, computeDjPlays(placed)));
    const after = await getEventDetail(trx, eventId);
    await recordSave(trx, { eventId, actor, before, after, seen: signups.map((signup) => signup.uuid) });
    return after;
  });

  await changes.publish({ eventId, version: saved.version });
  return saved;
}

/** Publishes the event once the preflight's required steps are done (shared/preflight.ts), never while cancelled. */
export async function publishEvent(db: Db, changes: ChangeBus, actor: Actor, eventId: string, baseVersion: number): Promise<EventDetail> {
  const published = await db.transaction().execute(async (trx) => {
    const detail = await getEventDetail(trx, eventId);
    if (detail.version !== baseVersion) await refuseStaleOrMissing(trx, eventId);
    if (detail.cancelled) throw conflict('This event is cancelled: restore it before publishing it.');
    const djNames = Object.fromEntries(Object.entries(detail.djs).map(([id, dj]) => [id, dj.djName]));
    const problems = publishProblems(detail, djNames);
    if (problems) throw conflict(problems, 'requirements_not_met');
    return setPublished(trx, actor, eventId, baseVersion, true);
  });
  await changes.publish({ eventId, version: published.version });
  return published;
}

/** Cancel (spec issue 13): the event keeps its signups, lineup and plays; DJs cannot sign up; never public. */
export function cancelEvent(db: Db, changes: ChangeBus, actor: Actor, eventId: string, baseVersion: number): Promise<EventDetail> {
  return changeEvent(db, changes, { eventId, actor, kind: 'cancelled' }, baseVersion, { cancelled_at: Date.now() });
}

export function restoreEvent(db: Db, changes: ChangeBus, actor: Actor, eventId: string, baseVersion: number): Promise<EventDetail> {
  return changeEvent(db, changes, { eventId, actor, kind: 'restored' }, baseVersion, { cancelled_at: null });
}

/**
 * A change of the event's state, separate from the draft save: checked against the version the
 * page showed like a save (and so refused when someone saved meanwhile), then the version bumps
 * so open pages follow.
 */
async function changeEvent(
  db: Db,
  changes: ChangeBus,
  { eventId, actor, kind }: { eventId: string; actor: Actor; kind: 'cancelled' | 'restored' },
  baseVersion: number,
  columns: Parameters<typeof repository.updateEventIfVersion>[3],
): Promise<EventDetail> {
  const changed = await db.transaction().execute(async (trx) => {
    const swapped = await repository.updateEventIfVersion(trx, eventId, baseVersion, columns, Date.now());
    if (!swapped) await refuseStaleOrMissing(trx, eventId);
    await recordChange(trx, { eventId, actor, kind, version: baseVersion + 1 });
    return getEventDetail(trx, eventId);
  });
  await changes.publish({ eventId, version: changed.version });
  return changed;
}

/**
 * Deletes an event that has nothing to lose: never published, no signups, no lineup. Anything
 * else is cancelled instead, so no signup, answer or play disappears. The version check locks
 * the row (PostgreSQL), so a DJ's signup cannot slip in between the check and the delete.
 */
export async function deleteEvent(db: Db, changes: ChangeBus, eventId: string, baseVersion: number): Promise<void> {
  const version = await db.transaction().execute(async (trx) => {
    const swapped = await repository.updateEventIfVersion(trx, eventId, baseVersion, {}, Date.now());
    if (!swapped) await refuseStaleOrMissing(trx, eventId);
    const [event, counts] = await Promise.all([repository.findEvent(trx, eventId), repository.countLineup(trx, eventId)]);
    if (event?.published) throw conflict('This event is published: cancel it instead.');
    if (counts.signups > 0) throw conflict('This event has signups: cancel it instead.');
    if (counts.slots > 0) throw conflict('This event has a lineup: cancel it instead.');
    const players = await lineup.findDjPlays(trx, eventId);
    await repository.deleteEvent(trx, eventId);
    await refreshDjStats(trx, players);
    return baseVersion + 1;
  });
  // Open pages of the event refetch and find it gone.
  await changes.publish({ eventId, version });
}

/** Takes the event back to unpublished (its lineup stays as it is). */
export async function unpublishEvent(db: Db, changes: ChangeBus, actor: Actor, eventId: string, baseVersion: number): Promise<EventDetail> {
  const unpublished = await db.transaction().execute((trx) => setPublished(trx, actor, eventId, baseVersion, false));
  await changes.publish({ eventId, version: unpublished.version });
  return unpublished;
}

async function setPublished(trx: Transaction<Database>, actor: Actor, eventId: string, baseVersion: number, published: boolean): Promise<EventDetail> {
  const swapped = await repository.updateEventIfVersion(trx, eventId, baseVersion, { published: published ? 1 : 0 }, Date.now());
  if (!swapped) await refuseStaleOrMissing(trx, eventId);
  await recordChange(trx, { eventId, actor, kind: published ? 'published' : 'unpublished', version: baseVersion + 1 });
  return getEventDetail(trx, eventId);
}

/**
 * Ticks an optional preflight step off (or on again). Not part of the draft and no version bump:
 * ticking a box must not make someone's open draft stale.
 */
export async function setPreflightStep(db: Db, changes: ChangeBus, actor: Actor, eventId: string, body: PreflightStepBody): Promise<EventDetail> {
  const detail = await db.transaction().execute(async (trx) => {
    const event = await repository.findEvent(trx, eventId);
    if (!event) throw notFound(EVENT_NOT_FOUND);
    const preflight = { ...event.preflight, [body.step]: body.done ? new Date().toISOString() : null };
    await repository.updatePreflight(trx, eventId, preflight);
    await recordChange(trx, { eventId, actor, kind: 'preflight_step', version: event.version, lines: [{ t: 'preflight', ...body }] });
    return getEventDetail(trx, eventId);
  });
  await changes.publish({ eventId, version: detail.version });
  return detail;
}

/** Staff record a DJ's answer to their proposed slot (say, given in Discord). */
export async function setStaffConfirmation(db: Db, changes: ChangeBus, actor: Actor, eventId: string, body: StaffConfirmationBody): Promise<EventDetail> {
  const detail = await db.transaction().execute(async (trx) => {
    await assertEventExists(trx, eventId);
    if (!(await lineup.setConfirmation(trx, eventId, body.djId, body.confirmation, false))) {
      throw conflict('This DJ is on no signup of the event: reload the page to see its signups.');
    }
    const detail = await getEventDetail(trx, eventId);
    await recordChange(trx, { eventId, actor, kind: 'confirmation', version: detail.version, lines: [confirmationLine(detail, body)] });
    return detail;
  });
  await changes.publish({ eventId, version: detail.version });
  return detail;
}

/** The staff-recorded answer as a line of history, named as the event names them now. */
function confirmationLine(detail: EventDetail, { djId, confirmation }: StaffConfirmationBody): HistoryLine {
  const signup = detail.signups.find((candidate) => candidate.djRefs.includes(djId));
  const dj = detail.djs[djId];
  return { t: 'confirmation', name: signup?.name ?? '', dj: dj?.djName || dj?.publicName || djId, to: confirmation };
}

async function refuseStaleOrMissing(trx: Transaction<Database>, eventId: string): Promise<never> {
  const currentVersion = await repository.findVersion(trx, eventId);
  if (currentVersion === undefined) throw notFound(EVENT_NOT_FOUND);
  throw conflict(STALE_VERSION, 'stale_version', { currentVersion });
}

/** Mistakes visible in the payload alone: no database needed to refuse them. */
function checkDraftConsistency(body: SaveEventBody) {
  const uuids = new Set<string>();
  const djOwner = new Map<string, string>();
  for (const signup of body.signups) {
    if (uuids.has(signup.uuid)) throw badRequest(`The signup ${signup.name} appears twice in the draft.`);
    uuids.add(signup.uuid);
    for (const djId of signup.djRefs) {
      const other = djOwner.get(djId);
      if (other !== undefined) {
        throw conflict(
          other === signup.name
            ? `A DJ is named twice on the signup ${signup.name}.`
            : `A DJ is on both ${other} and ${signup.name}: a DJ can have only one signup per event. Remove them from one of them.`,
        );
      }
      djOwner.set(djId, signup.name);
    }
  }
  const removed = new Set(body.removedSignupUuids);
  if (body.removedSignupUuids.some((uuid) => uuids.has(uuid))) {
    throw badRequest('A signup cannot be both kept and removed in the same save.');
  }
  if (body.slots.some((slot) => slot.signupUuid !== null && removed.has(slot.signupUuid))) {
    throw badRequest('A lineup slot still belongs to a removed signup. Send it back to the signups first.');
  }
}

/** DJs must exist; a DJ may not already be on a stored signup this save leaves in place. */
async function checkReferences(trx: Transaction<Database>, eventId: string, body: SaveEventBody) {
  const { signups } = body;
  const djIds = [
    ...new Set([
      ...signups.flatMap((signup) => signup.djRefs),
      ...body.slots.flatMap((slot) => (slot.legacy?.djRef ? [slot.legacy.djRef] : [])),
    ]),
  ];
  const known = await existingDjIds(trx, djIds);
  const missing = djIds.filter((id) => !known.has(id));
  if (missing.length > 0) throw notFound(`DJ not found: ${missing.join(', ')}. Reload the event and try again.`);

  const rewritten = [...signups.map((signup) => signup.uuid), ...body.removedSignupUuids];
  const taken = await lineup.djsOnOtherSignups(trx, eventId, signups.flatMap((signup) => signup.djRefs), rewritten);
  if (taken.length > 0) {
    const djs = await findDjsById(trx, taken);
    const names = taken.map((id) => djs[id]?.djName || djs[id]?.publicName || id).join(', ');
    throw conflict(
      `${names} already signed up for this event on another signup (it may have just arrived). Reload to see it, then edit that signup instead.`,
    );
  }
}

/** Stored uuids among the draft's signups; a uuid of another event's signup is refused. */
async function ownSignupUuids(trx: Transaction<Database>, eventId: string, signups: readonly StaffSignup[]): Promise<Set<string>> {
  const owners = await lineup.signupOwners(trx, signups.map((signup) => signup.uuid));
  for (const [uuid, owner] of owners) {
    if (owner !== eventId) throw badRequest(`The signup ${uuid} belongs to another event.`);
  }
  return new Set(owners.keys());
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
