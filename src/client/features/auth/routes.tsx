import type { RouteObject } from 'react-router';
import { paths } from '@shared/paths';
import type { RenderedHandle } from '@client/lib/pageHandles';
import { DiscordRedirectPage } from './DiscordRedirectPage';
import { LoginPage } from './LoginPage';

// Public screens, outside the app shell. The server renders the sign-in page, then hydrated.
export const authRoutes: RouteObject[] = [
  { path: paths.login(), Component: LoginPage, handle: { rendered: true } satisfies RenderedHandle },
  { path: paths.discordRedirect(), Component: DiscordRedirectPage },
];
