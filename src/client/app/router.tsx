import { createBrowserRouter } from 'react-router';
import { authRoutes } from '@client/features/auth/routes';
import { RequireAccess } from '@client/features/auth/RequireAccess';
import { djRoutes } from '@client/features/djs/routes';
import { eventRoutes } from '@client/features/events/routes';
import { homeRoutes } from '@client/features/home/routes';
import { lineupTabRoutes } from '@client/features/lineup/routes';
import { PublicLayout } from '@client/features/public/PublicLayout';
import { publicRoutes } from '@client/features/public/routes';
import { settingsRoutes } from '@client/features/settings/routes';
import { signupRoutes } from '@client/features/signup/routes';
import { AppShell } from './AppShell';
import { NotFoundPage } from './NotFoundPage';
import { RouteError } from './RouteError';

// The spec's route table, composed from the features' routes (features never import each
// other). Staff screens are split per feature and loaded on demand (each feature's routes use
// `lazy`), so a DJ's signup pages stay light.
export const router = createBrowserRouter([
  ...authRoutes,
  // The public lineup pages: no sign-in, outside the staff shell (no session calls).
  { path: '/lineups', element: <PublicLayout />, errorElement: <RouteError />, children: publicRoutes },
  {
    element: <AppShell />,
    errorElement: <RouteError />,
    children: [
      {
        // Home is everyone's (staff, a DJ); the rest is for staff.
        path: '/',
        element: <RequireAccess access="signedIn" />,
        errorElement: <RouteError />,
        children: [
          ...homeRoutes,
          {
            element: <RequireAccess access="staff" crumbs={false} />,
            children: [...eventRoutes(lineupTabRoutes), ...djRoutes, ...settingsRoutes],
          },
        ],
      },
      {
        path: '/eventSignup/:eventId',
        element: <RequireAccess access="signup" />,
        errorElement: <RouteError />,
        children: signupRoutes,
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
