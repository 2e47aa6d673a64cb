import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { oneLine, oneLineMessages } from './fields.js';

const messages = oneLineMessages('Event name', 20);
const eventName = oneLine('Event name', 20, { required: true });
const host = oneLine('Host', 10);

const problems = (schema: typeof eventName, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('oneLine', () => {
  it('trims, including a line break pasted at either end', () => {
    expect(eventName.parse('  Night  ')).toBe('Night');
    expect(eventName.parse('Night\r\n')).toBe('Night');
    expect(eventName.parse('\u2028Night')).toBe('Night');
  });

  it('requires a value only where asked', () => {
    expect(problems(eventName, '')).toEqual(['Event name is required.']);
    expect(problems(eventName, '   ')).toEqual(['Event name is required.']);
    expect(host.parse('  ')).toBe('');
  });

  it('limits the length after trimming, counting characters (code points)', () => {
    expect(eventName.parse(` ${'x'.repeat(20)} `)).toBe('x'.repeat(20));
    expect(eventName.parse('🎧'.repeat(20))).toBe('🎧'.repeat(20));
    expect(problems(eventName, 'x'.repeat(21))).toEqual(['Event name must be at most 20 characters.']);
  });

  it.each([
    ['line feed', 'a\nb'],
    ['carriage return', 'a\rb'],
    ['tab', 'a\tb'],
    ['NUL', 'a\u0000b'],
    ['escape', 'a\u001Bb'],
    ['DEL', 'a\u007Fb'],
    ['next line (C1)', 'a\u0085b'],
    ['C1 control', 'a\u009Fb'],
    ['line separator', 'a\u2028b'],
    ['paragraph separator', 'a\u2029b'],
  ])('refuses a %s inside the name', (_what, input) => {
    expect(problems(eventName, input)).toEqual(['Event name must be one line, without line breaks or control characters.']);
  });

  it.each(['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'])(
    'refuses the bidi control U+%s',
    (char) => {
      expect(problems(eventName, `a${char}b`)).toEqual([
        'Event name must not contain invisible text-direction characters; type it in again rather than pasting it.',
      ]);
    },
  );

  it.each([
    ['U+FFFE', 'a\uFFFEb'],
    ['U+FFFF', 'a\uFFFF'],
    ['U+FDD0', '\uFDD0b'],
    ['U+FDEF', 'a\uFDEFb'],
    ['U+1FFFE', 'a\u{1FFFE}b'],
    ['U+10FFFF', 'a\u{10FFFF}'],
    ['a lone high surrogate', 'a\uD83Db'],
    ['a lone low surrogate', 'a\uDE00b'],
  ])('refuses %s, which is not text', (_what, input) => {
    expect(problems(eventName, input)).toEqual([
      'Event name contains a character that is not text (such as U+FFFF); type it in again rather than pasting it.',
    ]);
  });

  it.each(['Beta & Gamma', 'Ünïcödé', '名前', 'دي جي', '👩🏽‍🎤 DJ', '<3 @x #1', 'a\u00A0b', 'a\uFFFDb', 'a\uFDF0b', 'a\uE000b', '𝓓𝓙'])('accepts %j', (input) => {
    expect(eventName.parse(input)).toBe(input);
  });

  it('uses the label in every message', () => {
    expect(problems(host, 'a\nb')).toEqual(['Host must be one line, without line breaks or control characters.']);
    expect(problems(oneLine('Signup name', 200, { required: true }), '')).toEqual(['Signup name is required.']);
  });

  it('whatever it accepts is trimmed, short enough and one clean line; whatever it refuses says why', () => {
    const char = fc.oneof(
      fc.constantFrom('\n', '\r', '\t', '\u0000', '\u0085', '\u2028', '\u2029', '\u202E', '\u2067', ' ', '\u00A0', '\uFFFE', '\uFFFF', '\uFDD0', '\uD800', '\uDFFF'),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
    );
    const input = fc.array(char, { maxLength: 24 }).map((chars) => chars.join(''));
    // Cc is exactly the C0 controls, DEL and the C1 controls; Cs (under /u) a surrogate without its pair.
    const forbidden = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069\p{Noncharacter_Code_Point}\p{Cs}]/u;
    fc.assert(
      fc.property(input, (text) => {
        const result = eventName.safeParse(text);
        if (result.success) {
          expect(result.data).toBe(text.trim());
          expect(result.data.length).toBeGreaterThan(0);
          expect([...result.data].length).toBeLessThanOrEqual(20);
          expect(result.data).not.toMatch(forbidden);
        } else {
          for (const issue of result.error.issues) expect(Object.values(messages)).toContain(issue.message);
          const trimmed = text.trim();
          expect(trimmed === '' || [...trimmed].length > 20 || forbidden.test(trimmed)).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });
});
