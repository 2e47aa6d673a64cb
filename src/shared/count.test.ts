import { countOf } from './count.js';

test('one is singular, everything else plural', () => {
  expect(countOf(1, 'DJ')).toBe('1 DJ');
  expect(countOf(0, 'DJ')).toBe('0 DJs');
  expect(countOf(2, 'play')).toBe('2 plays');
  expect(countOf(3, 'person', 'people')).toBe('3 people');
});
