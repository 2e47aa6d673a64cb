import { parsePreference, SCHEME_COOKIE, THEME_COOKIE, type Theme, type ThemePreference } from '@shared/theme';

// Light and dark in the browser (decision 026). The server writes each page's <html> in the
// browser's theme (its choice in the user menu, else its device's scheme as the client hint or
// the `scheme` cookie says); here the page is corrected where the server could not know (a first
// visit from a browser without the hint), follows a change of the device's scheme, and keeps the
// cookies up to date for the next page. <html> is outside React's root: nothing to hydrate.

const YEAR = 31_536_000;

const readCookie = (name: string) =>
  document.cookie
    .split('; ')
    .find((cookie) => cookie.startsWith(`${name}=`))
    ?.slice(name.length + 1);

/** Sent with every later page load: a year, the whole site, never to other sites. */
const writeCookie = (name: string, value: string, maxAge = YEAR) => {
  document.cookie = `${name}=${value}; path=/; max-age=${maxAge}; samesite=lax`;
};

const listeners = new Set<() => void>();
/** Read from its cookie once: only this page's chooseTheme changes it while the page is open. */
let chosen: ThemePreference | undefined;
const darkScheme = () => window.matchMedia('(prefers-color-scheme: dark)');

/**
 * Writes the theme the browser's choice and its device call for on <html>, and remembers the
 * device's scheme. The scheme is written only when it changed, and the choice is read once
 * (themePreference): the browser keeps the page's cookies at hand until one is written, and its
 * first read after a write asks the browser's process for them again (0.5–12 ms of the page's
 * start, measured in Chromium on the 2-core bench machine).
 */
function apply() {
  const scheme: Theme = darkScheme().matches ? 'dark' : 'light';
  const preference = themePreference();
  if (readCookie(SCHEME_COOKIE) !== scheme) writeCookie(SCHEME_COOKIE, scheme);
  const theme = preference === 'system' ? scheme : preference;
  if (document.documentElement.dataset.bsTheme !== theme) document.documentElement.dataset.bsTheme = theme;
  listeners.forEach((listener) => listener());
}

/** Keeps the page in the right theme from now on: once per page, before anything renders. */
export function followTheme() {
  apply();
  darkScheme().addEventListener('change', apply);
}

/** The browser's choice in the user menu, remembered in its cookie (`system`: none). */
export function chooseTheme(preference: ThemePreference) {
  if (preference === 'system') writeCookie(THEME_COOKIE, '', 0);
  else writeCookie(THEME_COOKIE, preference);
  chosen = preference;
  apply();
}

/** Calls `listener` whenever the theme may have changed; returns how to stop. (No React here: the public pages' script uses this file.) */
export const subscribeTheme = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const themePreference = (): ThemePreference => (chosen ??= parsePreference(readCookie(THEME_COOKIE)));
