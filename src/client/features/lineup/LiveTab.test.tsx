// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { LiveMark } from '@shared/domain';
import type { Dj } from '@shared/schemas/djs';
import type { EventDetail, SaveEventBody } from '@shared/schemas/events';
import { slotForSignup } from '@shared/lineup';
import { buildEvent, buildSignup } from '@shared/testing/builders';
import { SeriesZoneProvider } from '@client/lib/useZone';
import { EventDraftProvider, useDraftEdits, useDraftStatus } from '@client/shared/draft';
import { useEventDetail } from '@client/shared/events';
import { LiveTab } from './LiveTab';

// The live board's Swap in standby (issue 35): for a slot whose DJ is not on air, while a DJ is on
// standby; the standby takes the slot and the lineup is saved at once (the event's save, with the
// post telling the standby of their slot, shown first), never with other unsaved edits. Only the
// network is stubbed.

vi.mock('@client/lib/zone', () => ({ browserZone: () => 'Europe/London' }));

const START = '2030-06-09T19:00:00.000Z';
const MINUTE = 60_000;
const dj = (id: string, djName: string, discordId: string | null = null): Dj => ({ id, discordId, publicName: djName, djName, rtmpUrl: '', twitchUsername: '', avatarUrl: null, notes: '' });
const rex = buildSignup('s-rex', { name: 'Rex', djRefs: ['d-rex'] });
const closer = buildSignup('s-closer', { name: 'Closer', djRefs: ['d-closer'] });
const dana = buildSignup('s-dana', { name: 'Dana', djRefs: ['d-dana'], standby: true });
const djs = { 'd-rex': dj('d-rex', 'Rex'), 'd-closer': dj('d-closer', 'Closer'), 'd-dana': dj('d-dana', 'Dana', '223456789012345678') };

let current: EventDetail;
let saves: SaveEventBody[];
let marks: Record<string, LiveMark>;

function night(signups = [rex, closer, dana]): EventDetail {
  return buildEvent({
    id: 'e1', startDatetime: START, endDatetime: new Date(Date.parse(START) + 120 * MINUTE).toISOString(), published: true, version: 5,
    signups, slots: [slotForSignup(rex), slotForSignup(closer)], djs,
  });
}

beforeEach(() => {
  saves = [];
  marks = {};
  vi.stubGlobal('EventSource', class { addEventListener() {} close() {} });
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url === '/api/events/e1/live') return Response.json({ now: new Date(Date.parse(START) + 15 * MINUTE).toISOString(), marks });
    if (url === '/api/events/e1/discord') return Response.json({ posts: [], webhooks: { announcements: false, scheduling: true } });
    if (url === '/api/events/e1' && init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as SaveEventBody;
      saves.push(body);
      current = { ...current, signups: body.signups as EventDetail['signups'], slots: body.slots, version: current.version + 1 };
      return Response.json(current);
    }
    if (url === '/api/events/e1') return Response.json(current);
    return new Response('{}', { status: 404 });
  });
});
afterEach(() => vi.unstubAllGlobals());

/** An edit made elsewhere on the event page (the Lineup tab), not saved yet; and whether the draft has unsaved changes. */
function UnsavedEdit() {
  const { setDraft } = useDraftEdits();
  const { isDirty } = useDraftStatus();
  return (
    <button type="button" data-dirty={isDirty} onClick={() => setDraft((draft) => ({ ...draft, name: `${draft.name} (edited)` }))}>
      Edit elsewhere
    </button>
  );
}

