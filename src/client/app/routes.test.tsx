import fs from 'node:fs';
import path from 'node:path';
import { QueryClient } from '@tanstack/react-query';
import { type LoaderFunctionArgs, matchRoutes, type RouteObject } from 'react-router';
import { EVENT_TABS, paths } from '@shared/paths';
import { renderedPaths } from '@client/entry-server';
import { dataOf, moduleOf } from '@client/lib/pageHandles';
import { appRoutes, needsStaffRoutes, STAFF_ROUTES_MODULE } from './routes';
import { staffRoutes } from './staffRoutes';

// A page is declared once, in the real route table (decision 059): its path, the data it needs
// and its lazy module. These tests read that table and fail when a second definition of any of
// them comes back, or when one names something that does not exist.

const CLIENT = path.resolve(import.meta.dirname, '..');
const SERVER_PAGES = path.resolve(CLIENT, '..', 'server', 'pages');

const tables = () => {
  const queryClient = new QueryClient();
  return { app: appRoutes(queryClient), staff: staffRoutes(queryClient), queryClient };
};

/** Every route of the tables, the ones under others included. */
const everyRoute = (routes: readonly RouteObject[]): RouteObject[] => routes.flatMap((route) => [route, ...everyRoute(route.children ?? [])]);

/** The routes an address matches, the staff screens' when it needs them (as the browser's router and the server match it). */
function matchesOf(address: string) {
  const { app, staff } = tables();
  const matches = matchRoutes(app, address);
  return needsStaffRoutes(matches) ? matchRoutes(staff, address) : matches;
}

test('every lazy module the table names is a file of the client, as the build\'s manifest names it (its path under src/client)', () => {
  const { app, staff } = tables();
  const modules = new Set([STAFF_ROUTES_MODULE, ...everyRoute([...app, ...staff]).flatMap((route) => moduleOf(route.handle) ?? [])]);
  // The pages that name one today: the staff routes, the wizard, the event page and its tabs, the live board.
  expect([...modules].sort()).toEqual(
    expect.arrayContaining(['app/staffRoutes.tsx', 'features/events/screens.ts', 'features/lineup/LiveTab.tsx', 'features/lineup/screens.ts', 'features/signup/SignupWizardPage.tsx']),
  );
  const imported = lazilyImported();
  for (const module of modules) {
    expect(module, 'as the manifest names it: relative, with its extension').toMatch(/^[\w/]+\.tsx?$/);
    expect(fs.existsSync(path.join(CLIENT, module)), `${module} is a file under src/client`).toBe(true);
    // Only what some import() loads is a chunk of its own, with its own line in the manifest.
    expect(imported, `${module} is loaded by an import()`).toContain(module);
  }
});

/** The client's files that some `import('…')` of the client loads, as the manifest names them. */
function lazilyImported(): Set<string> {
  const files = fs.readdirSync(CLIENT, { recursive: true, encoding: 'utf8' }).filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
  const found = new Set<string>();
  for (const file of files) {
    for (const [, specifier] of fs.readFileSync(path.join(CLIENT, file), 'utf8').matchAll(/import\(\s*'([^']+)'\s*\)/g)) {
      const target = specifier!.startsWith('@client/') ? specifier!.slice('@client/'.length) : path.posix.join(path.posix.dirname(file.split(path.sep).join('/')), specifier!);
      for (const candidate of [target, `${target}.ts`, `${target}.tsx`]) if (fs.existsSync(path.join(CLIENT, candidate)) && fs.statSync(path.join(CLIENT, candidate)).isFile()) found.add(candidate);
    }
  }
  return found;
}

test("a route's loader starts exactly the queries its handle names: there is no second list of a page's data", () => {
  const { app, staff, queryClient } = tables();
  const started: unknown[] = [];
  vi.spyOn(queryClient, 'prefetchQuery').mockImplementation(async (query) => void started.push(query.queryKey));
  const params = { eventId: 'e1', djId: 'd1' };
  const withData = everyRoute([...app, ...staff]).filter((route) => route.loader || dataOf(route.handle, params).length > 0);
  // The app shell (who is signed in), a DJ's signup pages, the staff screens (the event on the page).
  expect(withData).toHaveLength(3);
  for (const route of withData) {
    started.length = 0;
    expect(typeof route.loader).toBe('function');
    const loader = route.loader as (args: LoaderFunctionArgs) => unknown;
    // The table's loaders read only the params.
    expect(loader({ params } as unknown as LoaderFunctionArgs)).toBeNull();
    expect(started).toEqual(dataOf(route.handle, params).map((query) => query.queryKey));
  }
});

test('the data a page needs is linked from its address as the queries fetch it', () => {
  const urls = (address: string) => (matchesOf(address) ?? []).flatMap((match) => dataOf(match.route.handle, match.params).map((query) => query.url()));
  expect(urls('/events/e%201/lineup')).toEqual(['/api/events/e%201', '/api/settings/stream-checks']);
  expect(urls('/eventSignup/e1/wizard')).toEqual(['/api/me', '/api/signup?event_id=e1']);
  expect(urls('/login')).toEqual([]);
});

test('every address paths.ts builds for the browser is a page of the table, not "not found"', () => {
  const id = 'x1';
  const addresses = [
    paths.home(),
    paths.events(),
    paths.pastEvents(),
    paths.createEvent(),
    ...[undefined, ...EVENT_TABS].map((tab) => paths.event(id, tab)),
    paths.djs(),
    paths.createDj(),
    paths.dj(id),
    paths.discordIdInfo(),
    paths.globalSettings(),
    paths.eventSignup(id),
    paths.signupWizard(id),
    paths.login(),
    paths.publicLineups(),
    paths.publicLineup(id),
    paths.discordRedirect(),
  ];
  for (const address of addresses) {
    const last = matchesOf(address)?.at(-1);
    expect(last, address).toBeDefined();
    expect(last!.route.path, address).not.toBe('*');
  }
});

test('the server renders the pages the table marks, and names neither their paths nor their data itself', () => {
  expect(renderedPaths).toEqual(['/login', '/eventSignup/:eventId', '/eventSignup/:eventId/wizard']);
  for (const file of ['routes.ts', 'service.ts']) {
    const source = fs.readFileSync(path.join(SERVER_PAGES, file), 'utf8');
    expect(source, `server/pages/${file} writes a page's path`).not.toMatch(/['"`]\/(login|eventSignup|events|djs)\b/);
    expect(source, `server/pages/${file} loads a page's data from a service`).not.toMatch(/from '\.\.\/(auth|me|signup|events|djs|lineup)\//);
  }
});
