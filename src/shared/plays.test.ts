import { describe, expect, it } from 'vitest';
import type { DjPlay } from './schemas/djs.js';
import { byLongestSinceLastPlay, earliestEvent, otherEvents, playHappened, playsAsOf, possibleDebut, rosterStats } from './plays.js';

// The one definition of a play that happened (issue 34) and what reads it, with a fixed clock:
// every test says what "now" is.

const HOUR = 3_600_000;
function play(eventId: string, startDatetime: string, hours = 3): DjPlay {
  return { eventId, eventName: `Event ${eventId}`, startDatetime, endDatetime: new Date(Date.parse(startDatetime) + hours * HOUR).toISOString() };
}

const e1 = play('e1', '2024-01-07T20:00:00.000Z');
const e2 = play('e2', '2024-02-04T20:00:00.000Z');
const e3 = play('e3', '2024-03-03T20:00:00.000Z');
const e4 = play('e4', '2024-04-07T19:00:00.000Z');
const e5 = play('e5', '2024-05-05T19:00:00.000Z');
const LATER = Date.parse('2025-01-01T00:00:00.000Z');

describe('playHappened', () => {
  const night = play('n', '2024-11-24T20:00:00.000Z');
  it('is false before the event, and while it is on (an event in progress is upcoming), true once it is over', () => {
    expect(playHappened(night, Date.parse('2024-11-24T19:00:00.000Z'))).toBe(false);
    expect(playHappened(night, Date.parse('2024-11-24T22:59:59.999Z'))).toBe(false);
    expect(playHappened(night, Date.parse('2024-11-24T23:00:00.000Z'))).toBe(true);
  });
});

describe('rosterStats', () => {
  it('counts distinct events that happened and finds the most recent, whatever the input order', () => {
    expect(rosterStats([e2, e5, e1, e5], LATER)).toEqual({ totalPlays: 3, mostRecentPlay: e5, nextPlay: null });
  });

  it('a booked event not over yet is the next play, never the most recent (read on 27 Nov, booked for 6 Dec)', () => {
    const dec6 = play('dec6', '2024-12-06T20:00:00.000Z');
    const nov27 = Date.parse('2024-11-27T12:00:00.000Z');
    expect(rosterStats([dec6], nov27)).toEqual({ totalPlays: 0, mostRecentPlay: null, nextPlay: dec6 });
    const dec20 = play('dec20', '2024-12-20T20:00:00.000Z');
    expect(rosterStats([dec20, e5, dec6], nov27)).toEqual({ totalPlays: 1, mostRecentPlay: e5, nextPlay: dec6 });
    // Once 6 December is over, it is a play.
    expect(rosterStats([dec20, e5, dec6], Date.parse('2024-12-07T00:00:00.000Z'))).toEqual({ totalPlays: 2, mostRecentPlay: dec6, nextPlay: dec20 });
  });

  it('is zero and null for a DJ who never played', () => {
    expect(rosterStats([], LATER)).toEqual({ totalPlays: 0, mostRecentPlay: null, nextPlay: null });
  });
});

describe('playsAsOf', () => {
  it('splits at the instant: plays newest first, bookings soonest first', () => {
    const at = Date.parse('2024-03-10T00:00:00.000Z');
    expect(playsAsOf([e5, e1, e3, e4, e2], at)).toEqual({ happened: [e3, e2, e1], upcoming: [e4, e5] });
  });
});

describe('otherEvents', () => {
  it('shows the newest three other events (bookings too), says when there are more, and the last play before this event', () => {
    expect(otherEvents([e1, e2, e3, e4, e5], 'e5', e5.startDatetime)).toEqual({ shown: [e4, e3, e2], total: 4, hasMore: true, playedBefore: e4 });
  });

  it('has no "See all" when everything fits', () => {
    expect(otherEvents([e1, e3, e2], 'e2', e2.startDatetime)).toEqual({ shown: [e3, e1], total: 2, hasMore: false, playedBefore: e1 });
    expect(otherEvents([e1, e2, e3, e4], 'e4', e4.startDatetime)).toEqual({ shown: [e3, e2, e1], total: 3, hasMore: false, playedBefore: e3 });
    expect(otherEvents([], 'e1', e1.startDatetime)).toEqual({ shown: [], total: 0, hasMore: false, playedBefore: null });
  });

  it('accepts another limit', () => {
    expect(otherEvents([e1, e2, e3], 'x', e1.startDatetime, 1)).toMatchObject({ shown: [e3], total: 3, hasMore: true });
  });
});

describe('possibleDebut', () => {
  it('is a debut when none of their plays was over before the event starts: later bookings do not count', () => {
    const booked = [play('later1', '2024-06-02T19:00:00.000Z'), play('later2', '2024-06-09T19:00:00.000Z'), play('later3', '2024-06-16T19:00:00.000Z'), e1];
    // Only e1 (January) came before March; three later bookings fill what is shown.
    expect(possibleDebut(otherEvents(booked, 'e3', e3.startDatetime))).toBe(false);
    expect(possibleDebut(otherEvents(booked.slice(0, 3), 'e3', e3.startDatetime))).toBe(true);
    // A booking before this event that is not over when it starts (overlapping) is not a play before it.
    expect(possibleDebut(otherEvents([play('same-day', '2024-03-03T18:00:00.000Z')], 'e3', e3.startDatetime))).toBe(true);
    expect(possibleDebut(undefined)).toBe(false);
  });
});

describe('earliestEvent', () => {
  it('finds the earliest play or null', () => {
    expect(earliestEvent([e3, e1, e2])).toEqual(e1);
    expect(earliestEvent([])).toBeNull();
  });
});

describe('byLongestSinceLastPlay', () => {
  const tonight = '2024-05-05T19:00:00.000Z';
  const others = {
    recent: otherEvents([e4, e1], 'now', tonight),
    old: otherEvents([e1], 'now', tonight),
    laterOnly: otherEvents([play('e9', '2024-06-02T19:00:00.000Z')], 'now', tonight),
  };
  it('puts DJs who never played first, then the oldest last play; a B2B counts its latest player', () => {
    const signups = [
      { name: 'Recent', djRefs: ['recent'] },
      { name: 'Old', djRefs: ['old'] },
      { name: 'Newcomer', djRefs: ['nobody'] },
      { name: 'Duo', djRefs: ['old', 'recent'] },
      { name: 'Booked later only', djRefs: ['laterOnly'] },
    ];
    expect(byLongestSinceLastPlay(signups, others).map((s) => s.name)).toEqual(['Newcomer', 'Booked later only', 'Old', 'Recent', 'Duo']);
  });
  it('reads the last play before the event, not a later booking', () => {
    expect(others.recent.playedBefore).toEqual(e4);
    expect(others.laterOnly.playedBefore).toBeNull();
  });
});
