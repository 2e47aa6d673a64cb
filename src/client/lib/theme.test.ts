// @vitest-environment jsdom
import { chooseTheme, followTheme, subscribeTheme, themePreference } from './theme';

// The browser's side of light and dark (decision 026): the page follows the choice, else the
// device, and the cookies tell the server the same for the next page.

let dark = false;
const changeListeners: (() => void)[] = [];
beforeAll(() => {
  window.matchMedia = (query: string) =>
    ({
      get matches() {
        return query === '(prefers-color-scheme: dark)' && dark;
      },
      media: query,
      addEventListener: (_type: string, listener: () => void) => changeListeners.push(listener),
      removeEventListener: () => {},
    }) as unknown as MediaQueryList;
});

const cookie = (name: string) => document.cookie.split('; ').find((c) => c.startsWith(`${name}=`))?.slice(name.length + 1);

test('a page the server wrote light on a dark device turns dark, and the next one is asked for dark', () => {
  document.documentElement.dataset.bsTheme = 'light';
  dark = true;
  followTheme();
  expect(document.documentElement.dataset.bsTheme).toBe('dark');
  expect(cookie('scheme')).toBe('dark');
  expect(themePreference()).toBe('system');
});

test('the device changing its scheme changes the page', () => {
  dark = false;
  changeListeners.forEach((listener) => listener());
  expect(document.documentElement.dataset.bsTheme).toBe('light');
  expect(cookie('scheme')).toBe('light');
});

test('a choice in the user menu wins over the device until System is chosen again, and tells who listens', () => {
  const heard = vi.fn();
  const stop = subscribeTheme(heard);
  chooseTheme('dark');
  expect(document.documentElement.dataset.bsTheme).toBe('dark');
  expect(cookie('theme')).toBe('dark');
  expect(themePreference()).toBe('dark');
  chooseTheme('system');
  expect(document.documentElement.dataset.bsTheme).toBe('light');
  expect(cookie('theme')).toBeUndefined();
  expect(themePreference()).toBe('system');
  expect(heard).toHaveBeenCalledTimes(2);
  stop();
});

test("a page whose cookie already says the device's scheme writes no cookie as it starts (a write makes the next read ask the browser again)", () => {
  dark = false;
  followTheme();
  expect(cookie('scheme')).toBe('light');
  const cookieProperty = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
  const written: string[] = [];
  const spy = vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
    written.push(value);
    cookieProperty.set!.call(document, value);
  });
  followTheme();
  expect(written).toEqual([]);
  dark = true;
  changeListeners.forEach((listener) => listener());
  expect(written).toEqual(['scheme=dark; path=/; max-age=31536000; samesite=lax']);
  expect(document.documentElement.dataset.bsTheme).toBe('dark');
  spy.mockRestore();
});
