// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EventDetail } from '@shared/schemas/events';
import { buildEvent, buildSignup, buildSlot } from '@shared/testing/builders';
import { EventPage } from './EventPage';
import { SetupTab } from './SetupTab';
import { json, renderRoutes } from '@client/testing/renderRoutes';

// The event page when its data fails to load (it says what failed and offers Retry, never an
// endless spinner), and when the stored event holds values today's rules refuse (shown as stored,
// with a list of what to fix and where; decision 033). Only the network is stubbed.

vi.mock('@client/lib/zone', () => ({ browserZone: () => 'Europe/London' }));

class QuietEventSource {
  addEventListener() {}
  close() {}
}

let answers: Array<() => Response>;
let requests: number;

beforeEach(() => {
  requests = 0;
  vi.stubGlobal('EventSource', QuietEventSource);
  vi.stubGlobal('fetch', async (url: string) => {
    if (url !== '/api/events/e1') return json({}, 404);
    requests += 1;
    return (answers.shift() ?? answers.at(-1) ?? (() => json({}, 500)))();
  });
});
afterEach(() => vi.unstubAllGlobals());

const TABS = [{ tab: 'setup' as const, label: 'Setup', module: 'features/events/screens.ts', load: async () => SetupTab }];

function renderEventPage() {
  renderRoutes([{ path: '/events/:eventId', element: <EventPage tabs={TABS} />, children: [{ path: 'setup', element: <SetupTab /> }] }], '/events/e1/setup');
}

const serverError = () => json({ code: 'internal', message: 'The server could not answer: try again in a moment.' }, 500);

test('a failed load says what failed and why, and Retry loads the event', async () => {
  const event = buildEvent({ id: 'e1', name: 'Sunday Service 12' });
  answers = [serverError, () => json(event)];
  renderEventPage();

  const alert = await screen.findByRole('alert');
  expect(within(alert).getByRole('heading', { name: 'Failed to load the event.' })).toBeInTheDocument();
  expect(alert).toHaveTextContent('The server could not answer: try again in a moment.');
  expect(within(alert).getByRole('link', { name: 'Back to Events' })).toHaveAttribute('href', '/events');
  expect(screen.queryByRole('status')).not.toBeInTheDocument();

  await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Sunday Service 12' })).toBeInTheDocument();
  expect(screen.queryByText('Failed to load the event.')).not.toBeInTheDocument();
  expect(requests).toBe(2);
});

test('stored values today\'s rules refuse are shown as stored, with what to fix and where; a fix in the draft takes its line away', async () => {
  const longName = `B2B ${'x'.repeat(220)}`;
  const event: EventDetail = buildEvent({
    id: 'e1',
    // As the original tool stored them: a line break in the name, a signup name over 200 characters, a link no rule takes.
    name: 'Sunday\nService',
    signups: [buildSignup('a', { name: longName })],
    slots: [buildSlot('a', { streamSourceUrl: 'http://old.example.org/live', streamSourceType: 'RTMP' })],
  });
  answers = [() => json(event)];
  renderEventPage();

  // As stored: the heading keeps the line break (an input cannot show one).
  expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Sunday\nService');
  const problems = screen.getByTestId('stored-problems');
  expect(within(problems).getByRole('heading', { name: 'Some stored values need fixing' })).toBeInTheDocument();
  const items = within(problems).getAllByRole('listitem');
  // Each on its tab (only Setup is a tab of this page; the others are named by their address).
  expect(items.map((item) => item.textContent)).toEqual([
    'Setup: Event name must be one line, without line breaks or control characters.',
    `lineup, Signup "B2B ${'x'.repeat(35)}…": Signup name must be at most 200 characters.`,
    'technicalDetails, Slot 1: The stream source URL must be a VRCDN link (rtspt://stream.vrcdn.live/live/NAME or vrcdn:NAME), a Twitch channel (twitch.tv/NAME or twitch:NAME), a YouTube live link, a link to a recording, or an rtmp://, rtmps://, rtsp://, rtspt://, srt:// or https:// address.',
  ]);
  expect(within(items[0]!).getByRole('link', { name: 'Setup' })).toHaveAttribute('href', '/events/e1/setup');

  await userEvent.clear(screen.getByLabelText('Event Name'));
  await userEvent.type(screen.getByLabelText('Event Name'), 'Sunday Service');
  expect(within(screen.getByTestId('stored-problems')).getAllByRole('listitem')).toHaveLength(2);
  expect(screen.getByTestId('stored-problems')).not.toHaveTextContent('Event name must be one line');
});
