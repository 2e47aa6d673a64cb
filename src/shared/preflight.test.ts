import { preflight, requirementsNotMet, unmetRequirements } from './preflight.js';
import { buildEvent, buildSignup, buildSlot } from './testing/builders.js';

const rex = buildSignup('s1', { name: 'Rex', djRefs: ['rex'] });
const duo = buildSignup('s2', { name: 'Ann b2b Bo', djRefs: ['ann', 'bo'], type: 'PRERECORD' });
const names = { rex: 'DJ Rex', ann: 'Ann', bo: 'Bo' };

describe('preflight', () => {
  test('an empty event misses the host and the lineup; the stream and confirmation steps have nothing to check', () => {
    const items = preflight(buildEvent());
    expect(items.map((item) => [item.id, item.required, item.done])).toEqual([
      ['host', true, false],
      ['lineup', true, false],
      ['streams', true, true],
      ['confirmed', true, true],
      ['streamsTested', false, true],
      ['textsCopied', false, false],
      ['streamDetailsChecked', false, false],
    ]);
  });

  test('names the slots without a source (a prerecord needs none) and the DJs not confirmed, by DJ name', () => {
    const event = buildEvent({
      host: 'Hal',
      signups: [rex, { ...duo, confirmations: { ann: 'confirmed', bo: 'declined' } }],
      slots: [buildSlot('s1'), buildSlot('s2', { streamSourceType: 'PRERECORD' })],
    });
    expect(requirementsNotMet(unmetRequirements(event, names))).toBe(
      'Requirements not met: Every slot has a stream source or is a prerecord (No source: Rex); Every DJ confirmed their slot (Not confirmed: DJ Rex, Bo).',
    );
  });

  test('a signup waiting outside the lineup needs no confirmation; a complete night may be published', () => {
    const event = buildEvent({
      host: 'Hal',
      signups: [{ ...rex, confirmations: { rex: 'confirmed' } }, duo],
      slots: [buildSlot('s1', { streamSourceUrl: 'rtmp://stream.example/live/rex' })],
      preflight: { textsCopied: '2030-06-01T10:00:00.000Z', streamDetailsChecked: null },
    });
    expect(unmetRequirements(event, names)).toEqual([]);
    expect(preflight(event).filter((item) => !item.required).map((item) => item.done)).toEqual([false, true, false]);
  });

  test("names the slots whose stream nobody tested; a tested one and a signup outside the lineup are not named; it never holds up Publish", () => {
    const event = buildEvent({
      host: 'Hal',
      signups: [
        { ...rex, confirmations: { rex: 'confirmed' }, streamTestedAt: '2030-06-01T18:00:00.000Z' },
        { ...duo, confirmations: { ann: 'confirmed', bo: 'confirmed' } },
        buildSignup('s3', { name: 'Waiting', djRefs: ['wes'] }),
      ],
      slots: [buildSlot('s1', { streamSourceUrl: 'rtmp://stream.example/live/rex' }), buildSlot('s2', { streamSourceType: 'PRERECORD' })],
    });
    const item = preflight(event).find((candidate) => candidate.id === 'streamsTested');
    expect(item).toMatchObject({ required: false, done: false, detail: 'Not tested: Ann b2b Bo' });
    expect(unmetRequirements(event, names)).toEqual([]);
  });
});
