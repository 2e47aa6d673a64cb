import { describe, expect, it } from 'vitest';
import type { Dj, SignupFormData, Slot } from './domain.js';
import { formatLocalTime } from './time.js';
import {
  computeDjPlays,
  eventEnd,
  isSignupInLineup,
  layoutSlots,
  lineupConflicts,
  moveSlot,
  newStaffSignup,
  removeSlotForSignup,
  signupsNotInLineup,
  slotDjIds,
  slotForSignup,
  slotName,
} from './lineup.js';
import { buildSignup, buildSlot } from './testing/builders.js';

const START = '2024-06-09T19:00:00.000Z'; // 20:00 London (BST)
const signup = buildSignup;
const slot = buildSlot;


function form(available_from: string, available_to: string): SignupFormData {
  return {
    event_id: 'e1',
    name: 'x',
    is_b2b: false,
    b2b_members_response: '',
    requested_duration: 1,
    type: 'LIVE',
    stream_link: '',
    available_from,
    available_to,
    confirm_expectations: true,
    dj_notes: '',
  };
}

describe('layoutSlots', () => {
  it("lays slots out back to back using each signup's requested duration", () => {
    const signups = [signup('a', { requestedDuration: 0.5 }), signup('b', { requestedDuration: 1.5 })];
    const slots = [
      slot({ signupUuid: 'a', duration: 3 }), // the signup's duration wins
      slot({ signupUuid: 'b' }),
      slot({ djName: 'Legacy', duration: 2 }), // legacy slots keep their own
    ];
    const laidOut = layoutSlots(START, slots, signups);
    expect(laidOut.map((s) => [s.startTime, s.duration])).toEqual([
      ['2024-06-09T19:00:00.000Z', 0.5],
      ['2024-06-09T19:30:00.000Z', 1.5],
      ['2024-06-09T21:00:00.000Z', 2],
    ]);
    expect(eventEnd(START, laidOut)).toBe('2024-06-09T23:00:00.000Z');
    // Inputs are left untouched.
    expect(slots[0]!.startTime).toBe('2000-01-01T00:00:00.000Z');
  });

  it('defaults a missing duration to one hour and keeps an explicit zero', () => {
    const slots = [
      slot({ duration: NaN, djName: 'A' }),
      slot({ duration: undefined as unknown as number, djName: 'B' }),
      slot({ duration: 0, djName: 'C' }),
      slot({ djName: 'D' }),
    ];
    expect(layoutSlots(START, slots, []).map((s) => s.startTime)).toEqual([
      '2024-06-09T19:00:00.000Z',
      '2024-06-09T20:00:00.000Z',
      '2024-06-09T21:00:00.000Z',
      '2024-06-09T21:00:00.000Z',
    ]);
  });

  it('accepts a start with an offset and rejects an unparsable one', () => {
    expect(layoutSlots('2024-06-09T20:00:00+01:00', [slot()], [])[0]!.startTime).toBe(START);
    expect(() => layoutSlots('soon', [], [])).toThrow('Invalid date format');
  });
});

describe('a lineup crossing midnight in the browser zone', () => {
  it('keeps half-hour steps across the date line, as the Lineup tab shows them', () => {
    // 23:00 in New York (BST 04:00 next day); slots of 1, 0.5 and 1 hours.
    const nyLate = '2024-06-10T03:00:00.000Z';
    const signups = [signup('a'), signup('b', { requestedDuration: 0.5 }), signup('c')];
    const laidOut = layoutSlots(nyLate, signups.map((s) => slot({ signupUuid: s.uuid })), signups);
    expect(laidOut.map((s) => formatLocalTime(s.startTime, 'America/New_York'))).toEqual(['23:00', '00:00', '00:30']);
    expect(laidOut.map((s) => formatLocalTime(s.startTime, 'Europe/London'))).toEqual(['04:00', '05:00', '05:30']);
    expect(formatLocalTime(eventEnd(nyLate, laidOut), 'America/New_York')).toBe('01:30');
  });
});

