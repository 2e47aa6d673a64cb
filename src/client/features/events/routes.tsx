import type { RouteObject } from 'react-router';
import { EventCrumb } from './EventCrumb';

// Staff screens, loaded on demand. `handle.crumb` names each level for the breadcrumbs.
// The event page holds the draft; its tabs are nested routes (index = Setup). Tabs of other
// features (the lineup's) are given by the app, which composes the features.
export const eventRoutes = (tabs: RouteObject[]): RouteObject[] => [
  {
    path: 'events',
    handle: { crumb: () => 'Events' },
    children: [
      {
        index: true,
        lazy: async () => {
          const { EventsListPage } = await import('./EventsListPage');
          return { Component: () => <EventsListPage when="upcoming" /> };
        },
      },
      {
        path: 'past',
        handle: { crumb: () => 'Past Events' },
        lazy: async () => {
          const { EventsListPage } = await import('./EventsListPage');
          return { Component: () => <EventsListPage when="past" /> };
        },
      },
      {
        path: 'create',
        handle: { crumb: () => 'Create Event' },
        lazy: async () => ({ Component: (await import('./CreateEventPage')).CreateEventPage }),
      },
      {
        path: ':eventId',
        handle: { crumb: ({ params }: { params: { eventId?: string } }) => <EventCrumb eventId={params.eventId ?? ''} /> },
        lazy: async () => ({ Component: (await import('./EventPage')).EventPage }),
        children: [
          { index: true, lazy: async () => ({ Component: (await import('./SetupTab')).SetupTab }) },
          {
            path: 'setup',
            handle: { crumb: () => 'Setup' },
            lazy: async () => ({ Component: (await import('./SetupTab')).SetupTab }),
          },
          ...tabs,
          {
            path: 'preflight',
            handle: { crumb: () => 'Preflight' },
            lazy: async () => ({ Component: (await import('./PreflightTab')).PreflightTab }),
          },
          {
            path: 'history',
            handle: { crumb: () => 'History' },
            lazy: async () => ({ Component: (await import('./HistoryTab')).HistoryTab }),
          },
          {
            path: 'debug',
            handle: { crumb: () => 'Debugging' },
            lazy: async () => ({ Component: (await import('./DebugTab')).DebugTab }),
          },
        ],
      },
    ],
  },
];
