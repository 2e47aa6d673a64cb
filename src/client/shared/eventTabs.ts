import { type ComponentType, createContext, useContext } from 'react';
import type { RouteObject } from 'react-router';
import { EVENT_TABS, type EventTab } from '@shared/paths';
import type { ModuleHandle } from '@client/lib/pageHandles';

/**
 * A tab of the event page, given by the feature that owns it: its address (one of EVENT_TABS,
 * which also orders the tabs), its label in the nav and the breadcrumbs, and its screen, loaded
 * on demand. The event page builds its nav, routes and breadcrumbs from these.
 */
export interface EventTabDefinition {
  tab: EventTab;
  label: string;
  /** The crumb's name when it differs from the label (the debug page). */
  crumb?: string;
  load: () => Promise<ComponentType>;
  /**
   * The module `load` imports, as the build's manifest names it (a ModuleHandle): the server
   * links it from the page, so the browser fetches it with the app rather than after it.
   */
  module: string;
  /** Reached by its address only, not from the nav (the debug page). */
  hidden?: boolean;
}

/** The tabs in the order of EVENT_TABS. */
export const inTabOrder = (tabs: readonly EventTabDefinition[]) => [...tabs].sort((a, b) => EVENT_TABS.indexOf(a.tab) - EVENT_TABS.indexOf(b.tab));

/** The tabs' nested routes under the event page; the index shows the first tab. */
export function eventTabRoutes(tabs: readonly EventTabDefinition[]): RouteObject[] {
  const ordered = inTabOrder(tabs);
  const lazy = (definition: EventTabDefinition) => async () => ({ Component: await definition.load() });
  return [
    { index: true, handle: { module: ordered[0]!.module } satisfies ModuleHandle, lazy: lazy(ordered[0]!) },
    ...ordered.map((definition) => ({
      path: definition.tab,
      handle: { crumb: () => definition.crumb ?? definition.label, module: definition.module } satisfies ModuleHandle & { crumb: () => string },
      lazy: lazy(definition),
    })),
  ];
}

/** The event page's tabs, for a tab that links to another (the Preflight tab's steps). */
const EventTabsContext = createContext<readonly EventTabDefinition[]>([]);
export const EventTabsProvider = EventTabsContext.Provider;

/** A tab's label in the event page's nav ('Stream Details' for technicalDetails). */
export function useEventTabLabel(tab: EventTab): string {
  return useContext(EventTabsContext).find((definition) => definition.tab === tab)?.label ?? tab;
}