describe('eventEnd', () => {
  it('is the start when there are no slots', () => {
    expect(eventEnd(START, [])).toBe(START);
  });
});

describe('lineup membership', () => {
  const withDj = signup('a');
  const noDjs = signup('b', { djRefs: [] });
  const waiting = signup('c');
  const slots = [slot({ signupUuid: 'a' }), slot({ signupUuid: 'b' })];

  it('needs DJ references and a slot pointing at the signup', () => {
    expect(isSignupInLineup(withDj, slots)).toBe(true);
    expect(isSignupInLineup(noDjs, slots)).toBe(false);
    expect(isSignupInLineup(waiting, slots)).toBe(false);
    expect(signupsNotInLineup([withDj, noDjs, waiting], slots).map((s) => s.uuid)).toEqual(['b', 'c']);
  });
});

describe('computeDjPlays', () => {
  it('collects unique DJs in slot order, B2B partners included, legacy refs as fallback', () => {
    const signups = [signup('a', { djRefs: ['dj1', 'dj2'] }), signup('b', { djRefs: ['dj3', 'dj1'] })];
    const slots = [
      slot({ signupUuid: 'a' }),
      slot({ djRef: 'legacy' }),
      slot({ signupUuid: 'b', djRef: 'ignored-when-signup-found' }),
      slot({ signupUuid: 'missing', djRef: 'dj4' }),
      slot(),
    ];
    expect(computeDjPlays(slots, signups)).toEqual(['dj1', 'dj2', 'legacy', 'dj3', 'dj4']);
    expect(slotDjIds(slots[0]!, signups)).toEqual(['dj1', 'dj2']);
  });
});

describe('slotName', () => {
  it('prefers the signup, then the legacy name, else throws the spec error', () => {
    const signups = [signup('a', { name: '<b>DJ *Star*</b>' })];
    expect(slotName(slot({ signupUuid: 'a', djName: 'Old' }), signups)).toBe('<b>DJ *Star*</b>');
    expect(slotName(slot({ signupUuid: 'gone', djName: 'Old' }), signups)).toBe('Old');
    expect(() => slotName(slot({ signupUuid: 'gone', djName: '' }), signups)).toThrow(
      'Unable to find signup with a uuid of gone, and there is no legacy value at slot.dj_name',
    );
  });
});

describe('slotForSignup', () => {
  it('links the new slot to the signup and its first DJ', () => {
    const s = signup('a', { djRefs: ['dj1', 'dj2'], requestedDuration: 0.5, isDebut: true, type: 'PRERECORD' });
    expect(slotForSignup(s, START)).toEqual({
      signupUuid: 'a',
      djName: null,
      djRef: 'dj1',
      startTime: START,
      duration: 0.5,
      isDebut: true,
      slotType: 'PRERECORD',
      streamSourceUrl: '',
      streamSourceType: 'PRERECORD',
    });
    expect(slotForSignup(signup('b'), START).streamSourceType).toBe('VRCDN');
    expect(slotForSignup(signup('c', { djRefs: [] }), START).djRef).toBeNull();
  });
});

describe('moveSlot and removeSlotForSignup', () => {
  const slots = [slot({ signupUuid: 'a' }), slot({ signupUuid: 'b' }), slot({ signupUuid: 'c' })];
  const order = (list: Slot[]) => list.map((s) => s.signupUuid);

  it('swaps neighbours and ignores moves off either end', () => {
    expect(order(moveSlot(slots, 1, -1))).toEqual(['b', 'a', 'c']);
    expect(order(moveSlot(slots, 1, 1))).toEqual(['a', 'c', 'b']);
    expect(order(moveSlot(slots, 0, -1))).toEqual(['a', 'b', 'c']);
    expect(order(moveSlot(slots, 2, 1))).toEqual(['a', 'b', 'c']);
    expect(order(moveSlot(slots, 5, -1))).toEqual(['a', 'b', 'c']);
    expect(order(slots)).toEqual(['a', 'b', 'c']);
  });

  it('sends a signup back', () => {
    expect(order(removeSlotForSignup(slots, 'b'))).toEqual(['a', 'c']);
  });
});

