import { createContext, useContext } from 'react';

/**
 * Whether 'Login with Discord' leads to the development sign-in (no Discord application is
 * configured): the server writes it into the page (a meta tag) and passes it to the pages it
 * renders itself, as it does the app's name (appName.ts).
 */
const DevSignIn = createContext<boolean | null>(null);
export const DevSignInProvider = DevSignIn.Provider;

const fromPage = () => document.querySelector('meta[name="sign-in"]')?.getAttribute('content') === 'development';

export const useDevSignIn = (): boolean => useContext(DevSignIn) ?? fromPage();
