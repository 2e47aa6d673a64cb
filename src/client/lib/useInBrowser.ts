import { createContext, useContext } from 'react';

/**
 * False while the server renders and while React hydrates its HTML, true from then on: for what
 * only the browser can show (its history's state, toasts), so hydration has nothing to mismatch.
 * AppProviders switches it once hydrated, in a transition: what changes with it re-renders in
 * slices, the browser free between them (useSyncExternalStore re-rendered it in one long task).
 * Outside AppProviders it is true: every render on the server goes through AppProviders with
 * `fromServer` (entry-server.tsx).
 */
const InBrowser = createContext(true);
export const InBrowserProvider = InBrowser.Provider;

export const useInBrowser = (): boolean => useContext(InBrowser);
