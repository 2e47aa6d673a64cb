import { describe, expect, it } from 'vitest';
import { placeSlots } from './lineup.js';
import { setStandby, standbySignups, swapInStandby } from './standby.js';
import { buildFormData, buildLegacySlot, buildSignup, buildSlot } from './testing/builders.js';

const START = '2030-06-02T19:00:00.000Z'; // 20:00 London (BST)
const aurora = buildSignup('a', { name: 'Aurora', requestedDuration: 1 });
const basalt = buildSignup('b', { name: 'Basalt', requestedDuration: 1.5 });
const cinder = buildSignup('c', { name: 'Cinder', requestedDuration: 0.5, standby: true, formData: buildFormData({ stream_link: 'https://twitch.tv/cinder' }) });
const event = { startDatetime: START, signups: [aurora, basalt, cinder], slots: [buildSlot('a'), buildSlot('b')] };

describe('standby', () => {
  it('lists the signups on standby that have no slot', () => {
    expect(standbySignups(event.signups, event.slots).map((s) => s.name)).toEqual(['Cinder']);
    expect(standbySignups([{ ...aurora, standby: true }], event.slots)).toEqual([]);
  });

  it('puts a signup with DJs and no slot on standby, and takes it off; never one in the lineup or without DJs', () => {
    expect(setStandby(event, 'c', false).signups[2]!.standby).toBe(false);
    expect(setStandby(setStandby(event, 'c', false), 'c', true).signups[2]!.standby).toBe(true);
    expect(setStandby(event, 'a', true)).toBe(event);
    const noDjs = { ...event, signups: [...event.signups, buildSignup('d', { djRefs: [] })] };
    expect(setStandby(noDjs, 'd', true)).toBe(noDjs);
  });

  it('Swap in standby: the standby plays the slot at its time and length, from their own stream link; the dropped signup waits in the signups', () => {
    const swapped = swapInStandby(event, 1, 'c');
    expect(swapped.slots.map((slot) => slot.signupUuid)).toEqual(['a', 'c']);
    expect(swapped.slots[1]).toMatchObject({ streamSourceType: 'TWITCH', streamSourceUrl: 'https://twitch.tv/cinder' });
    expect(swapped.signups.find((s) => s.uuid === 'c')).toMatchObject({ standby: false, requestedDuration: 1.5 });
    expect(swapped.signups.find((s) => s.uuid === 'b')).toEqual(basalt);
    const [before, after] = [placeSlots(event), placeSlots(swapped)];
    expect(after[1]).toMatchObject({ name: 'Cinder', startTime: before[1]!.startTime, endTime: before[1]!.endTime });
  });

  it('a legacy slot gives its own length', () => {
    const legacy = { ...event, slots: [buildLegacySlot({ duration: 2 })] };
    expect(swapInStandby(legacy, 0, 'c').signups.find((s) => s.uuid === 'c')!.requestedDuration).toBe(2);
  });

  it('a signup not on standby, or a slot that is not there, changes nothing', () => {
    expect(swapInStandby(event, 1, 'a')).toBe(event);
    expect(swapInStandby(event, 5, 'c')).toBe(event);
    expect(swapInStandby(event, 0, 'missing')).toBe(event);
  });
});
