import fs from 'node:fs';
import { contrast } from '@shared/colour';
import { DEFAULT_SETTINGS } from '@shared/schemas/settings';
import { accentShades, SURFACES, THEMES } from '@shared/theme';

// The stylesheet of tokens (decision 026) and src/shared/theme.ts must agree: the surfaces the
// accent is worked out against, the default accent's shades used when no server wrote them, and
// text that reads on every surface in both themes.

const tokens = fs.readFileSync(new URL('./tokens.css', import.meta.url), 'utf8');

test("tokens.css's surfaces and fallbacks are the ones the accent is worked out against", () => {
  const declared = (block: string, name: string) => new RegExp(`${name}:\\s*([^;]+);`).exec(block)?.[1]?.trim();
  const light = tokens.slice(tokens.indexOf("[data-bs-theme='light'] {"), tokens.indexOf("[data-bs-theme='dark'] {"));
  const dark = tokens.slice(tokens.indexOf("[data-bs-theme='dark'] {"));
  for (const [theme, block] of [['light', light], ['dark', dark]] as const) {
    const surfaces = ['--lu-canvas', '--bs-body-bg', '--bs-tertiary-bg', '--bs-secondary-bg'].map((name) => declared(block, name));
    expect(surfaces).toEqual(SURFACES[theme]);
    // The fallbacks, for a page no server wrote, are the default accent's shades (Global Settings' default).
    const shades = accentShades(DEFAULT_SETTINGS.imageAccent, theme);
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

test('tokens.css holds the tokens alone: every declaration a variable (the skin is app-theme.css, the public pages have their own)', () => {
  const declarations = tokens.replace(/\/\*[\s\S]*?\*\//g, '').match(/[\w-]+\s*:[^;{}]+;/g) ?? [];
  expect(declarations.length).toBeGreaterThan(100);
  expect(declarations.filter((declaration) => !declaration.startsWith('--'))).toEqual([]);
  expect(tokens).not.toMatch(/@(import|font-face|media)/);
});
