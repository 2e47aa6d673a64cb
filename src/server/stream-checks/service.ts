import type { EventDetail } from '@shared/schemas/events.js';
import type { SignupArea } from '@shared/schemas/signup.js';
import type { DjStreamCheckBody } from '@shared/schemas/signup.js';
import type { StreamTestDeadline } from '@shared/api/signup.js';
import { streamCheckDeadline } from '@shared/stream-checks.js';
import type { StaffStreamCheckBody, StreamCheckSettings, StreamCheckSettingsAnswer } from '@shared/schemas/stream-checks.js';
import type { SessionUser } from '../auth/sessions.js';
import type { AppContext } from '../context.js';
import { toIso } from '../db/values.js';
import { getEventDetail, refuseIfCancelled } from '../events/service.js';
import { findEvent } from '../events/repository.js';
import { conflict, notFound } from '../http/errors.js';
import { recordChange } from '../history/record.js';
import { findSignupNaming, setStreamTested } from '../lineup/dj-signup.js';
import { loadSignupArea, rosterIdOf } from '../signup/service.js';
import { readStreamCheckSettings, writeStreamCheckSettings } from './settings.js';

// Stream checks (issue 35, decision 045): when a signup's stream was tested. Not a staff edit of
// the draft (as a confirmation is not, decision 009): no version bump, so nobody's open draft
// goes stale. Every time is the server's clock (ctx.clock), which tests set.

const answer = (ctx: AppContext, settings: StreamCheckSettings): StreamCheckSettingsAnswer => ({ ...settings, now: toIso(ctx.clock.now()) });

export async function getStreamCheckSettings(ctx: AppContext): Promise<StreamCheckSettingsAnswer> {
  return answer(ctx, await readStreamCheckSettings(ctx.store.db));
}

export async function saveStreamCheckSettings(ctx: AppContext, settings: StreamCheckSettings): Promise<StreamCheckSettingsAnswer> {
  await ctx.store.db.transaction().execute((trx) => writeStreamCheckSettings(trx, settings, ctx.clock.now()));
  return answer(ctx, settings);
}

/** By when an event's streams are tested (its start less the setting's hours), with the server's time. */
export async function streamTestDeadline(ctx: AppContext, eventId: string): Promise<StreamTestDeadline> {
  const event = await findEvent(ctx.store.db, eventId);
  if (!event) throw notFound('Event not found.');
  const { hoursBefore } = await readStreamCheckSettings(ctx.store.db);
  return { deadline: toIso(streamCheckDeadline(event.startDatetime, hoursBefore)), now: toIso(ctx.clock.now()) };
}

/** Staff tick a signup's stream as tested in Stream Details (or take it back). Only a signup of this event. */
export async function setStaffStreamCheck({ ctx, actor, eventId, body }: { ctx: AppContext; actor: SessionUser; eventId: string; body: StaffStreamCheckBody }): Promise<EventDetail> {
  const detail = await ctx.store.db.transaction().execute(async (trx) => {
    await refuseIfCancelled(trx, eventId);
    const outcome = await setStreamTested(trx, eventId, body.signupUuid, body.tested ? ctx.clock.now() : null);
    if (outcome === 'missing') throw notFound('This event has no such signup: reload the page to see its signups.');
    const detail = await getEventDetail({ db: trx, eventId });
    // The same tick again (a double click, a replay) is recorded once.
    if (outcome === 'changed') {
      const name = detail.signups.find((signup) => signup.uuid === body.signupUuid)?.name ?? '';
      await recordChange(trx, { eventId, actor, kind: 'stream_check', version: detail.version, lines: [{ t: 'stream_check', name, tested: body.tested }], at: ctx.clock.now() });
    }
    return detail;
  });
  await ctx.changes.publish({ eventId, version: detail.version });
  return detail;
}

/** The DJ's "Stream tested" on their signup page: only the signup naming them, never another DJ's. */
export async function djStreamTested({ ctx, user, body }: { ctx: AppContext; user: SessionUser; body: DjStreamCheckBody }): Promise<SignupArea> {
  const db = ctx.store.db;
  const event = await findEvent(db, body.event_id);
  if (!event) throw notFound('Event not found.');
  if (event.cancelled) throw conflict('This event is cancelled: there is no stream to test.', 'signups_closed');
  const own = await findSignupNaming(db, event.id, rosterIdOf(user));
  if (!own || (own.slot === null && !own.standby)) throw conflict('Your signup is not in the lineup or on standby yet: there is no stream to test.');
  await db.transaction().execute(async (trx) => {
    const outcome = await setStreamTested(trx, event.id, own.uuid, ctx.clock.now());
    if (outcome === 'changed') {
      await recordChange(trx, { eventId: event.id, actor: user, kind: 'stream_check', version: event.version, lines: [{ t: 'stream_check', name: own.name, tested: true }], at: ctx.clock.now() });
    }
  });
  await ctx.changes.publish({ eventId: event.id, version: event.version });
  return loadSignupArea({ ctx, user, eventId: event.id });
}
