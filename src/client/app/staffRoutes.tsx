import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { djRoutes } from '@client/features/djs/routes';
import { eventRoutes } from '@client/features/events/routes';
import { lineupTabs } from '@client/features/lineup/routes';
import { settingsRoutes } from '@client/features/settings/routes';
import type { DataHandle } from '@client/lib/pageHandles';
import { eventQuery, eventUrl } from '@client/shared/events';

/** The staff screens, under the staff guard (routes.tsx); each page loads on demand. */
export const staffRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    loader: ({ params }: LoaderFunctionArgs) => {
      if (params.eventId) void queryClient.prefetchQuery(eventQuery(params.eventId));
      return null;
    },
    handle: { data: ({ eventId }) => (eventId ? [eventUrl(eventId)] : []) } satisfies DataHandle,
    children: [...eventRoutes(lineupTabs), ...djRoutes, ...settingsRoutes],
  },
];