describe('newStaffSignup', () => {
  const dj: Dj = {
    id: 'dj1',
    discordId: '123456789012345678',
    publicName: 'Public',
    djName: 'DJ Name',
    rtmpUrl: '',
    twitchUsername: '',
    avatarUrl: null,
    notes: '',
  };

  it('creates a one-hour LIVE non-debut signup for the DJ', () => {
    expect(newStaffSignup(dj, 'u1')).toEqual({
      uuid: 'u1',
      name: 'DJ Name',
      djRefs: ['dj1'],
      isDebut: false,
      requestedDuration: 1,
      type: 'LIVE',
      hidden: false,
      formData: null,
    });
    expect(newStaffSignup({ ...dj, djName: '' }, 'u2').name).toBe('Public');
  });
});

describe('lineupConflicts', () => {
  it('flags slots outside availability, in the viewer zone', () => {
    const signups = [
      signup('a', { name: 'Early Bird', formData: form('any', '2024-06-09T19:30:00.000Z') }),
      signup('b', { name: 'Night Owl', formData: form('2024-06-09T21:00:00.000Z', 'any') }),
      signup('c', { name: 'Fine', formData: form('2024-06-09T19:00:00.000Z', '2024-06-10T01:00:00.000Z') }),
    ];
    const slots = [slot({ signupUuid: 'a' }), slot({ signupUuid: 'b' }), slot({ signupUuid: 'c' })];
    const london = lineupConflicts(START, slots, signups, {}, 'Europe/London');
    expect([...london.entries()]).toEqual([
      [0, ['Ends at 21:00 but Early Bird is available until 20:30']],
      [1, ['Starts at 21:00 but Night Owl is available from 22:00']],
    ]);
    const newYork = lineupConflicts(START, slots, signups, {}, 'America/New_York');
    expect(newYork.get(1)).toEqual(['Starts at 16:00 but Night Owl is available from 17:00']);
  });

  it('flags a DJ booked in more than one slot, B2B included', () => {
    const signups = [signup('a', { djRefs: ['dj1'] }), signup('b', { djRefs: ['dj2', 'dj1'] })];
    const slots = [slot({ signupUuid: 'a' }), slot({ signupUuid: 'b' }), slot({ djRef: 'dj3', djName: 'Legacy' })];
    const conflicts = lineupConflicts(START, slots, signups, { dj1: 'Mia' }, 'Europe/London');
    expect([...conflicts.entries()]).toEqual([
      [0, ['Mia also plays in slot 2']],
      [1, ['Mia also plays in slot 1']],
    ]);
  });

  it('handles a lineup crossing midnight in New York', () => {
    // Saturday 15 June 2024, 22:00 in New York is 02:00 UTC on Sunday.
    const nyStart = '2024-06-16T02:00:00.000Z';
    const signups = [
      signup('a'),
      signup('b', { name: 'After Midnight', formData: form('2024-06-16T04:30:00.000Z', 'any') }),
    ];
    const slots = [slot({ signupUuid: 'a' }), slot({ signupUuid: 'a2', djName: 'Legacy' }), slot({ signupUuid: 'b' })];
    expect(layoutSlots(nyStart, slots, signups).map((s) => s.startTime)).toEqual([
      '2024-06-16T02:00:00.000Z',
      '2024-06-16T03:00:00.000Z',
      '2024-06-16T04:00:00.000Z',
    ]);
    expect(eventEnd(nyStart, layoutSlots(nyStart, slots, signups))).toBe('2024-06-16T05:00:00.000Z');
    expect(lineupConflicts(nyStart, slots, signups, {}, 'America/New_York').get(2)).toEqual([
      'Starts at 00:00 but After Midnight is available from 00:30',
    ]);
  });

  it('is empty for a clean lineup', () => {
    expect(lineupConflicts(START, [slot({ signupUuid: 'a' })], [signup('a')], {}, 'UTC').size).toBe(0);
  });
});
