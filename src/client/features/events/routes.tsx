import type { RouteObject } from 'react-router';
import { type EventTabDefinition, eventTabRoutes, inTabOrder } from '@client/shared/eventTabs';
import { EventCrumb } from './EventCrumb';

/** The event feature's own tabs of the event page. */
const eventTabs: EventTabDefinition[] = [
  { tab: 'setup', label: 'Setup', load: async () => (await import('./SetupTab')).SetupTab },
  { tab: 'preflight', label: 'Preflight', load: async () => (await import('./PreflightTab')).PreflightTab },
  { tab: 'history', label: 'History', load: async () => (await import('./HistoryTab')).HistoryTab },
  { tab: 'debug', label: 'Debug', crumb: 'Debugging', hidden: true, load: async () => (await import('./DebugTab')).DebugTab },
];

// Staff screens, loaded on demand. `handle.crumb` names each level for the breadcrumbs.
// The event page holds the draft; its tabs are nested routes (index = Setup), built with its nav
// from one list: this feature's tabs and those of other features (the lineup's), which the app
// composes.
export const eventRoutes = (otherTabs: EventTabDefinition[]): RouteObject[] => {
  const tabs = inTabOrder([...eventTabs, ...otherTabs]);
  return [
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
          lazy: async () => {
            const { EventPage } = await import('./EventPage');
            return { Component: () => <EventPage tabs={tabs} /> };
          },
          children: eventTabRoutes(tabs),
        },
      ],
    },
  ];
};
