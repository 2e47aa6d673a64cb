import type { RouteObject } from 'react-router';
import { type EventTabDefinition, eventTabRoutes, inTabOrder } from './eventTabs';

const Screen = () => null;
const tab = (definition: Omit<EventTabDefinition, 'load' | 'module'>): EventTabDefinition => ({ ...definition, module: `features/x/${definition.tab}.tsx`, load: async () => Screen });
const crumbOf = (route: RouteObject) => (route.handle as { crumb?: () => string } | undefined)?.crumb?.();

test('tabs given by several features come out in the order of the event page, and each becomes a route with its crumb', async () => {
  const fromLineup = [tab({ tab: 'announcements', label: 'Messaging' }), tab({ tab: 'lineup', label: 'Lineup' })];
  const fromEvents = [tab({ tab: 'history', label: 'History' }), tab({ tab: 'setup', label: 'Setup' }), tab({ tab: 'debug', label: 'Debug', crumb: 'Debugging', hidden: true })];
  const tabs = inTabOrder([...fromEvents, ...fromLineup]);
  expect(tabs.map((t) => t.label)).toEqual(['Setup', 'Lineup', 'Messaging', 'History', 'Debug']);

  const routes = eventTabRoutes(tabs);
  expect(routes[0]).toMatchObject({ index: true });
  expect(routes.slice(1).map((route) => [route.path, crumbOf(route)])).toEqual([
    ['setup', 'Setup'],
    ['lineup', 'Lineup'],
    ['announcements', 'Messaging'],
    ['history', 'History'],
    ['debug', 'Debugging'],
  ]);
  // Each names its module, so that the server links it from the page (the index: the first tab's).
  expect(routes.map((route) => (route.handle as { module?: string }).module)).toEqual(['features/x/setup.tsx', ...tabs.map((t) => `features/x/${t.tab}.tsx`)]);
  // The index shows the first tab's screen.
  const index = routes[0]!.lazy as () => Promise<{ Component: unknown }>;
  expect((await index()).Component).toBe(Screen);
});
