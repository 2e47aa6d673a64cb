import { describe, expect, it } from 'vitest';
import type { DjPlay } from './schemas/djs.js';
import { byLongestSinceLastPlay, earliestEvent, lastPlayBefore, otherEvents, rosterStats } from './plays.js';

function play(eventId: string, startDatetime: string): DjPlay {
  return { eventId, eventName: `Event ${eventId}`, startDatetime };
}

const e1 = play('e1', '2024-01-07T20:00:00.000Z');
const e2 = play('e2', '2024-02-04T20:00:00.000Z');
const e3 = play('e3', '2024-03-03T20:00:00.000Z');
const e4 = play('e4', '2024-04-07T19:00:00.000Z');
const e5 = play('e5', '2024-05-05T19:00:00.000Z');

describe('rosterStats', () => {
  it('counts distinct events and finds the most recent, whatever the input order', () => {
    expect(rosterStats('dj1', [e2, e5, e1, e5])).toEqual({ totalPlays: 3, mostRecentPlay: e5 });
  });

  it('is zero and null for a DJ who never played', () => {
    expect(rosterStats('dj1', [])).toEqual({ totalPlays: 0, mostRecentPlay: null });
  });
});

describe('otherEvents', () => {
  it('shows the newest three other events and says when there are more', () => {
    expect(otherEvents([e1, e2, e3, e4, e5], 'e5')).toEqual({ shown: [e4, e3, e2], total: 4, hasMore: true });
  });

  it('has no "See all" when everything fits', () => {
    expect(otherEvents([e1, e3, e2], 'e2')).toEqual({ shown: [e3, e1], total: 2, hasMore: false });
    expect(otherEvents([e1, e2, e3, e4], 'e4')).toEqual({ shown: [e3, e2, e1], total: 3, hasMore: false });
    expect(otherEvents([], 'e1')).toEqual({ shown: [], total: 0, hasMore: false });
  });

  it('accepts another limit', () => {
    expect(otherEvents([e1, e2, e3], 'x', 1)).toEqual({ shown: [e3], total: 3, hasMore: true });
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
    recent: otherEvents([e4, e1], 'now'),
    old: otherEvents([e1], 'now'),
    laterOnly: otherEvents([play('e9', '2024-06-02T19:00:00.000Z')], 'now'),
  };
  it('puts DJs who never played first, then the oldest last play; a B2B counts its latest player', () => {
    const signups = [
      { name: 'Recent', djRefs: ['recent'] },
      { name: 'Old', djRefs: ['old'] },
      { name: 'Newcomer', djRefs: ['nobody'] },
      { name: 'Duo', djRefs: ['old', 'recent'] },
      { name: 'Booked later only', djRefs: ['laterOnly'] },
    ];
    expect(byLongestSinceLastPlay(signups, others, tonight).map((s) => s.name)).toEqual(['Newcomer', 'Booked later only', 'Old', 'Recent', 'Duo']);
  });
  it('reads the last play before the event, not a later booking', () => {
    expect(lastPlayBefore(others.recent, tonight)).toBe(e4.startDatetime);
    expect(lastPlayBefore(others.laterOnly, tonight)).toBeNull();
    expect(lastPlayBefore(undefined, tonight)).toBeNull();
  });
});
