import { createBrowserRouter } from 'react-router';
import { authRoutes } from '../features/auth/routes';
import { RequireAccess } from '../features/auth/RequireAccess';
import { djRoutes } from '../features/djs/routes';
import { eventRoutes } from '../features/events/routes';
import { homeRoutes } from '../features/home/routes';
import { settingsRoutes } from '../features/settings/routes';
import { signupRoutes } from '../features/signup/routes';
import { AppShell } from './AppShell';
import { NotFoundPage } from './NotFoundPage';
import { RouteError } from './RouteError';

// The spec's route table. Staff screens are split per feature and loaded on demand (each
// feature's routes use `lazy`), so a DJ's signup pages stay light.
export const router = createBrowserRouter([
  ...authRoutes,
  {
    element: <AppShell />,
    errorElement: <RouteError />,
    children: [
      {
        path: '/',
        element: <RequireAccess access="staff" />,
        errorElement: <RouteError />,
        children: [...homeRoutes, ...eventRoutes, ...djRoutes, ...settingsRoutes],
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
