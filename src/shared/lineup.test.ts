import { describe, expect, it } from 'vitest';
import type { Dj } from './schemas/djs.js';
import type { Slot } from './schemas/lineup.js';
import { formatLocalTime } from './time.js';
import {
  computeDjPlays,
  dropOuts,
  eventEnd,
  formatHours,
  isSignupInLineup,
  lineupConflicts,
  moveSlot,
  newStaffSignup,
  placeSlots,
  removeSlotForSignup,
  signupsNotInLineup,
  signupsOpenAt,
  slotForSignup,
  unnamedSlotError,
} from './lineup.js';
import type { Signup } from './schemas/lineup.js';
import { buildFormData, buildLegacySlot, buildSignup, buildSlot } from './testing/builders.js';

const START = '2024-06-09T19:00:00.000Z'; // 20:00 London (BST)
const signup = buildSignup;
const slot = buildSlot;
const legacy = buildLegacySlot;
const place = (startDatetime: string, slots: Slot[], signups: Signup[] = [], djs: Record<string, Dj> = {}) =>
  placeSlots({ startDatetime, slots, signups }, djs);

const form = (available_from: string, available_to: string) => buildFormData({ name: 'x', available_from, available_to });

describe('placeSlots', () => {
  it("lays slots out back to back using each signup's requested duration; legacy slots keep their own", () => {
    const signups = [signup('a', { requestedDuration: 0.5 }), signup('b', { requestedDuration: 1.5 })];
    const slots = [slot('a'), slot('b'), legacy({ djName: 'Legacy', duration: 2 })];
    const placed = place(START, slots, signups);
    expect(placed.map((s) => [s.startTime, s.endTime, s.duration])).toEqual([
      ['2024-06-09T19:00:00.000Z', '2024-06-09T19:30:00.000Z', 0.5],
      ['2024-06-09T19:30:00.000Z', '2024-06-09T21:00:00.000Z', 1.5],
      ['2024-06-09T21:00:00.000Z', '2024-06-09T23:00:00.000Z', 2],
    ]);
    expect(eventEnd(placed, START)).toBe('2024-06-09T23:00:00.000Z');
  });

  it("takes name, DJs, debut and type from the signup, so an edit of the signup shows in its slot", () => {
    const signups = [signup('a', { name: 'Rex b2b Mia', djRefs: ['rex', 'mia'], isDebut: true, type: 'PRERECORD' })];
    const [placed] = place(START, [slot('a')], signups);
    expect(placed).toMatchObject({ name: 'Rex b2b Mia', djIds: ['rex', 'mia'], isDebut: true, type: 'PRERECORD' });
    const [edited] = place(START, [slot('a')], [{ ...signups[0]!, requestedDuration: 2, name: 'Rex' }]);
    expect(edited).toMatchObject({ name: 'Rex', duration: 2, endTime: '2024-06-09T21:00:00.000Z' });
  });

  it('defaults a missing legacy duration to one hour and keeps an explicit zero', () => {
    const slots = [
      legacy({ duration: NaN, djName: 'A' }),
      legacy({ duration: undefined as unknown as number, djName: 'B' }),
      legacy({ duration: 0, djName: 'C' }),
      legacy({ djName: 'D' }),
    ];
    expect(place(START, slots).map((s) => s.startTime)).toEqual([
      '2024-06-09T19:00:00.000Z',
      '2024-06-09T20:00:00.000Z',
      '2024-06-09T21:00:00.000Z',
      '2024-06-09T21:00:00.000Z',
    ]);
  });

  it('accepts a start with an offset and rejects an unparsable one', () => {
    expect(place('2024-06-09T20:00:00+01:00', [legacy()])[0]!.startTime).toBe(START);
    expect(() => place('soon', [])).toThrow('Invalid date format');
  });

  it('names a slot by its signup, then its legacy name, then its legacy DJ, else null', () => {
    const signups = [signup('a', { name: '<b>DJ *Star*</b>' })];
    const djs = { old: { id: 'old', discordId: null, publicName: 'Olly', djName: 'Night Owl', rtmpUrl: '', twitchUsername: '', avatarUrl: null, notes: '' } };
    const names = place(
      START,
      [slot('a'), legacy({ djName: 'Old' }, { signupUuid: 'gone' }), legacy({ djName: null, djRef: 'old' }), legacy({ djName: '' }, { signupUuid: 'gone' })],
      signups,
      djs,
    ).map((s) => s.name);
    expect(names).toEqual(['<b>DJ *Star*</b>', 'Old', 'Night Owl', null]);
    expect(unnamedSlotError(legacy({ djName: '' }, { signupUuid: 'gone' }))).toBe(
      'Unable to find signup with a uuid of gone, and there is no legacy value at slot.dj_name',
    );
  });
});

