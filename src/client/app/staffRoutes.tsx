import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { djRoutes } from '@client/features/djs/routes';
import { eventRoutes } from '@client/features/events/routes';
import { lineupTabs } from '@client/features/lineup/routes';
import { settingsRoutes } from '@client/features/settings/routes';
import { loads } from '@client/lib/pageHandles';
import { eventQuery } from '@client/shared/events';
import { streamCheckSettingsQuery } from '@client/shared/streamChecks';

/** The staff screens, under the staff guard (routes.tsx); each page loads on demand. */
export const staffRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    ...loads(queryClient, ({ eventId }) => (eventId ? [eventQuery(eventId), streamCheckSettingsQuery()] : [])),
    children: [...eventRoutes(lineupTabs), ...djRoutes, ...settingsRoutes],
  },
];
