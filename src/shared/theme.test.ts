import { contrast } from './colour.js';
import { accentProperties, accentShades, accentStyle, pageTheme, parsePreference, SURFACES, THEMES } from './theme.js';

test('a page is written in the chosen theme, else the client hint, else the scheme the app last saw, else light', () => {
  expect(pageTheme('dark', '"light"', 'light')).toBe('dark');
  expect(pageTheme(undefined, '"dark"', 'light')).toBe('dark');
  expect(pageTheme('system', 'light', 'dark')).toBe('light');
  expect(pageTheme(undefined, undefined, 'dark')).toBe('dark');
  expect(pageTheme('purple', '"no-preference"', 'sepia')).toBe('light');
  expect(parsePreference('dark')).toBe('dark');
  expect(parsePreference(undefined)).toBe('system');
  expect(parsePreference('<script>')).toBe('system');
});

test.each(['#ff4f9a', '#ffd60a', '#1a1a1a', '#00e5ff', '#5b21b6', '#ffffff', '#000000'])('the accent %s reads at 4.5:1 in both themes', (accent) => {
  for (const theme of THEMES) {
    const shades = accentShades(accent, theme);
    for (const surface of SURFACES[theme]) {
      expect(contrast(shades.accent, surface)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(shades['accent-text'], surface)).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrast(shades['accent-text'], shades['accent-subtle'])).toBeGreaterThanOrEqual(4.5);
    expect(contrast(shades['on-accent'], shades.accent)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(shades['on-accent'], shades['accent-hover'])).toBeGreaterThanOrEqual(4.5);
  }
});

test('the style attribute names every shade of both themes and nothing a stylesheet could misread', () => {
  const properties = accentProperties('#ff4f9a');
  expect(Object.keys(properties)).toHaveLength(16);
  expect(accentStyle('#ff4f9a')).toMatch(/^(--lu-(light|dark)-[a-z-]+:[#0-9a-f, ]+;?)+$/);
});
