import type { Dj } from '@shared/schemas/djs';
import type { LineupEvent } from '@shared/schemas/events';
import type { Signup, Slot } from '@shared/schemas/lineup';
import { placeSlots } from '@shared/lineup';
import { streamSourceOf } from '@shared/streams';
import { buildEvent, buildFormData, buildLegacySlot, buildSignup } from '@shared/testing/builders';
import {
  addDjToSignup,
  applySignupUpdate,
  dismissSignupUpdate,
  addStaffSignup,
  addToLineup,
  moveSlotBy,
  newUuid,
  removeDjFromSignup,
  removeSignup,
  removeSlotAt,
  reorderSlot,
  signupNaming,
  slotIds,
  updateSignup,
  updateSlotStream,
} from './draftOps';

const START = '2030-06-02T19:00:00.000Z';
const signup = buildSignup;
const legacy = (djName: string): Slot => buildLegacySlot({ djName });
const event = (signups: Signup[], slots: Slot[] = []): LineupEvent => ({
  ...buildEvent({ startDatetime: START }), slots, signups,
});
const formData = buildFormData({ name: 'Act' });
const dj: Dj = { id: 'new', discordId: '123456789012345678', publicName: 'Pub', djName: 'Newbie', rtmpUrl: 'rtmp://x/y', twitchUsername: 'newbie_tv', avatarUrl: null, notes: '' };
const ANSWERS = buildFormData();
const order = (e: LineupEvent) => e.slots.map((s) => s.signupUuid ?? s.legacy?.djName);

