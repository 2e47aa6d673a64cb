import { createBrowserRouter, type LoaderFunctionArgs } from 'react-router';
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
import { eventQuery } from '@client/shared/events';
import { meQuery } from '@client/shared/session';
import { signupAreaQuery } from '@client/shared/signup';
import { AppShell } from './AppShell';
import { NotFoundPage } from './NotFoundPage';
import { queryClient } from './queryClient';
import { RouteError } from './RouteError';

// The spec's route table, composed from the features' routes (features never import each
// other). Staff screens are split per feature and loaded on demand (each feature's routes use
// `lazy`), so a DJ's signup pages stay light.
// The router loads a page's chunks before it renders anything, and a page asks for its data
// when it renders: these loaders start the requests at once instead, beside the chunks (they
// return at once; the pages' queries take the answers from the cache).
const startMe = () => {
  void queryClient.prefetchQuery(meQuery);
  return null;
};
const startEvent = ({ params }: LoaderFunctionArgs) => {
  if (params.eventId) void queryClient.prefetchQuery(eventQuery(params.eventId));
  return null;
};
const startSignupArea = ({ params }: LoaderFunctionArgs) => {
  if (params.eventId) void queryClient.prefetchQuery(signupAreaQuery(params.eventId));
  return null;
};

export const router = createBrowserRouter([
  ...authRoutes,
  // The public lineup pages: no sign-in, outside the staff shell (no session calls).
  { path: '/lineups', element: <PublicLayout />, errorElement: <RouteError />, children: publicRoutes },
  {
    element: <AppShell />,
    loader: startMe,
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
            loader: startEvent,
            children: [...eventRoutes(lineupTabRoutes), ...djRoutes, ...settingsRoutes],
          },
        ],
      },
      {
        path: '/eventSignup/:eventId',
        element: <RequireAccess access="signup" />,
        loader: startSignupArea,
        errorElement: <RouteError />,
        children: signupRoutes,
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
