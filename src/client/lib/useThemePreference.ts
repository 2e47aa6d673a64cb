import { useSyncExternalStore } from 'react';
import type { ThemePreference } from '@shared/theme';
import { subscribeTheme, themePreference } from './theme';

/** The browser's choice of theme; `system` while a page the server rendered is hydrated (no mismatch), its own right after. */
export const useThemePreference = (): ThemePreference => useSyncExternalStore(subscribeTheme, themePreference, () => 'system');