describe('a lineup crossing midnight in the browser zone', () => {
  it('keeps half-hour steps across the date line, as the Lineup tab shows them', () => {
    // 23:00 in New York (BST 04:00 next day); slots of 1, 0.5 and 1 hours.
    const nyLate = '2024-06-10T03:00:00.000Z';
    const signups = [signup('a'), signup('b', { requestedDuration: 0.5 }), signup('c')];
    const placed = place(nyLate, signups.map((s) => slot(s.uuid)), signups);
    expect(placed.map((s) => formatLocalTime(s.startTime, 'America/New_York'))).toEqual(['23:00', '00:00', '00:30']);
    expect(placed.map((s) => formatLocalTime(s.startTime, 'Europe/London'))).toEqual(['04:00', '05:00', '05:30']);
    expect(formatLocalTime(eventEnd(placed, nyLate), 'America/New_York')).toBe('01:30');
  });
});

describe('eventEnd', () => {
  it('is the start when there are no slots', () => {
    expect(eventEnd([], START)).toBe(START);
  });
});

describe('lineup membership', () => {
  const withDj = signup('a');
  const noDjs = signup('b', { djRefs: [] });
  const waiting = signup('c');
  const slots = [slot('a'), slot('b')];

  it('needs DJ references and a slot pointing at the signup', () => {
    expect(isSignupInLineup(withDj, slots)).toBe(true);
    expect(isSignupInLineup(noDjs, slots)).toBe(false);
    expect(isSignupInLineup(waiting, slots)).toBe(false);
    expect(signupsNotInLineup([withDj, noDjs, waiting], slots).map((s) => s.uuid)).toEqual(['b', 'c']);
  });
});

describe('computeDjPlays', () => {
  it('collects unique DJs in slot order, B2B partners included, legacy refs for slots without a signup', () => {
    const signups = [signup('a', { djRefs: ['dj1', 'dj2'] }), signup('b', { djRefs: ['dj3', 'dj1'] })];
    const slots = [
      slot('a'),
      legacy({ djRef: 'legacy' }),
      slot('b'),
      legacy({ djRef: 'dj4' }, { signupUuid: 'missing' }),
      legacy({ djRef: null }),
    ];
    const placed = place(START, slots, signups);
    expect(computeDjPlays(placed)).toEqual(['dj1', 'dj2', 'legacy', 'dj3', 'dj4']);
    expect(placed[0]!.djIds).toEqual(['dj1', 'dj2']);
  });
});

