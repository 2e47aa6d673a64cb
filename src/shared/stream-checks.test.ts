import { describe, expect, it } from 'vitest';
import { placeSlots } from './lineup.js';
import { streamCheckDeadline, streamCheckOverdue, uncheckedSlots } from './stream-checks.js';
import { buildLegacySlot, buildSignup, buildSlot } from './testing/builders.js';

const SUMMER = '2030-06-02T19:00:00.000Z'; // 20:00 London (BST)
const WINTER = '2030-12-08T20:00:00.000Z'; // 20:00 London (GMT)

describe('stream checks', () => {
  it('the deadline is the set hours before the start, in London summer and winter alike (an instant, no zone)', () => {
    expect(new Date(streamCheckDeadline(SUMMER, 2)).toISOString()).toBe('2030-06-02T17:00:00.000Z');
    expect(new Date(streamCheckDeadline(WINTER, 2)).toISOString()).toBe('2030-12-08T18:00:00.000Z');
    expect(new Date(streamCheckDeadline(WINTER, 0)).toISOString()).toBe(WINTER);
  });

  const event = {
    startDatetime: SUMMER,
    signups: [buildSignup('a', { name: 'Aurora', streamTestedAt: '2030-06-01T10:00:00.000Z' }), buildSignup('b', { name: 'Basalt' })],
    slots: [buildSlot('a'), buildSlot('b'), buildLegacySlot()],
  };

  it('lists the slots nobody has tested, never a legacy slot', () => {
    expect(uncheckedSlots(placeSlots(event)).map((slot) => slot.name)).toEqual(['Basalt']);
  });

  it('flags an untested slot only from the deadline on', () => {
    const [aurora, basalt] = placeSlots(event);
    const deadline = streamCheckDeadline(SUMMER, 2);
    expect(streamCheckOverdue(basalt!, deadline, deadline - 1)).toBe(false);
    expect(streamCheckOverdue(basalt!, deadline, deadline)).toBe(true);
    expect(streamCheckOverdue(aurora!, deadline, deadline + 1)).toBe(false);
  });
});