function renderBoard(stored: EventDetail) {
  current = stored;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // As the event page: the stored event is the query's (a save puts its answer there).
  const Page = () => {
    const event = useEventDetail('e1');
    if (!event.data) return null;
    return (
      <SeriesZoneProvider value="Europe/London">
        <EventDraftProvider stored={event.data}>
          <UnsavedEdit />
          <LiveTab />
        </EventDraftProvider>
      </SeriesZoneProvider>
    );
  };
  const router = createMemoryRouter([{ path: '/events/:eventId/live', element: <Page /> }], { initialEntries: ['/events/e1/live'] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
}

/** A slot's row in All slots, and its Swap in standby (named for the slot to a screen reader; jsdom leaves the hidden words out). */
const swapButton = (name: string) => {
  const row = screen.getAllByRole('listitem').find((item) => item.querySelector('.fw-semibold')?.textContent === name)!;
  return within(row).queryByRole('button', { name: /^Swap in standby/ });
};

test('a no-show\'s slot: Swap in standby shows the post to the standby, then saves the swapped lineup at once', async () => {
  marks = { 's-rex': 'no_show' };
  renderBoard(night());
  expect(await screen.findByTestId('live-now')).toHaveTextContent('Rex');
  await userEvent.click(swapButton('Rex')!);
  const dialog = await screen.findByRole('dialog', { name: 'Swap in standby' });
  expect(dialog).toHaveTextContent("The standby takes over Rex's slot at 20:00 London time for 1 h; Rex goes back to the signups. Swap in saves the lineup at once");
  expect(within(dialog).getByLabelText('Standby to swap in')).toHaveDisplayValue('Dana');
  // What Dana would be told, ticked as the event is published (as the Save bar would).
  const tell = await within(dialog).findByLabelText('Tell Dana in Discord of their new or moved slot');
  expect(tell).toBeChecked();
  expect(within(dialog).getByText('Preview the post').closest('details')).toHaveTextContent('<@223456789012345678>');

  await userEvent.click(within(dialog).getByRole('button', { name: 'Swap in' }));
  await waitFor(() => expect(saves).toHaveLength(1));
  expect(saves[0]).toMatchObject({ baseVersion: 5, notifyDjs: true, slots: [{ signupUuid: 's-dana' }, { signupUuid: 's-closer' }] });
  expect(saves[0]!.signups.find((signup) => signup.uuid === 's-dana')).toMatchObject({ standby: false });
  expect(saves[0]!.signups.map((signup) => signup.uuid)).toContain('s-rex');
  expect(await screen.findByText('Event saved.')).toBeInTheDocument();
  // No unsaved changes are left behind, and the board plays the standby.
  expect(screen.getByRole('button', { name: 'Edit elsewhere' })).toHaveAttribute('data-dirty', 'false');
  expect(screen.getByTestId('live-now')).toHaveTextContent('Dana');
});

test('offered only while a DJ is on standby, never for a slot on air', async () => {
  marks = { 's-rex': 'on_air' };
  renderBoard(night());
  expect(await screen.findByTestId('live-now')).toHaveTextContent('Rex');
  expect(swapButton('Rex')).not.toBeInTheDocument();
  // Closer has not gone on air yet: the host may swap the standby in there.
  expect(swapButton('Closer')).toBeInTheDocument();
});

test('no standby, no Swap in standby', async () => {
  marks = { 's-rex': 'no_show' };
  renderBoard(night([rex, closer, { ...dana, standby: false }]));
  expect(await screen.findByTestId('live-now')).toHaveTextContent('Rex');
  expect(swapButton('Rex')).not.toBeInTheDocument();
});

test('with other unsaved edits it saves nothing and says to save or discard them first', async () => {
  marks = { 's-rex': 'no_show' };
  renderBoard(night());
  await screen.findByTestId('live-now');
  await userEvent.click(screen.getByRole('button', { name: 'Edit elsewhere' }));
  await userEvent.click(swapButton('Rex')!);
  const dialog = await screen.findByRole('dialog', { name: 'Swap in standby' });
  expect(dialog).toHaveTextContent('This event has unsaved changes: save or discard them first (the bar at the bottom), then swap.');
  await userEvent.click(within(dialog).getByText('Close', { selector: 'button' }));
  expect(saves).toEqual([]);
});
