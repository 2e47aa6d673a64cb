// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { Breadcrumbs, type CrumbHandle } from './Breadcrumbs';
import { CachedCrumb } from './CachedCrumb';

function renderAt(path: string, queryClient = new QueryClient()) {
  const eventCrumb: CrumbHandle = {
    crumb: ({ params }) => (
      <CachedCrumb<{ name: string }> queryKey={['event', params.eventId]} render={(e) => e.name} fallback={params.eventId} />
    ),
  };
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <Breadcrumbs />
            <Outlet />
          </>
        ),
        handle: { crumb: () => 'Home' } satisfies CrumbHandle,
        children: [
          { path: 'events/:eventId', handle: eventCrumb, children: [{ path: 'lineup', handle: { crumb: () => 'Lineup' } }] },
          { path: 'plain', element: <p>no crumb</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  vi.spyOn(console, 'info').mockImplementation(() => {});
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

test('crumbs link every level but the last, and name the event from the cache', async () => {
  const queryClient = new QueryClient();
  queryClient.setQueryData(['event', 'e1'], { name: 'Sunday Service (Jun 2)' });
  renderAt('/events/e1/lineup', queryClient);
  expect(await screen.findByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  expect(screen.getByRole('link', { name: 'Sunday Service (Jun 2)' })).toHaveAttribute('href', '/events/e1');
  expect(screen.getByText('Lineup')).not.toHaveAttribute('href');
});

test('an event missing from the cache shows its id, and the miss is logged', async () => {
  renderAt('/events/e404/lineup');
  expect(await screen.findByRole('link', { name: 'e404' })).toHaveAttribute('href', '/events/e404');
  expect(console.info).toHaveBeenCalledWith(expect.stringContaining('["event","e404"]'));
});

test('a lone crumb is not shown', async () => {
  renderAt('/plain');
  expect(await screen.findByText('no crumb')).toBeInTheDocument();
  expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
});

test("the crumb leaves the page's own query able to refetch, whichever renders first", async () => {
  const queryClient = new QueryClient();
  renderAt('/events/e2/lineup', queryClient);
  expect(await screen.findByRole('link', { name: 'e2' })).toBeInTheDocument();
  // The event arrives in the cache (a save's answer), then the page's own query mounts on it.
  queryClient.setQueryData(['event', 'e2'], { name: 'Night 1' });
  let calls = 1;
  function Page() {
    const { data, error } = useQuery({ queryKey: ['event', 'e2'], queryFn: async () => ({ name: `Night ${++calls}` }), staleTime: Infinity });
    return <p>{error ? error.message : data?.name}</p>;
  }
  render(
    <QueryClientProvider client={queryClient}>
      <Page />
    </QueryClientProvider>,
  );
  expect(await screen.findByRole('link', { name: 'Night 1' })).toBeInTheDocument();
  // Another window saved: the page refetches, and gets the event, not "Missing queryFn".
  await queryClient.invalidateQueries({ queryKey: ['event', 'e2'] });
  expect(await screen.findByText('Night 2', { selector: 'p' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Night 2' })).toBeInTheDocument();
});
