// A DJ's plays: the events whose lineup includes a signup naming that DJ, back-to-back partners
// included (ARCHITECTURE "decided"). Which events those are is computed once (computeDjPlays) and
// kept as dj_plays, booked or played alike, as the spec derives them. Whether a play happened is
// decided here, once (issue 34): the roster, the DJ's page, the debut hint, Other Events and the
// exports all read playHappened, and the server's SQL says the same (events.end_at <= the time).
import { OTHER_EVENTS_SHOWN } from './domain.js';
import type { DjPlay, OtherEvents } from './schemas/djs.js';

/**
 * THE definition: a play has happened once its event is over (an event in progress is still
 * upcoming, as the events list has it). Until then the DJ is booked for it: an upcoming play.
 */
export function playHappened(play: Pick<DjPlay, 'endDatetime'>, at: number): boolean {
  return Date.parse(play.endDatetime) <= at;
}

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

export interface PlaysAsOf {
  /** Plays that happened by then, newest first. */
  happened: DjPlay[];
  /** Events the DJ is booked for that are not over by then, soonest first. */
  upcoming: DjPlay[];
}

/** A DJ's plays split at an instant (now, or an event's start) by playHappened. */
export function playsAsOf(plays: readonly DjPlay[], at: number): PlaysAsOf {
  const unique = uniqueNewestFirst(plays);
  return { happened: unique.filter((play) => playHappened(play, at)), upcoming: unique.filter((play) => !playHappened(play, at)).reverse() };
}

export interface RosterStats {
  totalPlays: number;
  mostRecentPlay: DjPlay | null;
  nextPlay: DjPlay | null;
}

/** Roster columns Total Plays and Most Recent Play as of `at` (plays that happened), and the next booked one. */
export function rosterStats(plays: readonly DjPlay[], at: number): RosterStats {
  const { happened, upcoming } = playsAsOf(plays, at);
  return { totalPlays: happened.length, mostRecentPlay: happened[0] ?? null, nextPlay: upcoming[0] ?? null };
}

/**
 * "Other Events (n total)" on a signup card: the DJ's other events (booked ones too), the newest few
 * shown, and their last play that happened before this event starts (the debut hint's question).
 */
export function otherEvents(
  plays: readonly DjPlay[],
  currentEventId: string,
  currentEventStart: string,
  limit: number = OTHER_EVENTS_SHOWN,
): OtherEvents {
  const others = uniqueNewestFirst(plays).filter((play) => play.eventId !== currentEventId);
  return {
    shown: others.slice(0, limit),
    total: others.length,
    hasMore: others.length > limit,
    playedBefore: playsAsOf(others, Date.parse(currentEventStart)).happened[0] ?? null,
  };
}

/** The roster's "earliest recorded event". */
export function earliestEvent(plays: readonly DjPlay[]): DjPlay | null {
  return uniqueNewestFirst(plays).at(-1) ?? null;
}

/** Whether this may be the DJ's first set: none of their plays happened before the event starts. */
export const possibleDebut = (others: OtherEvents | undefined): boolean => others !== undefined && others.playedBefore === null;

/**
 * Signups with the longest wait since any of their DJs last played first: those who never
 * played lead, then the oldest last play. Equal waits keep their order.
 */
export function byLongestSinceLastPlay<S extends { djRefs: readonly string[] }>(signups: readonly S[], otherEventsByDj: Record<string, OtherEvents>): S[] {
  const lastPlay = (signup: S) =>
    Math.max(...signup.djRefs.map((djId) => Date.parse(otherEventsByDj[djId]?.playedBefore?.startDatetime ?? '') || -Infinity), -Infinity);
  return signups
    .map((signup, index) => ({ signup, index, at: lastPlay(signup) }))
    .sort((a, b) => a.at - b.at || a.index - b.index)
    .map(({ signup }) => signup);
}
