import type { RouteObject } from 'react-router';
import { type EventTabDefinition, eventTabRoutes, inTabOrder } from '@client/shared/eventTabs';
import type { ModuleHandle } from '@client/lib/pageHandles';
import { EventCrumb } from './EventCrumb';

/** The event page and this feature's tabs of it, one module (as the build's manifest names it). */
const SCREENS = 'features/events/screens.ts';

/** The event feature's own tabs of the event page. */
const eventTabs: EventTabDefinition[] = [
  { tab: 'setup', label: 'Setup', module: SCREENS, load: async () => (await import('./screens')).SetupTab },
  { tab: 'preflight', label: 'Preflight', module: SCREENS, load: async () => (await import('./screens')).PreflightTab },
  { tab: 'history', label: 'History', module: SCREENS, load: async () => (await import('./screens')).HistoryTab },
  { tab: 'debug', label: 'Debug', crumb: 'Debugging', hidden: true, module: SCREENS, load: async () => (await import('./screens')).DebugTab },
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
          handle: { crumb: ({ params }: { params: { eventId?: string } }) => <EventCrumb eventId={params.eventId ?? ''} />, module: SCREENS } satisfies ModuleHandle & { crumb: unknown },
          lazy: async () => {
            const { EventPage } = await import('./screens');
            return { Component: () => <EventPage tabs={tabs} /> };
          },
          children: eventTabRoutes(tabs),
        },
      ],
    },
  ];
};
