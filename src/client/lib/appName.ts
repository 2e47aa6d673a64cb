import { createContext, useContext } from 'react';

/**
 * The product's name (APP_NAME): the server writes it into the page (a meta tag) and passes it
 * to the pages it renders itself, where there is no document to read.
 */
const AppName = createContext<string | null>(null);
export const AppNameProvider = AppName.Provider;

const fromPage = () => document.querySelector('meta[name="app-name"]')?.getAttribute('content') || 'Lineup';

export const useAppName = (): string => useContext(AppName) ?? fromPage();
