import { describe, expect, it } from 'vitest';
import { isAsked, readStoredAnswers, shownAnswers, SIGNUP_ANSWERS, SIGNUP_FIELDS, WIZARD_STEP_FIELDS } from './signup-answers.js';
import { availabilityIssues, canonicalAvailability, signupIntakeSchema, wizardStepSchema } from './signup-intake.js';
import { buildFormData } from '../testing/builders.js';

const START = '2024-06-09T19:00:00.000Z';
const AT = (hours: number) => new Date(Date.parse(START) + hours * 3_600_000).toISOString();

/** A complete live signup: one hour, any time, the expectations agreed (each other answer its default). */
const valid = buildFormData({ event_id: 'event-1', name: 'DJ Dana', stream_link: 'rtmp://stream.example.org/live/dana' });

const problems = (body: unknown) => {
  const result = signupIntakeSchema.safeParse(body);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('signupIntakeSchema', () => {
  it('accepts a complete live signup and trims text', () => {
    const result = signupIntakeSchema.parse({ ...valid, name: '  DJ Dana  ', dj_notes: ' hi ' });
    expect(result).toMatchObject({ name: 'DJ Dana', dj_notes: 'hi' });
  });

  it('accepts a prerecorded set without a stream link, and half-hour sets', () => {
    expect(problems({ ...valid, type: 'PRERECORD', stream_link: '', requested_duration: 0.5 })).toEqual([]);
  });

  it('requires every field and refuses unknown ones', () => {
    const { name: _name, ...withoutName } = valid;
    expect(problems(withoutName)).toEqual(['name: Please enter your DJ name.']);
    expect(problems({ ...valid, slots: [] })[0]).toMatch(/slots/);
  });

  it('refuses wrong types', () => {
    expect(problems({ ...valid, is_b2b: 'yes' })).toEqual(['is_b2b: Please say whether this is a back to back set.']);
    expect(problems({ ...valid, requested_duration: '1' })).toEqual(['requested_duration: Please choose a duration.']);
    expect(problems({ ...valid, name: 42 })).toEqual(['name: Please enter your DJ name.']);
  });

  it('offers only the wizard durations and types', () => {
    expect(problems({ ...valid, requested_duration: 99 })).toEqual(['requested_duration: Please choose a duration.']);
    expect(problems({ ...valid, requested_duration: 2 })).toHaveLength(1);
    expect(problems({ ...valid, type: 'TWITCH' })).toEqual(['type: Please choose live or prerecorded.']);
  });

  it('limits lengths', () => {
    expect(problems({ ...valid, name: 'x'.repeat(101) })).toEqual(['name: Name must be at most 100 characters.']);
    expect(problems({ ...valid, dj_notes: 'x'.repeat(2000) })).toEqual([]);
    expect(problems({ ...valid, dj_notes: 'x'.repeat(2001) })).toHaveLength(1);
    expect(problems({ ...valid, is_b2b: true, b2b_members_response: 'x'.repeat(501) })).toHaveLength(1);
    expect(problems({ ...valid, stream_link: `https://a.example/${'x'.repeat(500)}` })).toHaveLength(1);
  });

  it('requires the other B2B members only for a B2B set', () => {
    expect(problems({ ...valid, is_b2b: true, b2b_members_response: '  ' })).toEqual([
      'b2b_members_response: Please list the other B2B members.',
    ]);
    expect(problems({ ...valid, is_b2b: true, b2b_members_response: 'DJ Rex' })).toEqual([]);
  });

  it('requires a stream link for a live set, in a form a stream can be taken from', () => {
    expect(problems({ ...valid, stream_link: '' })).toEqual(['stream_link: A stream link is required for a live set.']);
    for (const link of ['javascript:alert(1)', 'data:text/html,hi', 'ftp://x.example/a', 'http://plain.example/live', 'not a link']) {
      expect(problems({ ...valid, stream_link: link })).toHaveLength(1);
      expect(problems({ ...valid, type: 'PRERECORD', stream_link: link })).toHaveLength(1);
    }
    // The message says what is accepted (shared/streams.ts).
    expect(problems({ ...valid, stream_link: 'http://plain.example/live' })).toEqual([
      'stream_link: The stream link must be a VRCDN link (rtspt://stream.vrcdn.live/live/NAME or vrcdn:NAME), a Twitch channel (twitch.tv/NAME or twitch:NAME), a YouTube live link, a link to a recording, or an rtmp://, rtmps://, rtsp://, rtspt://, srt:// or https:// address.',
    ]);
    expect(problems({ ...valid, stream_link: 'PRERECORD' })).toEqual(['stream_link: A stream link is required for a live set.']);
    for (const link of ['https://twitch.tv/dana', 'rtmp://a.example/live/key', 'rtmps://b.example/live/key', 'srt://c.example:9000?streamid=k', 'rtspt://stream.vrcdn.live/live/dana', 'vrcdn:dana', 'https://youtu.be/dQw4w9WgXcQ']) {
      expect(problems({ ...valid, stream_link: link })).toEqual([]);
    }
  });

  it('writes the stream link in its one form: a bare Twitch username becomes its channel link', () => {
    const linkOf = (stream_link: string) => signupIntakeSchema.parse({ ...valid, stream_link }).stream_link;
    expect(linkOf('  DJ_Dana ')).toBe('https://twitch.tv/dj_dana');
    expect(linkOf('@dj_dana')).toBe('https://twitch.tv/dj_dana');
    expect(linkOf('http://www.twitch.tv/DJ_Dana/')).toBe('https://twitch.tv/dj_dana');
    expect(linkOf('stream.VRCDN.live/live/DanaKey')).toBe('rtmp://stream.vrcdn.live/live/DanaKey');
    // VRCDN's playback link as VRChat's players take it (what DJs paste), and the original tool's form.
    expect(linkOf('rtspt://stream.vrcdn.live/live/dana')).toBe('rtmp://stream.vrcdn.live/live/dana');
    expect(linkOf('https://stream.vrcdn.live/live/dana.live.ts')).toBe('rtmp://stream.vrcdn.live/live/dana');
    expect(linkOf('vrcdn:dana')).toBe('rtmp://stream.vrcdn.live/live/dana');
    expect(linkOf('rtmp://a.example/live/key')).toBe('rtmp://a.example/live/key');
  });

  it('keeps names on one line', () => {
    expect(problems({ ...valid, name: 'Rex\n@everyone' })).toEqual(['name: Name must be one line, without line breaks or control characters.']);
    expect(problems({ ...valid, is_b2b: true, b2b_members_response: 'Mia\r\nRex' })).toEqual([
      'b2b_members_response: Other B2B members must be one line, without line breaks or control characters.',
    ]);
  });

  it('requires the expectations to be confirmed', () => {
    expect(problems({ ...valid, confirm_expectations: false })).toEqual([
      'confirm_expectations: Please confirm the expectations to continue.',
    ]);
  });

  it("accepts 'any' or an instant for availability, 'to' not before 'from'", () => {
    expect(problems({ ...valid, available_from: AT(1), available_to: AT(3) })).toEqual([]);
    expect(problems({ ...valid, available_from: AT(1), available_to: AT(1) })).toEqual([]);
    expect(problems({ ...valid, available_from: AT(3), available_to: AT(1) })).toEqual([
      'available_to: "Available to" cannot be before "Available from".',
    ]);
    expect(problems({ ...valid, available_from: 'soon' })).toEqual(['available_from: Please choose a time.']);
  });
});

describe('availabilityIssues', () => {
  it("accepts 'any' and the 7 hourly times from the event start, in any ISO spelling", () => {
    expect(availabilityIssues({ available_from: 'any', available_to: AT(6) }, START)).toEqual([]);
    expect(availabilityIssues({ available_from: '2024-06-09T19:00:00Z', available_to: 'any' }, START)).toEqual([]);
  });

  it('refuses times the event does not offer', () => {
    expect(availabilityIssues({ available_from: AT(7), available_to: AT(-1) }, START)).toEqual([
      { path: ['available_from'], message: 'Please choose one of the offered times.' },
      { path: ['available_to'], message: 'Please choose one of the offered times.' },
    ]);
    expect(availabilityIssues({ available_from: AT(0.5), available_to: 'any' }, START)).toHaveLength(1);
  });

  it('stores one canonical spelling', () => {
    expect(canonicalAvailability('2024-06-09T19:00:00Z')).toBe(START);
    expect(canonicalAvailability('any')).toBe('any');
  });
});

describe('wizardStepSchema', () => {
  const empty = { ...valid, name: '', requested_duration: '', type: '', stream_link: '', confirm_expectations: false };
  /** The step's problems, by field. */
  const stepErrors = (step: number, values: Record<string, unknown>) => {
    const result = wizardStepSchema(step, START).safeParse(values);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], issue.message]));
  };

  it('reports only the current step’s fields', () => {
    expect(stepErrors(0, empty)).toEqual({
      name: 'Please enter your DJ name.',
      requested_duration: 'Please choose a duration.',
      type: 'Please choose live or prerecorded.',
    });
    expect(stepErrors(1, empty)).toEqual({});
    expect(stepErrors(3, empty)).toEqual({
      confirm_expectations: 'Please confirm the expectations to continue.',
    });
  });

  it('applies the cross-field rules even while other steps are incomplete', () => {
    expect(stepErrors(0, { ...empty, is_b2b: true })).toMatchObject({
      b2b_members_response: 'Please list the other B2B members.',
    });
    expect(stepErrors(2, { ...empty, type: 'LIVE' })).toEqual({
      stream_link: 'A stream link is required for a live set.',
    });
    expect(stepErrors(2, { ...empty, type: 'PRERECORD' })).toEqual({});
  });

  it('checks availability against the event’s offered times and order', () => {
    expect(stepErrors(1, { ...valid, available_from: AT(2), available_to: AT(1) })).toEqual({
      available_to: '"Available to" cannot be before "Available from".',
    });
    expect(stepErrors(1, { ...valid, available_from: AT(9) })).toEqual({
      available_from: 'Please choose one of the offered times.',
    });
  });

  it('passes a complete signup on every step, and the steps together ask for every intake field', () => {
    for (const step of [0, 1, 2, 3]) expect(stepErrors(step, valid)).toEqual({});
    expect(WIZARD_STEP_FIELDS.flat().sort()).toEqual(Object.keys(signupIntakeSchema.shape).filter((f) => f !== 'event_id').sort());
  });
});

