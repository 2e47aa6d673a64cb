// A DJ's plays: the events whose lineup includes a signup naming that DJ, back-to-back partners
// included (ARCHITECTURE "decided"). Which events those are is computed once (computeDjPlays);
// these helpers only summarise a DJ's list so roster, Other Events and Plays all agree.
import { OTHER_EVENTS_SHOWN } from './domain.js';
import type { DjPlay, OtherEvents } from './schemas/djs.js';

/** Newest first; ties broken by event id so the order is stable. */
function byNewest(a: DjPlay, b: DjPlay): number {
  return Date.parse(b.startDatetime) - Date.parse(a.startDatetime) || a.eventId.localeCompare(b.eventId);
}

/** One entry per event, newest first (a list may come from several sources and repeat). */
function uniqueNewestFirst(plays: readonly DjPlay[]): DjPlay[] {
  const byEvent = new Map<string, DjPlay>();
  for (const play of plays) if (!byEvent.has(play.eventId)) byEvent.set(play.eventId, play);
  return [...byEvent.values()].sort(byNewest);
}

export interface RosterStats {
  totalPlays: number;
  mostRecentPlay: DjPlay | null;
}

/** Roster columns Total Plays and Most Recent Play for the DJ whose plays are given. */
export function rosterStats(djId: string, plays: readonly DjPlay[]): RosterStats {
  // djId only documents whose list this is: DjPlay rows carry no DJ.
  void djId;
  const unique = uniqueNewestFirst(plays);
  return { totalPlays: unique.length, mostRecentPlay: unique[0] ?? null };
}

/** "Other Events (n total)" on a signup card: the DJ's other events, the newest few shown. */
export function otherEvents(
  plays: readonly DjPlay[],
  currentEventId: string,
  limit: number = OTHER_EVENTS_SHOWN,
): OtherEvents {
  const others = uniqueNewestFirst(plays).filter((play) => play.eventId !== currentEventId);
  return { shown: others.slice(0, limit), total: others.length, hasMore: others.length > limit };
}

/** The roster's "earliest recorded event". */
export function earliestEvent(plays: readonly DjPlay[]): DjPlay | null {
  return uniqueNewestFirst(plays).at(-1) ?? null;
}

/** The DJ's most recent play before `before` (an ISO time) among their newest events; null if none. */
export function lastPlayBefore(others: OtherEvents | undefined, before: string): string | null {
  const cutoff = Date.parse(before);
  return others?.shown.find((play) => Date.parse(play.startDatetime) < cutoff)?.startDatetime ?? null;
}

/**
 * Signups with the longest wait since any of their DJs last played first: those who never
 * played lead, then the oldest last play. Equal waits keep their order.
 */
export function byLongestSinceLastPlay<S extends { djRefs: readonly string[] }>(
  signups: readonly S[],
  otherEventsByDj: Record<string, OtherEvents>,
  eventStart: string,
): S[] {
  const lastPlay = (signup: S) =>
    Math.max(...signup.djRefs.map((djId) => Date.parse(lastPlayBefore(otherEventsByDj[djId], eventStart) ?? '') || -Infinity), -Infinity);
  return signups
    .map((signup, index) => ({ signup, index, at: lastPlay(signup) }))
    .sort((a, b) => a.at - b.at || a.index - b.index)
    .map(({ signup }) => signup);
}
