import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import toast, { Toaster } from 'react-hot-toast';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';

// Component tests render a page as the app does: inside a query client (no retries, so a failed
// call shows at once), a router at the given address, and the toasts. The network is the test's
// to stub (fetch, EventSource).

/** Renders `routes` at `path`; the router is returned for where a test ended up. */
export function renderRoutes(routes: RouteObject[], path: string) {
  // The toasts' store outlives a test: start each page without the last test's toasts.
  toast.remove();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return router;
}

/** A fetch answer with a JSON body. */
export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
