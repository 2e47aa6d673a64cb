import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes, type PatchRoutesOnNavigationFunction, type RouteMatch, type RouteObject } from 'react-router';
import { authRoutes } from '@client/features/auth/routes';
import { RequireAccess } from '@client/features/auth/RequireAccess';
import { homeRoutes } from '@client/features/home/routes';
import { VinylLoader } from '@client/components/VinylLoader';
import { publicRoutes } from '@client/features/public/routes';
import { signupRoutes } from '@client/features/signup/routes';
import { loads, type RenderedHandle } from '@client/lib/pageHandles';
import { meQuery } from '@client/shared/session';
import { signupAreaQuery } from '@client/shared/signup';
import { AppShell } from './AppShell';
import { NotFoundPage } from './NotFoundPage';
import { RouteError } from './RouteError';

// The spec's route table, composed from the features' routes (features never import each
// other). Each page is declared here once: its path, the data it needs (loads: its loader
// starts those queries) and its lazy module (handle.module). The server reads the same table
// (entry-server.tsx): it links a page's data and modules from the page it sends, so the browser
// asks for both before the app has run, and renders the pages marked `rendered` from the same
// queries, answered by its own API (lib/pageHandles.ts, decision 059).
//
// The staff screens' routes are not in the first download: the router asks for them
// (patchStaffRoutes) the first time an address matches nothing more precise than "not found".

/** The staff guard, which the staff screens' routes are added under. */
const STAFF_ROUTE_ID = 'staff';

export function appRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    ...authRoutes,
    // The public lineup pages: no sign-in, outside the staff shell (no session calls). Their frame
    // and stylesheet load with them: the server renders them for a visitor, the app only for a
    // link followed inside it.
    {
      path: '/lineups',
      lazy: async () => ({ Component: (await import('@client/features/public/PublicLayout')).PublicLayout }),
      hydrateFallbackElement: <VinylLoader fullPage />,
      errorElement: <RouteError />,
      children: publicRoutes,
    },
    {
      element: <AppShell />,
      ...loads(queryClient, () => [meQuery]),
      // While a first visit's lazy modules (or the staff routes) arrive, rendering in the browser.
      hydrateFallbackElement: <VinylLoader fullPage />,
      errorElement: <RouteError />,
      children: [
        {
          // Home is everyone's (staff, a DJ); the rest is for staff.
          path: '/',
          element: <RequireAccess access="signedIn" />,
          errorElement: <RouteError />,
          children: [...homeRoutes, { id: STAFF_ROUTE_ID, element: <RequireAccess access="staff" crumbs={false} />, children: [] }],
        },
        {
          path: '/eventSignup/:eventId',
          element: <RequireAccess access="signup" />,
          // A DJ's signup pages are rendered by the server, then hydrated.
          ...loads(queryClient, ({ eventId }) => (eventId ? [signupAreaQuery(eventId)] : []), { rendered: true } satisfies RenderedHandle),
          errorElement: <RouteError />,
          children: signupRoutes,
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}

/** The module patchStaffRoutes loads, as the build's manifest names it (for the server's links, entry-server.tsx). */
export const STAFF_ROUTES_MODULE = 'app/staffRoutes.tsx';

/**
 * Inter's Latin file, as the build's manifest names it: the staff screens are set in it (decision
 * 057). Their page asks for it with its scripts; found only once the app has drawn the page, it
 * would swap in after, and the browser would lay the page out again (a lineup of 60 cards).
 */
export const STAFF_FONT = '../../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2';

/** Whether an address's matches in the routes without the staff screens' end in "not found": it needs them. */
export const needsStaffRoutes = (matches: RouteMatch[] | null) => matches?.at(-1)?.route.path === '*';

/** Adds the staff screens' routes (once) when an address needs them. */
export function patchStaffRoutes(queryClient: QueryClient, routes: RouteObject[]): PatchRoutesOnNavigationFunction {
  let added: Promise<void> | undefined;
  return async ({ path, patch }) => {
    if (!needsStaffRoutes(matchRoutes(routes, path))) return;
    added ??= import('./staffRoutes').then(({ staffRoutes }) => patch(STAFF_ROUTE_ID, staffRoutes(queryClient)));
    await added;
  };
}
