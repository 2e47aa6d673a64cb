import type { RouteObject } from 'react-router';
import { EventCrumb } from './EventCrumb';

// Staff screens, loaded on demand. `handle.crumb` names each level for the breadcrumbs.
// The event page holds the draft; its tabs are nested routes (index = Setup).
export const eventRoutes: RouteObject[] = [
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
          {
            path: 'lineup',
            handle: { crumb: () => 'Lineup' },
            lazy: async () => ({ Component: (await import('../lineup/LineupTab')).LineupTab }),
          },
          {
            path: 'verifyDJs',
            handle: { crumb: () => 'Verify DJs' },
            lazy: async () => ({ Component: (await import('../lineup/VerifyDjsTab')).VerifyDjsTab }),
          },
          {
            path: 'technicalDetails',
            handle: { crumb: () => 'Stream Details' },
            lazy: async () => ({ Component: (await import('../lineup/StreamDetailsTab')).StreamDetailsTab }),
          },
          {
            path: 'announcements',
            handle: { crumb: () => 'Messaging' },
            lazy: async () => ({ Component: (await import('../lineup/AnnouncementsTab')).AnnouncementsTab }),
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
