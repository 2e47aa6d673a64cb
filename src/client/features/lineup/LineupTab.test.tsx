// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Dj } from '@shared/schemas/djs';
import type { Signup, Slot } from '@shared/schemas/lineup';
import { slotForSignup } from '@shared/lineup';
import { buildEvent, buildFormData, buildLegacySlot, buildSignup } from '@shared/testing/builders';
import { otherEvents } from '@shared/plays';
import type { EventDetail } from '@shared/schemas/events';
import { EventDraftProvider } from '@client/shared/draft';
import { SeriesZoneProvider } from '@client/lib/useZone';
import { LineupTab } from './LineupTab';

// The browser is in New York; the series plans in London.
vi.mock('@client/lib/zone', () => ({ browserZone: () => 'America/New_York' }));

const START = '2024-06-09T19:00:00.000Z'; // 15:00 in New York
const dj = (id: string, djName: string): Dj => ({ id, discordId: null, publicName: `${djName} pub`, djName, rtmpUrl: '', twitchUsername: '', avatarUrl: null, notes: '' });
const form = (available_to: string) => buildFormData({ name: 'Early', stream_link: 'rtmp://stream.example.org/live/early', available_to, dj_notes: 'Back by nine' });
const signup = (uuid: string, name: string, djRefs: string[], extra: Partial<Signup> = {}): Signup => buildSignup(uuid, { name, djRefs, ...extra });

const signups = [
  signup('s1', 'Early Bird', ['d1'], { formData: form('2024-06-09T19:30:00.000Z') }),
  signup('s2', 'Waiting', ['d2']),
];
const legacy: Slot = buildLegacySlot({ djName: 'Old Timer' });
const stored: EventDetail = buildEvent({
  startDatetime: START, djPlays: ['d1'],
  signups, slots: [slotForSignup(signups[0]!), legacy],
  djs: { d1: dj('d1', 'Early Bird'), d2: dj('d2', 'Waiter') },
  otherEventsByDj: {
    d1: otherEvents([1, 2, 3, 4].map((k) => ({ eventId: `old${k}`, eventName: `Night ${k}`, startDatetime: `2024-0${k}-07T20:00:00.000Z`, endDatetime: `2024-0${k}-07T23:00:00.000Z` })), 'e1', START),
    d2: otherEvents([], 'e1', START),
  },
});

beforeEach(() => {
  vi.stubGlobal('EventSource', class { addEventListener() {} close() {} });
  vi.stubGlobal('fetch', async () => new Response('{}', { status: 404 }));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderTab() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [{ path: '/events/:eventId/lineup', element: <SeriesZoneProvider value="Europe/London"><EventDraftProvider stored={stored}><LineupTab /></EventDraftProvider></SeriesZoneProvider> }],
    { initialEntries: ['/events/e1/lineup'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
}

test('shows slots in local time with conflict warnings in words, a legacy slot and the signups', async () => {
  renderTab();
  const slots = await screen.findAllByTestId('slot-card');
  // The viewer's clock, the series' under it, and the heading says which is which (decision 042).
  expect(slots.map((slot) => slot.querySelector('.slot-time')?.firstChild?.textContent)).toEqual(['15:00', '16:00']);
  expect(slots.map((slot) => slot.querySelector('.slot-time-series')?.textContent)).toEqual(['20:00', '21:00']);
  expect(screen.getByTestId('lineup-zone')).toHaveTextContent('New York time · London time below');
  expect(within(slots[0]!).getByTestId('slot-warnings')).toHaveTextContent(
    'Ends at 16:00 New York time (21:00 London time) but Early Bird is available until 15:30 New York time (20:30 London time)',
  );
  expect(within(slots[0]!).getByText('Available from:').nextSibling).toHaveTextContent('Any Time');
  expect(within(slots[0]!).getByText('Available to:').nextSibling).toHaveTextContent('15:30 New York time (20:30 London time)');
  expect(within(slots[0]!).getByText('Back by nine')).toBeInTheDocument();
  expect(within(slots[0]!).getByText('Other Events (4 total)')).toBeInTheDocument();
  expect(within(slots[0]!).getByRole('link', { name: 'Night 4 (Sun 7 Apr 2024)' })).toHaveAttribute('href', '/events/old4/lineup');
  expect(within(slots[0]!).queryByText(/Night 1/)).not.toBeInTheDocument();
  expect(within(slots[0]!).getByRole('link', { name: 'See all' })).toHaveAttribute('href', '/djs/d1');
  expect(within(slots[1]!).getByText('Legacy slot')).toBeInTheDocument();
  expect(screen.getByRole('group', { name: 'Signup Waiting' })).toBeInTheDocument();
});

test('a shorter duration moves the next slot and clears the warning; Remove Signup asks first', async () => {
  renderTab();
  const first = (await screen.findAllByTestId('slot-card'))[0]!;
  await userEvent.selectOptions(within(first).getByLabelText('Requested Duration'), 'Half Hour');
  expect(screen.getAllByTestId('slot-card').map((slot) => slot.querySelector('.slot-time')?.firstChild?.textContent)).toEqual(['15:00', '15:30']);
  expect(screen.queryByTestId('slot-warnings')).not.toBeInTheDocument();

  // A waiting signup is closed to a line: what it asks for, Add to Lineup; Show Entry opens its editor.
  const card = screen.getByRole('group', { name: 'Signup Waiting' });
  expect(within(card).getByText('Waiter · 1 h · Live')).toBeInTheDocument();
  expect(within(card).getByRole('button', { name: 'Add to Lineup' })).toBeEnabled();
  expect(within(card).queryByLabelText('Requested Duration')).not.toBeInTheDocument();
  await userEvent.click(within(card).getByRole('button', { name: 'Show Entry' }));
  expect(within(card).getByLabelText('Requested Duration')).toBeInTheDocument();
  await userEvent.click(within(card).getByRole('button', { name: 'Hide Entry' }));
  expect(within(card).queryByLabelText('Requested Duration')).not.toBeInTheDocument();
  await userEvent.click(within(card).getByRole('button', { name: 'Signup menu for Waiting' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Remove Signup' }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('You are about to remove the signup Waiting from this event.');
  expect(screen.getByRole('group', { name: 'Signup Waiting' })).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
  expect(screen.queryByRole('group', { name: 'Signup Waiting' })).not.toBeInTheDocument();
});
