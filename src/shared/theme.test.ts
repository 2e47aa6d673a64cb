import fs from 'node:fs';
import { contrast } from './colour.js';
import { accentProperties, accentShades, accentStyle, pageTheme, parsePreference, SURFACES, THEMES } from './theme.js';

const tokens = fs.readFileSync(new URL('../client/styles/tokens.css', import.meta.url), 'utf8');

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

test("tokens.css's surfaces and fallbacks are the ones the accent is worked out against", () => {
  const declared = (block: string, name: string) => new RegExp(`${name}:\\s*([^;]+);`).exec(block)?.[1]?.trim();
  const light = tokens.slice(tokens.indexOf("[data-bs-theme='light'] {"), tokens.indexOf("[data-bs-theme='dark'] {"));
  const dark = tokens.slice(tokens.indexOf("[data-bs-theme='dark'] {"));
  for (const [theme, block] of [['light', light], ['dark', dark]] as const) {
    const surfaces = ['--lu-canvas', '--bs-body-bg', '--bs-tertiary-bg', '--bs-secondary-bg'].map((name) => declared(block, name));
    expect(surfaces).toEqual(SURFACES[theme]);
    // The fallbacks, for a page no server wrote, are the default accent's shades.
    const shades = accentShades('#ff4f9a', theme);
    for (const [name, value] of Object.entries(shades)) expect(block).toContain(`var(--lu-${theme}-${name}, ${value})`);
  }
});

test('in both themes, text and state colours read at 4.5:1 on every surface', () => {
  for (const theme of THEMES) {
    const block = theme === 'light' ? tokens.slice(tokens.indexOf("[data-bs-theme='light'] {"), tokens.indexOf("[data-bs-theme='dark'] {")) : tokens.slice(tokens.indexOf("[data-bs-theme='dark'] {"));
    for (const name of ['--bs-body-color', '--bs-secondary-color', '--lu-success', '--lu-danger', '--lu-warning', '--lu-info']) {
      const value = new RegExp(`${name}:\\s*(#[0-9a-f]{6});`).exec(block)?.[1];
      expect(value, name).toBeDefined();
      for (const surface of SURFACES[theme]) expect(contrast(value!, surface), `${theme} ${name} on ${surface}`).toBeGreaterThanOrEqual(4.5);
    }
  }
});
