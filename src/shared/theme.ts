import { accessibleShade, bestOn, mix, rgbTriple } from './colour.js';

// Light and dark, and the series' accent colour (Global Settings → Lineup image) made accessible
// in each (decision 026). The look itself lives in one stylesheet, src/client/styles/tokens.css;
// this is what the server needs to write a page in the right theme with the series' accent, and
// what the browser needs to keep it right. Pure.

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** What a person chose in the user menu; `system` follows the device. */
export const THEME_PREFERENCES = ['system', 'light', 'dark'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];

/** The cookie that keeps a browser's choice (absent: system). */
export const THEME_COOKIE = 'theme';
/** The cookie in which the app keeps the device's own scheme, for the server to render the next page in it. */
export const SCHEME_COOKIE = 'scheme';
/** The client hint with which Chromium says the device's scheme on a first visit (Accept-CH, Critical-CH). */
export const SCHEME_HINT = 'Sec-CH-Prefers-Color-Scheme';

const asTheme = (value: string | undefined): Theme | null => (value === 'light' || value === 'dark' ? value : null);

export const parsePreference = (value: string | undefined): ThemePreference => asTheme(value) ?? 'system';

/**
 * The theme to write a page in: the browser's choice, else the device's scheme as its client hint
 * says (a structured-header string, `"dark"`), else as the app last saw it (its cookie), else light.
 */
export function pageTheme(preference: string | undefined, hint: string | undefined, scheme: string | undefined): Theme {
  return asTheme(preference) ?? asTheme(hint?.replaceAll('"', '').trim()) ?? asTheme(scheme) ?? 'light';
}

/**
 * The surfaces text and the accent sit on in each theme: page, card, tinted card parts, fields.
 * tokens.css defines them (--lu-canvas, --bs-body-bg, --bs-tertiary-bg, --bs-secondary-bg);
 * src/client/styles/tokens.test.ts keeps the two equal.
 */
export const SURFACES: Record<Theme, readonly string[]> = {
  light: ['#f6f5fa', '#ffffff', '#f0eef6', '#e7e4f0'],
  dark: ['#0f0b1d', '#18132b', '#211b39', '#2a2345'],
};

/** Text on a filled accent in the dark theme, when the accent is light: the dark page's own ink. */
const DARK_INK = '#0f0b1d';

/** The accent's shades one theme uses; tokens.css reads them as `--lu-{theme}-{name}`. */
export interface AccentShades {
  /** Filled buttons, checks, progress, the active item: at least 4.5:1 on every surface. */
  accent: string;
  'accent-rgb': string;
  'accent-hover': string;
  'accent-active': string;
  /** Text on a filled accent (4.5:1 or more). */
  'on-accent': string;
  /** A tinted background (a selected row, a drop area). */
  'accent-subtle': string;
  'accent-border': string;
  /** Links and accent text: 4.5:1 on every surface and on the tinted background. */
  'accent-text': string;
}

/**
 * The series' accent made accessible in `theme`: the shade of it nearest to it that reads at
 * 4.5:1 on every surface (darker in light, lighter in dark), and what goes with it.
 */
export function accentShades(accent: string, theme: Theme): AccentShades {
  const surfaces = SURFACES[theme];
  const light = theme === 'light';
  // Away from the surfaces: more contrast with them, and with the text on the filled accent.
  const away = light ? '#000000' : '#ffffff';
  const solid = accessibleShade(accent, surfaces, 4.5, away);
  const card = surfaces[1]!;
  const subtle = mix(solid, card, light ? 0.88 : 0.8);
  return {
    accent: solid,
    'accent-rgb': rgbTriple(solid),
    'accent-hover': mix(solid, away, light ? 0.14 : 0.18),
    'accent-active': mix(solid, away, light ? 0.24 : 0.3),
    // A light-theme accent reads at 4.5:1 on white, so white reads on it; a dark-theme accent
    // reads at 4.5:1 on the dark page, so the page's ink reads on it.
    'on-accent': bestOn(solid, ['#ffffff', DARK_INK]),
    'accent-subtle': subtle,
    'accent-border': mix(solid, card, light ? 0.55 : 0.5),
    'accent-text': accessibleShade(solid, [...surfaces, subtle], 4.5, away),
  };
}

/**
 * The accent's shades for both themes as CSS custom properties, for the `style` attribute of a
 * page's <html> (inline styles are allowed by the Content-Security-Policy; scripts are not).
 */
export function accentProperties(accent: string): Record<string, string> {
  return Object.fromEntries(
    THEMES.flatMap((theme) => Object.entries(accentShades(accent, theme)).map(([name, value]) => [`--lu-${theme}-${name}`, value])),
  );
}

/** The same, as the text of a `style` attribute. */
export const accentStyle = (accent: string) =>
  Object.entries(accentProperties(accent))
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
