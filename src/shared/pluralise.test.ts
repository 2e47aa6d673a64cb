import { describe, expect, it } from 'vitest';
import { pluralise } from './pluralise.js';

describe('pluralise', () => {
  it('uses the singular for exactly one and the plural otherwise', () => {
    expect(pluralise(1, 'DJ')).toBe('1 DJ');
    expect(pluralise(2, 'DJ')).toBe('2 DJs');
    expect(pluralise(0, 'slot')).toBe('0 slots');
    expect(pluralise(1, 'slot')).toBe('1 slot');
    expect(pluralise(12, 'signup')).toBe('12 signups');
  });

  it('takes an irregular plural', () => {
    expect(pluralise(1, 'entry', 'entries')).toBe('1 entry');
    expect(pluralise(3, 'entry', 'entries')).toBe('3 entries');
  });
});
