// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { RosterResponse } from '@shared/schemas/djs';
import { DEFAULT_SETTINGS } from '@shared/schemas/settings';
import { RosterPage } from './RosterPage';

const roster: RosterResponse = {
  djs: [
    { id: 'a', djName: 'Alpha Beats', publicName: 'Al', discordId: '111111111111111111', rtmpUrl: 'rtmp://x/a', twitchUsername: 'al_tv', avatarUrl: null, archived: false, totalPlays: 2, mostRecentPlay: { eventId: 'e1', eventName: 'Sunday Service', startDatetime: '2024-06-09T19:00:00.000Z', endDatetime: '2024-06-09T22:00:00.000Z' }, nextPlay: null },
    { id: 'b', djName: 'Bass Face', publicName: 'Bea', discordId: '222222222222222222', rtmpUrl: '', twitchUsername: '', avatarUrl: null, archived: false, totalPlays: 0, mostRecentPlay: null, nextPlay: { eventId: 'e9', eventName: 'Next Week', startDatetime: '2024-06-16T19:00:00.000Z', endDatetime: '2024-06-16T22:00:00.000Z' } },
  ],
  meta: { total: 2, matching: 2, earliestEvent: { eventId: 'e0', eventName: 'First Night', startDatetime: '2024-01-07T20:00:00.000Z', endDatetime: '2024-01-07T23:00:00.000Z' } },
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

test('lists the roster with count, earliest event and links, and searches the server by name or Discord ID', async () => {
  renderRoster({
    '/api/djs?archived=hide': json(roster),
    '/api/djs?archived=hide&search=2222': json({ djs: roster.djs.slice(1), meta: { ...roster.meta, matching: 1 } }),
    '/api/djs?archived=hide&search=nobody': json({ djs: [], meta: { ...roster.meta, matching: 0 } }),
    '/api/settings': json(DEFAULT_SETTINGS),
  });
  expect(await screen.findByRole('link', { name: 'Alpha Beats' }, { timeout: 5000 })).toHaveAttribute('href', '/djs/a');
  expect(screen.getByTestId('roster-meta')).toHaveTextContent('2 DJs · Earliest recorded event: First Night');
  expect(screen.getByRole('link', { name: 'First Night (Sun 7 Jan 2024)' })).toHaveAttribute('href', '/events/e0');
  expect(screen.getByRole('link', { name: 'Sun 9 Jun 2024' })).toHaveAttribute('href', '/events/e1');
  // Booked, not played yet: no Most Recent Play, the booking shown as upcoming (issue 34).
  const bass = screen.getByRole('row', { name: /Bass Face/ });
  expect(within(bass).getByTestId('next-play')).toHaveTextContent('Upcoming: Sun 16 Jun 2024');
  expect(within(bass).getByRole('link', { name: 'Sun 16 Jun 2024' })).toHaveAttribute('href', '/events/e9');
  expect(within(screen.getByRole('row', { name: /Alpha Beats/ })).queryByTestId('next-play')).toBeNull();

  await userEvent.type(screen.getByLabelText('Search'), '2222');
  expect(await screen.findByText('1 of 2 DJs', { exact: false })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Alpha Beats' })).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Bass Face' })).toBeInTheDocument();

  await userEvent.clear(screen.getByLabelText('Search'));
  await userEvent.type(screen.getByLabelText('Search'), 'nobody');
  expect(await screen.findByText('No DJs match “nobody”.')).toBeInTheDocument();
});

test('a roster of one says 1 DJ', async () => {
  renderRoster({ '/api/djs?archived=hide': json({ djs: roster.djs.slice(0, 1), meta: { ...roster.meta, total: 1, matching: 1 } }), '/api/settings': json(DEFAULT_SETTINGS) });
  expect(await screen.findByTestId('roster-meta', {}, { timeout: 5000 })).toHaveTextContent(/^1 DJ · /);
});

test('a load failure toasts the spec text naming the contact host', async () => {
  renderRoster({
    '/api/djs?archived=hide': json({ message: 'Something went wrong on the server. Please try again.' }, 500),
    '/api/settings': json({ ...DEFAULT_SETTINGS, contactHostName: 'Ada' }),
  });
  expect(
    await screen.findByText('Problem loading djs.  Please yell at Ada in the coordination channel.', { normalizer: (text) => text }),
  ).toBeInTheDocument();
});

test('"Show archived" lists the archived DJs too, marked Archived', async () => {
  const archived = { ...roster.djs[1]!, id: 'c', djName: 'Cold Storage', archived: true };
  renderRoster({
    '/api/djs?archived=hide': json(roster),
    '/api/djs?archived=include': json({ djs: [...roster.djs, archived], meta: { ...roster.meta, total: 3, matching: 3 } }),
    '/api/settings': json(DEFAULT_SETTINGS),
  });
  expect(await screen.findByRole('link', { name: 'Alpha Beats' }, { timeout: 5000 })).toBeInTheDocument();
  expect(screen.queryByText('Archived')).not.toBeInTheDocument();

  await userEvent.click(screen.getByLabelText('Show archived'));
  const row = (await screen.findByRole('link', { name: 'Cold Storage' })).closest('tr')!;
  expect(row).toHaveTextContent('Archived');
  expect(screen.getByTestId('roster-meta')).toHaveTextContent('3 DJs');
  expect(screen.getAllByText('Archived')).toHaveLength(1);
});

test('a long roster comes a page at a time, with the rows shown and Previous and Next', async () => {
  const many = (from: number, count: number) =>
    Array.from({ length: count }, (_, i) => ({ ...roster.djs[1]!, id: `d${from + i}`, djName: `DJ ${String(from + i).padStart(3, '0')}` }));
  const meta = { ...roster.meta, total: 120, matching: 120 };
  renderRoster({
    '/api/djs?archived=hide': json({ djs: many(1, 50), meta }),
    '/api/djs?archived=hide&offset=50': json({ djs: many(51, 50), meta }),
    '/api/djs?archived=hide&offset=100': json({ djs: many(101, 20), meta }),
    '/api/settings': json(DEFAULT_SETTINGS),
  });
  expect(await screen.findByRole('link', { name: 'DJ 001' }, { timeout: 5000 })).toBeInTheDocument();
  expect(screen.getByTestId('roster-range')).toHaveTextContent('1–50 of 120');
  expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  expect(await screen.findByRole('link', { name: 'DJ 051' })).toBeInTheDocument();
  expect(screen.getByTestId('roster-range')).toHaveTextContent('51–100 of 120');
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  expect(await screen.findByRole('link', { name: 'DJ 120' })).toBeInTheDocument();
  expect(screen.getByTestId('roster-range')).toHaveTextContent('101–120 of 120');
  expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
  expect(await screen.findByRole('link', { name: 'DJ 051' })).toBeInTheDocument();
});
