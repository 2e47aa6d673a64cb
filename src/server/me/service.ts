import type { DjHome, MemberContact } from '@shared/schemas/me.js';
import { PAST_PLAYS_SHOWN } from '@shared/schemas/me.js';
import type { SessionUser } from '../auth/sessions.js';
import type { AppContext } from '../context.js';
import { forbidden } from '../http/errors.js';
import { readSettings } from '../settings/service.js';
import { findOpenEvents, findOwnPastPlays, findOwnUpcomingSignups } from './repository.js';

/** A DJ's Home: the events open for signup, the caller's own signups and past plays. */
export async function loadDjHome(ctx: AppContext, user: SessionUser): Promise<DjHome> {
  // Everyone with a role has a roster entry (auth/service.ts).
  if (user.djId === null) throw forbidden();
  const { db } = ctx.store;
  const now = Date.now();
  const [settings, open, signups, past] = await Promise.all([
    readSettings(db),
    findOpenEvents(db, now),
    findOwnUpcomingSignups(db, user.djId, now),
    findOwnPastPlays(db, user.djId, now, PAST_PLAYS_SHOWN),
  ]);
  const signedUpFor = new Set(signups.map((signup) => signup.eventId));
  return {
    seriesZone: settings.defaultZone,
    contactHostName: settings.contactHostName,
    openEvents: open.map((event) => ({ ...event, signedUp: signedUpFor.has(event.id) })),
    signups: signups.map((signup) => ({ ...signup, state: signup.slot ? 'in_lineup' : 'signed_up' })),
    pastPlays: past.plays,
    pastPlayCount: past.count,
  };
}

export async function loadMemberContact(ctx: AppContext): Promise<MemberContact> {
  const { contactHostName, chatServerUrl } = await readSettings(ctx.store.db);
  return { contactHostName, chatServerUrl };
}