test('adds a staff signup and finds which signup names a DJ', () => {
  const next = addStaffSignup(event([signup('a')]), dj, 'u1');
  expect(next.signups.at(-1)).toMatchObject({ uuid: 'u1', name: 'Newbie', djRefs: ['new'], requestedDuration: 1, type: 'LIVE', isDebut: false });
  expect(signupNaming(next, 'new')?.uuid).toBe('u1');
  expect(signupNaming(next, 'nobody')).toBeUndefined();
  expect(newUuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
});

test('adds to the lineup once, and only a signup with DJs', () => {
  let e = event([signup('a'), signup('b', { djRefs: [] })]);
  e = addToLineup(addToLineup(e, 'a'), 'a');
  expect(order(e)).toEqual(['a']);
  expect(addToLineup(e, 'b')).toBe(e);
});

test('a signup dragged onto a slot takes its place; the rest move one later', () => {
  let e = event([signup('a'), signup('b'), signup('c')]);
  e = addToLineup(addToLineup(e, 'a'), 'b');
  expect(order(addToLineup(e, 'c', {}, 0))).toEqual(['c', 'a', 'b']);
  expect(order(addToLineup(e, 'c', {}, 1))).toEqual(['a', 'c', 'b']);
  expect(order(addToLineup(e, 'c', {}, 99))).toEqual(['a', 'b', 'c']);
});

const buildDj = (id: string, djName = `DJ ${id}`): Dj => ({ id, discordId: null, publicName: id, djName, rtmpUrl: '', twitchUsername: '', avatarUrl: null, notes: '' });

test("a B2B partner joins the name of a signup named after its DJs, not a name someone chose", () => {
  const djs = { ann: buildDj('ann', 'Ann'), bo: buildDj('bo', 'Bo') };
  const named = event([signup('a', { name: 'Ann', djRefs: ['ann'] }), signup('b', { name: 'Sunset Set', djRefs: ['ann'] })]);
  expect(addDjToSignup(named, 'a', djs.bo, djs).signups[0]!.name).toBe('Ann b2b Bo');
  expect(addDjToSignup(named, 'b', djs.bo, djs).signups[1]!.name).toBe('Sunset Set');
  const trio = addDjToSignup(addDjToSignup(named, 'a', djs.bo, djs), 'a', buildDj('cy', 'Cy'), djs);
  expect(trio.signups[0]!.name).toBe('Ann b2b Bo b2b Cy');
});

test('a DJ update is applied (the slot plays the new answers) or dismissed (it keeps playing what it did)', () => {
  const waiting = signup('a', {
    name: 'Rex',
    requestedDuration: 1,
    updatePendingAt: '2030-06-01T10:00:00.000Z',
    updateFields: ['name', 'length'],
    formData: { ...ANSWERS, name: 'Rex Live', requested_duration: 0.5 },
  });
  const e = addToLineup(event([waiting]), 'a');
  expect(applySignupUpdate(e, 'a').signups[0]).toMatchObject({ name: 'Rex Live', requestedDuration: 0.5, updatePendingAt: null });
  expect(dismissSignupUpdate(e, 'a').signups[0]).toMatchObject({ name: 'Rex', requestedDuration: 1, updatePendingAt: null });
});

test('edits to a signup reach its slot; losing its last DJ takes it out of the lineup', () => {
  let e = addToLineup(event([signup('a')]), 'a');
  e = updateSignup(e, 'a', { isDebut: true, requestedDuration: 0.5, type: 'PRERECORD' });
  expect(placeSlots(e)[0]).toMatchObject({ isDebut: true, duration: 0.5, type: 'PRERECORD', djIds: ['dj-a'] });
  e = addDjToSignup(e, 'a', buildDj('dj-b'));
  expect(e.signups[0]!.djRefs).toEqual(['dj-a', 'dj-b']);
  expect(addDjToSignup(e, 'a', buildDj('dj-b'))).toBe(e);
  e = removeDjFromSignup(e, 'a', 'dj-a');
  expect(placeSlots(e)[0]!.djIds).toEqual(['dj-b']);
  e = removeDjFromSignup(e, 'a', 'dj-b');
  expect(e.signups[0]!.djRefs).toEqual([]);
  expect(e.slots).toEqual([]);
});

test('removes a signup with its slot', () => {
  const e = addToLineup(event([signup('a'), signup('b')]), 'a');
  const next = removeSignup(e, 'a');
  expect(next.signups.map((s) => s.uuid)).toEqual(['b']);
  expect(next.slots).toEqual([]);
});

test('moves, drags and removes slots by position, legacy slots included', () => {
  let e = event([signup('a'), signup('b')], [legacy('Old'), legacy('Older')]);
  e = addToLineup(addToLineup(e, 'a'), 'b');
  expect(order(e)).toEqual(['Old', 'Older', 'a', 'b']);
  expect(order(moveSlotBy(e, 2, -1))).toEqual(['Old', 'a', 'Older', 'b']);
  expect(order(reorderSlot(e, 3, 0))).toEqual(['b', 'Old', 'Older', 'a']);
  expect(order(reorderSlot(e, 0, 9))).toEqual(['Old', 'Older', 'a', 'b']);
  expect(order(removeSlotAt(e, 1))).toEqual(['Old', 'a', 'b']);
  expect(slotIds(e.slots)).toEqual(['slot-0', 'slot-1', 'a', 'b']);
});

test("a new slot streams from this week's signup link, else the DJ's profile; staff can pick another", () => {
  const withLink = signup('a', { djRefs: ['dj1'], formData: { ...formData, stream_link: 'twitch.tv/Week_Link' } });
  let e = addToLineup(event([withLink, signup('b', { djRefs: ['dj1'] })]), 'a', { dj1: dj });
  expect(e.slots[0]).toMatchObject({ streamSourceType: 'TWITCH', streamSourceUrl: 'https://twitch.tv/week_link' });
  e = addToLineup(e, 'b', { dj1: dj });
  expect(e.slots[1]).toMatchObject({ streamSourceType: 'RTMP', streamSourceUrl: 'rtmp://x/y' });
  e = updateSlotStream(e, 0, streamSourceOf(dj.twitchUsername));
  expect(e.slots[0]).toMatchObject({ streamSourceType: 'TWITCH', streamSourceUrl: 'https://twitch.tv/newbie_tv' });
});
