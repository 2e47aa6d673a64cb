import type { RouteObject } from 'react-router';
import { paths } from '@shared/paths';
import { DiscordRedirectPage } from './DiscordRedirectPage';
import { LoginPage } from './LoginPage';

// Public screens, outside the app shell.
export const authRoutes: RouteObject[] = [
  { path: paths.login(), Component: LoginPage },
  { path: paths.discordRedirect(), Component: DiscordRedirectPage },
];