describe('slotForSignup', () => {
  it('points the new slot at the signup, with a stream source suited to its type', () => {
    const s = signup('a', { djRefs: ['dj1', 'dj2'], requestedDuration: 0.5, isDebut: true, type: 'PRERECORD' });
    expect(slotForSignup(s)).toEqual({ signupUuid: 'a', legacy: null, streamSourceUrl: '', streamSourceType: 'PRERECORD' });
    expect(slotForSignup(signup('b')).streamSourceType).toBe('VRCDN');
  });

  const dj = (rtmpUrl: string, twitchUsername: string) => ({ rtmpUrl, twitchUsername }) as Dj;
  const withLink = (stream_link: string, type: Signup['type'] = 'LIVE') =>
    signup('a', { djRefs: ['dj1', 'dj2'], type, formData: { ...form('any', 'any'), stream_link, type: type === 'PRERECORD' ? 'PRERECORD' : 'LIVE' } });

  it("takes this week's signup link first, in its one form, over the DJs' profile links", () => {
    const djs = { dj1: dj('rtmp://profile.example/live', 'profilename') };
    expect(slotForSignup(withLink('Stream.VRCDN.live/live/rex'), djs)).toMatchObject({
      streamSourceType: 'VRCDN',
      streamSourceUrl: 'rtmp://stream.vrcdn.live/live/rex',
    });
    expect(slotForSignup(withLink('twitch.tv/RexRhythm'), djs)).toMatchObject({
      streamSourceType: 'TWITCH',
      streamSourceUrl: 'https://twitch.tv/rexrhythm',
    });
  });

  it("falls back to the first DJ with a profile link (stream URL before Twitch), else leaves the source to staff", () => {
    expect(slotForSignup(withLink(''), { dj1: dj('', ''), dj2: dj('rtmp://b.example/live', 'b_name') })).toMatchObject({
      streamSourceType: 'RTMP',
      streamSourceUrl: 'rtmp://b.example/live',
    });
    expect(slotForSignup(withLink(''), { dj1: dj('', '@Bee_Name') })).toMatchObject({ streamSourceType: 'TWITCH', streamSourceUrl: 'https://twitch.tv/bee_name' });
    expect(slotForSignup(withLink(''), {})).toMatchObject({ streamSourceType: 'VRCDN', streamSourceUrl: '' });
  });

  it('keeps a prerecord a prerecord, with its recording link if it gave one', () => {
    const djs = { dj1: dj('rtmp://profile.example/live', '') };
    expect(slotForSignup(withLink('https://files.example/set.mp4', 'PRERECORD'), djs)).toMatchObject({
      streamSourceType: 'PRERECORD',
      streamSourceUrl: 'https://files.example/set.mp4',
    });
    expect(slotForSignup(withLink('', 'PRERECORD'), djs)).toMatchObject({ streamSourceType: 'PRERECORD', streamSourceUrl: '' });
  });
});

describe('moveSlot and removeSlotForSignup', () => {
  const slots = [slot('a'), slot('b'), slot('c')];
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
    expect(newStaffSignup(dj, 'u1')).toMatchObject({ uuid: 'u1', name: 'DJ Name', djRefs: ['dj1'], isDebut: false, formData: null });
    expect(newStaffSignup({ ...dj, djName: '' }, 'u2').name).toBe('Public');
  });
});

