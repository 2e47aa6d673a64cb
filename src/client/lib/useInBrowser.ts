import { useSyncExternalStore } from 'react';

const unchanging = () => () => {};

/**
 * False while the server renders and while React hydrates its HTML, true from then on: for what
 * only the browser can show (its history's state, toasts), so hydration has nothing to mismatch.
 */
export const useInBrowser = () => useSyncExternalStore(unchanging, () => true, () => false);
