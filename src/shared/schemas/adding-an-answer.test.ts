import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { firestoreAnswersReader, readFirestoreAnswers } from '../archive/firestore-answers.js';
import { buildFormData } from '../testing/builders.js';
import { signupAnswerSchemas } from './answer-derivations.js';
import { SIGNUP_ANSWER_DEFAULTS, SIGNUP_ANSWERS } from './signup-answers.js';

// Decision 006's "How to add a signup answer", followed: one definition more beside
// SIGNUP_ANSWERS, nothing else. The app's own pieces are made by these same functions from
// SIGNUP_ANSWERS (signup-answers.ts, archive/firestore-answers.ts), so each piece below that takes the new
// answer in takes in any answer added there; one that kept its own list of the answers would miss
// it. scripts/one-list-of-answers.test.ts finds such a list anywhere in the code.

const ANSWERS = {
  ...SIGNUP_ANSWERS,
  pronouns: {
    label: 'Pronouns',
    step: 0 as const,
    control: { kind: 'text' as const, maxLength: 40 },
    rule: z.string().trim().max(40),
    stored: z.string(),
    storedDefault: '',
    show: (value: string) => value,
    staffEdits: false,
  },
};
const withPronouns = signupAnswerSchemas(ANSWERS);
const LONDON = { zone: 'Europe/London' };
/** A signup stored before the answer existed. */
const before = buildFormData({ name: 'DJ Dana', stream_link: 'rtmp://stream.example.org/live/dana', dj_notes: 'Early night' });

describe('an answer added to the definitions', () => {
  it('is checked by the intake, with its own rule', () => {
    expect(withPronouns.rules.pronouns.parse(' they/them ')).toBe('they/them');
    expect(withPronouns.rules.pronouns.safeParse('x'.repeat(41)).success).toBe(false);
    expectTypeOf(withPronouns.rules.pronouns.parse('')).toEqualTypeOf<string>();
  });

  it('has a default, and a signup stored before it existed reads whole, the new answer as its default', () => {
    expect(withPronouns.read({}).answers).toEqual({ ...SIGNUP_ANSWER_DEFAULTS, pronouns: '' });
    const { answers, unreadable } = withPronouns.read(before);
    expect(unreadable).toEqual([]);
    expect(answers).toEqual({ ...before, pronouns: '' });
    expectTypeOf(answers).toHaveProperty('pronouns').toEqualTypeOf<string>();
    expect(withPronouns.stored.parse({ ...before, pronouns: 'she/her' }).pronouns).toBe('she/her');
  });

  it('is asked on its wizard step', () => {
    expect(withPronouns.stepFields[0]).toContain('pronouns');
    expect(withPronouns.stepFields.flat().filter((field) => field === 'pronouns')).toHaveLength(1);
    expect(withPronouns.asked('pronouns', {})).toBe(true);
  });

  it("shows in the DJ's summary, in staff's signup details when given, and in the history's lines", () => {
    const answers = { ...withPronouns.read(before).answers, pronouns: 'they/them' };
    expect(withPronouns.shown(answers, LONDON).find((line) => line.field === 'pronouns')).toEqual({ field: 'pronouns', label: 'Pronouns', value: 'they/them' });
    expect(withPronouns.shown({ ...answers, pronouns: '' }, LONDON).find((line) => line.field === 'pronouns')?.value).toBe('—');
    expect(withPronouns.shown(answers, LONDON, { forStaff: true }).map((line) => line.field)).toContain('pronouns');
    expect(withPronouns.shown({ ...answers, pronouns: '' }, LONDON, { forStaff: true }).map((line) => line.field)).not.toContain('pronouns');
    expect(withPronouns.staffRead).toContain('pronouns');
    expect(withPronouns.labels.pronouns).toBe('Pronouns');
  });

  it("is read from an original tool's Firestore export under its own name, as its default where the original never had it", () => {
    const read = firestoreAnswersReader(ANSWERS);
    const given = { eventId: 'e1', streamLink: '', availability: null };
    const answers = withPronouns.stored.parse(read({ ...before, pronouns: 'she/her' }, given));
    expect(answers).toEqual({ ...before, pronouns: 'she/her' });
    expect(withPronouns.stored.parse(read(before, given))).toEqual({ ...before, pronouns: '' });
  });
});

it("the app's own Firestore mapping reads every answer of SIGNUP_ANSWERS, and no other", () => {
  const read = readFirestoreAnswers({ ...before, not_an_answer: 'x' }, { eventId: 'e1', streamLink: '', availability: null });
  expect(Object.keys(read)).toEqual(Object.keys(SIGNUP_ANSWERS));
  expect(read).toEqual(before);
});