describe('lineupConflicts', () => {
  const inLondon = (viewer: string) => ({ viewer, series: 'Europe/London' });
  it('flags a slot of no length', () => {
    const placed = placeSlots({ startDatetime: '2024-06-09T19:00:00.000Z', signups: [signup('a', { requestedDuration: 0 })], slots: [slot('a')] });
    expect(lineupConflicts(placed, {}, inLondon('Europe/London')).get(0)).toEqual(['This slot has no length: it takes no time in the lineup. Set its duration.']);
  });

  it('flags slots outside availability, in the viewer zone', () => {
    const signups = [
      signup('a', { name: 'Early Bird', formData: form('any', '2024-06-09T19:30:00.000Z') }),
      signup('b', { name: 'Night Owl', formData: form('2024-06-09T21:00:00.000Z', 'any') }),
      signup('c', { name: 'Fine', formData: form('2024-06-09T19:00:00.000Z', '2024-06-10T01:00:00.000Z') }),
    ];
    const placed = place(START, [slot('a'), slot('b'), slot('c')], signups);
    const london = lineupConflicts(placed, {}, inLondon('Europe/London'));
    expect([...london.entries()]).toEqual([
      [0, ['Ends at 21:00 London time but Early Bird is available until 20:30 London time']],
      [1, ['Starts at 21:00 London time but Night Owl is available from 22:00 London time']],
    ]);
    const newYork = lineupConflicts(placed, {}, inLondon('America/New_York'));
    // The viewer's time, and the series' beside it (decision 042).
    expect(newYork.get(1)).toEqual(['Starts at 16:00 New York time (21:00 London time) but Night Owl is available from 17:00 New York time (22:00 London time)']);
  });

  it('flags a DJ booked in more than one slot, B2B included', () => {
    const signups = [signup('a', { djRefs: ['dj1'] }), signup('b', { djRefs: ['dj2', 'dj1'] })];
    const placed = place(START, [slot('a'), slot('b'), legacy({ djRef: 'dj3', djName: 'Legacy' })], signups);
    const conflicts = lineupConflicts(placed, { dj1: 'Mia' }, inLondon('Europe/London'));
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
    const placed = place(nyStart, [slot('a'), legacy({ djName: 'Legacy' }, { signupUuid: 'a2' }), slot('b')], signups);
    expect(placed.map((s) => s.startTime)).toEqual(['2024-06-16T02:00:00.000Z', '2024-06-16T03:00:00.000Z', '2024-06-16T04:00:00.000Z']);
    expect(eventEnd(placed, nyStart)).toBe('2024-06-16T05:00:00.000Z');
    expect(lineupConflicts(placed, {}, { viewer: 'America/New_York', series: 'America/New_York' }).get(2)).toEqual([
      'Starts at 00:00 New York time but After Midnight is available from 00:30 New York time',
    ]);
  });

  it('is empty for a clean lineup', () => {
    expect(lineupConflicts(place(START, [slot('a')], [signup('a')]), {}, inLondon('UTC')).size).toBe(0);
  });
});

describe('formatHours', () => {
  it('lengths read as people say them', () => {
    expect([0.25, 0.5, 1, 1.25, 4].map(formatHours)).toEqual(['15 min', '30 min', '1 h', '1 h 15 min', '4 h']);
  });
});

describe('signupsOpenAt', () => {
  const deadline = '2030-06-08T19:00:00.000Z';
  it('open while staff opened them and the deadline is ahead; closed from the deadline on', () => {
    expect(signupsOpenAt({ signupsAreOpen: true, signupsCloseAt: null }, Date.parse(deadline))).toBe(true);
    expect(signupsOpenAt({ signupsAreOpen: true, signupsCloseAt: deadline }, Date.parse(deadline) - 1)).toBe(true);
    expect(signupsOpenAt({ signupsAreOpen: true, signupsCloseAt: deadline }, Date.parse(deadline))).toBe(false);
    expect(signupsOpenAt({ signupsAreOpen: false, signupsCloseAt: deadline }, 0)).toBe(false);
  });
});

describe('dropOuts', () => {
  it('lists DJs in the lineup who declined, in slot order, then DJs who withdrew a signup not in the lineup', () => {
    const signups = [
      buildSignup('withdrawn', { djRefs: ['dana'], confirmations: { dana: 'declined' } }),
      buildSignup('second', { djRefs: ['rex', 'nova'], confirmations: { rex: 'confirmed', nova: 'declined' } }),
      buildSignup('first', { djRefs: ['ada'], confirmations: { ada: 'declined' } }),
      buildSignup('waiting', { djRefs: ['bo'], confirmations: { bo: 'proposed' } }),
    ];
    const slots = [buildSlot('first'), buildSlot('second')];
    expect(dropOuts({ signups, slots }).map(({ signup, djId }) => `${signup.uuid}:${djId}`)).toEqual(['first:ada', 'second:nova', 'withdrawn:dana']);
  });
});