describe('the answers, each defined once', () => {
  const LONDON = { zone: 'Europe/London' };

  it('a stored row with an answer that no longer reads keeps every other answer and names the one that does not', () => {
    const { answers, unreadable } = readStoredAnswers({ ...valid, requested_duration: 'a lot', dj_notes: 'Bring cables' });
    expect(unreadable).toEqual(['requested_duration']);
    expect(answers).toMatchObject({ name: 'DJ Dana', stream_link: valid.stream_link, dj_notes: 'Bring cables', requested_duration: 1 });
    expect(readStoredAnswers('not an object').unreadable).toHaveLength(Object.keys(SIGNUP_ANSWERS).length);
  });

  it('the DJ sees every answer in the spec’s order; staff see the ones they do not set themselves, without the empty ones', () => {
    const stored = readStoredAnswers({ ...valid, available_from: '2024-06-09T20:00:00.000Z' }).answers;
    const lines = shownAnswers(stored, LONDON);
    // Every answer people see, none twice, in the definitions' order…
    expect(lines.map((line) => line.field)).toEqual(SIGNUP_FIELDS.filter((field) => SIGNUP_ANSWERS[field].show));
    // …which is the spec's, each shown as people read it.
    const SPEC = [
      'Name: DJ Dana',
      'Back to back?: No',
      'Other B2B members: —',
      'Live / prerecord: Live',
      `Stream link: ${valid.stream_link}`,
      'Duration: One Hour',
      'Available from: 21:00 London time',
      'Available to: Any Time',
      'Notes: —',
    ];
    expect(lines.map((line) => `${line.label}: ${line.value}`).filter((line) => SPEC.includes(line))).toEqual(SPEC);
    expect(shownAnswers(stored, LONDON, { forStaff: true }).map((line) => line.label)).toEqual([
      'Back to back?',
      'Stream link',
      'Available from',
      'Available to',
    ]);
  });

  it('the wizard asks the other B2B members only for a B2B set', () => {
    expect(isAsked('b2b_members_response', { is_b2b: false })).toBe(false);
    expect(isAsked('b2b_members_response', { is_b2b: true })).toBe(true);
    expect(isAsked('name', {})).toBe(true);
  });
});
