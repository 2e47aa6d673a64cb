import { buildEvent, buildSignup, buildSlot } from '@shared/testing/builders';
import { draftProblems, sameProblems } from './draftProblems';
import { startDraft, toSaveBody } from './draftState';

const problemsOf = (edit: Parameters<typeof buildEvent>[0]) => {
  const state = startDraft(buildEvent({ startDatetime: '2030-01-06T20:00:00.000Z', version: 3, ...edit }));
  return draftProblems(toSaveBody(state), state.draft);
};

test('a draft the save would take has no problems', () => {
  expect(problemsOf({ signups: [buildSignup('a', { name: 'Dana' })] })).toEqual({});
});

test('each problem is where its field is: the event, a public link, a signup by its uuid, a slot by its place', () => {
  const problems = problemsOf({
    name: '',
    publicLinks: [{ label: 'Watch', url: 'ftp://nope.example' }],
    signups: [buildSignup('a', { name: 'Dana' }), buildSignup('b', { name: '  ' })],
    slots: [buildSlot('a', { streamSourceUrl: 'not a link' })],
  });
  expect(Object.keys(problems).sort()).toEqual(['name', 'publicLinks.0.url', 'signups.b.name', 'slots.0.streamSourceUrl']);
  expect(problems['signups.b.name']).toBe('Signup name is required.');
});

test('problems that say the same are the same', () => {
  expect(sameProblems({ name: 'x' }, { name: 'x' })).toBe(true);
  expect(sameProblems({ name: 'x' }, {})).toBe(false);
});
