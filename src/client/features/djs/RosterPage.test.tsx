// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { RosterResponse } from '@shared/schemas/djs';
import { DEFAULT_SETTINGS } from '@shared/schemas/settings';
import { RosterPage } from './RosterPage';

const roster: RosterResponse = {
  djs: [
    { id: 'a', djName: 'Alpha Beats', publicName: 'Al', discordId: '111111111111111111', rtmpUrl: 'rtmp://x/a', twitchUsername: 'al_tv', avatarUrl: null, totalPlays: 2, mostRecentPlay: { eventId: 'e1', eventName: 'Sunday Service', startDatetime: '2024-06-09T19:00:00.000Z' } },
    { id: 'b', djName: 'Bass Face', publicName: 'Bea', discordId: '222222222222222222', rtmpUrl: '', twitchUsername: '', avatarUrl: null, totalPlays: 0, mostRecentPlay: null },
  ],
  meta: { total: 2, earliestEvent: { eventId: 'e0', eventName: 'First Night', startDatetime: '2024-01-07T20:00:00.000Z' } },
};

function renderRoster(responses: Record<string, () => Response>) {
  vi.stubGlobal('fetch', async (url: string) => (responses[url] ?? (() => new Response('{}', { status: 404 })))());
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/djs', element: <RosterPage /> }], { initialEntries: ['/djs'] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
}

const json = (body: unknown, status = 200) => () => new Response(JSON.stringify(body), { status });

afterEach(() => vi.unstubAllGlobals());

test('lists the roster with count, earliest event and links, and filters by name or Discord ID', async () => {
  renderRoster({ '/api/djs': json(roster), '/api/settings': json(DEFAULT_SETTINGS) });
  expect(await screen.findByRole('link', { name: 'Alpha Beats' }, { timeout: 5000 })).toHaveAttribute('href', '/djs/a');
  expect(screen.getByTestId('roster-meta')).toHaveTextContent('2 DJs · Earliest recorded event: First Night');
  expect(screen.getByRole('link', { name: 'First Night (Jan 7, 2024)' })).toHaveAttribute('href', '/events/e0');
  expect(screen.getByRole('link', { name: 'Jun 9, 2024' })).toHaveAttribute('href', '/events/e1');

  await userEvent.type(screen.getByLabelText('Search'), '2222');
  expect(await screen.findByText('1 of 2 DJs', { exact: false })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Alpha Beats' })).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Bass Face' })).toBeInTheDocument();

  await userEvent.clear(screen.getByLabelText('Search'));
  await userEvent.type(screen.getByLabelText('Search'), 'nobody');
  expect(await screen.findByText('No DJs match “nobody”.')).toBeInTheDocument();
});

test('a roster of one says 1 DJ', async () => {
  renderRoster({ '/api/djs': json({ djs: roster.djs.slice(0, 1), meta: { ...roster.meta, total: 1 } }), '/api/settings': json(DEFAULT_SETTINGS) });
  expect(await screen.findByTestId('roster-meta', {}, { timeout: 5000 })).toHaveTextContent(/^1 DJ · /);
});

test('a load failure toasts the spec text naming the contact host', async () => {
  renderRoster({
    '/api/djs': json({ message: 'Something went wrong on the server. Please try again.' }, 500),
    '/api/settings': json({ ...DEFAULT_SETTINGS, contactHostName: 'Ada' }),
  });
  expect(
    await screen.findByText('Problem loading djs.  Please yell at Ada in the coordination channel.', { normalizer: (text) => text }),
  ).toBeInTheDocument();
});
