import { signupsOpenAt } from '@shared/lineup.js';
import { type DjHome, type DjSignupState, type MemberContact, PAST_PLAYS_SHOWN } from '@shared/schemas/me.js';
import type { SessionUser } from '../auth/sessions.js';
import type { AppContext } from '../context.js';
import { forbidden } from '../http/errors.js';
import { readSettings } from '../settings/service.js';
import { findOpenedEvents, findOwnPastPlays, findOwnUpcomingSignups } from './repository.js';

/** A DJ's Home: the events open for signup, the caller's own signups and past plays. */
export async function loadDjHome({ ctx, user }: { ctx: AppContext; user: SessionUser }): Promise<DjHome> {
  // Everyone with a role has a roster entry (auth/service.ts).
  if (user.djId === null) throw forbidden();
  const { db } = ctx.store;
  const now = Date.now();
  const [settings, opened, signups, past] = await Promise.all([
    readSettings(db),
    findOpenedEvents(db, now),
    findOwnUpcomingSignups(db, user.djId, now),
    findOwnPastPlays(db, user.djId, now, PAST_PLAYS_SHOWN),
  ]);
  const signedUpFor = new Set(signups.map((signup) => signup.eventId));
  return {
    seriesZone: settings.defaultZone,
    contactHostName: settings.contactHostName,
    openEvents: opened
      .filter((event) => signupsOpenAt(event, now))
      .map(({ id, name, startDatetime, full }) => ({ id, name, startDatetime, signedUp: signedUpFor.has(id), full: full && !signedUpFor.has(id) })),
    signups: signups.map(({ confirmation, standby, ...signup }) => ({ ...signup, state: stateOf(signup.slot !== null, confirmation, standby) })),
    pastPlays: past.plays,
    pastPlayCount: past.count,
  };
}

export async function loadMemberContact(ctx: AppContext): Promise<MemberContact> {
  const { contactHostName, chatServerUrl } = await readSettings(ctx.store.db);
  return { contactHostName, chatServerUrl };
}

/**
 * Not in the lineup yet: signed up, on standby, or withdrawn (the DJ said they are out). In it:
 * proposed until the DJ (or staff for them) answers.
 */
export function stateOf(inLineup: boolean, confirmation: string, standby: boolean): DjSignupState {
  if (!inLineup) return confirmation === 'declined' ? 'withdrawn' : standby ? 'standby' : 'signed_up';
  if (confirmation === 'confirmed' || confirmation === 'declined') return confirmation;
  return 'in_lineup';
}
