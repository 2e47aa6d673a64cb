// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Dj } from '@shared/schemas/djs';
import type { EventDetail } from '@shared/schemas/events';
import type { Signup } from '@shared/schemas/lineup';
import { slotForSignup } from '@shared/lineup';
import { DEFAULT_SETTINGS } from '@shared/schemas/settings';
import { buildEvent, buildSignup } from '@shared/testing/builders';
import { EventDraftProvider } from '@client/shared/draft';
import { useEventDetail } from '@client/shared/events';
import { json, renderRoutes } from '@client/testing/renderRoutes';
import { VerifyDjsTab } from './VerifyDjsTab';

// The Confirmations card on Verify DJs: who confirmed their slot, DJ by DJ, and a host recording
// an answer they got in Discord. Only fetch and the change stream are stubbed.

vi.mock('@client/lib/zone', () => ({ browserZone: () => 'Europe/London' }));

const dj = (id: string, djName: string): Dj => ({ id, discordId: null, publicName: `${djName} pub`, djName, rtmpUrl: '', twitchUsername: '', avatarUrl: null, notes: '' });

/** Aurora (no answer yet), then Boreal b2b Cirrus (Boreal confirmed, Cirrus can't make it); Dawn waits in Signups. */
function eventWith(confirmations: Signup['confirmations']): EventDetail {
  const signups = [
    buildSignup('s1', { name: 'Aurora', djRefs: ['d1'], confirmations: { d1: confirmations.d1 ?? 'proposed' } }),
    buildSignup('s2', { name: 'Night Shift', djRefs: ['d2', 'd3'], confirmations: { d2: 'confirmed', d3: 'declined' } }),
    buildSignup('s3', { name: 'Dawn', djRefs: ['d4'] }),
  ];
  return buildEvent({
    signups,
    slots: signups.slice(0, 2).map((signup) => slotForSignup(signup)),
    djs: { d1: dj('d1', 'Aurora'), d2: dj('d2', 'Boreal'), d3: dj('d3', 'Cirrus'), d4: dj('d4', 'Dawn') },
  });
}

/** As the event page does: the draft is built on the stored event's query, which a recorded answer updates. */
function Page() {
  const event = useEventDetail('e1');
  return event.data ? (
    <EventDraftProvider stored={event.data}>
      <VerifyDjsTab />
    </EventDraftProvider>
  ) : null;
}

let recorded: unknown[];
let answer: () => Response;

function renderVerifyDjs(stored: EventDetail) {
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url === '/api/events/e1/confirmations' && init?.method === 'PUT') {
      recorded.push(JSON.parse(String(init.body)));
      return answer();
    }
    if (url === '/api/events/e1') return json(stored);
    if (url === '/api/settings') return json(DEFAULT_SETTINGS);
    return json({}, 404);
  });
  renderRoutes(
    [{ path: '/events/:eventId/verifyDJs', element: <Page /> }],
    '/events/e1/verifyDJs',
  );
}

beforeEach(() => {
  recorded = [];
  vi.stubGlobal('EventSource', class { addEventListener() {} close() {} });
});
afterEach(() => vi.unstubAllGlobals());

const card = () => screen.getByRole('heading', { name: 'Confirmations' }).closest('.card') as HTMLElement;
const row = (name: RegExp) => screen.getAllByTestId('dj-confirmation').find((item) => name.test(item.textContent ?? ''))!;

test('lists each DJ in the lineup with their answer, and how many confirmed', async () => {
  renderVerifyDjs(eventWith({}));
  expect(await screen.findByRole('heading', { name: 'Confirmations' })).toBeInTheDocument();
  expect(card()).toHaveTextContent('1 of 3 confirmed');
  expect(screen.getAllByTestId('dj-confirmation').map((item) => [item.firstChild?.textContent, within(item).getByTestId('confirmation').textContent])).toEqual([
    ['Aurora', 'Proposed'],
    ['Boreal · Night Shift', 'Confirmed'],
    ['Cirrus · Night Shift', 'Declined'],
  ]);
  // Dawn is not in the lineup: nothing to confirm.
  expect(within(card()).queryByText(/Dawn/)).not.toBeInTheDocument();
  expect(within(row(/^Boreal/)).queryByRole('button')).not.toBeInTheDocument();
  expect(within(row(/^Cirrus/)).getByRole('button', { name: 'Mark Cirrus as confirmed' })).toBeInTheDocument();
});

test('"Mark … as confirmed" records the answer and the card shows it', async () => {
  answer = () => json(eventWith({ d1: 'confirmed' }));
  renderVerifyDjs(eventWith({}));
  await userEvent.click(await screen.findByRole('button', { name: 'Mark Aurora as confirmed' }));

  await waitFor(() => expect(within(row(/^Aurora/)).getByTestId('confirmation')).toHaveTextContent('Confirmed'));
  expect(recorded).toEqual([{ djId: 'd1', confirmation: 'confirmed' }]);
  expect(card()).toHaveTextContent('2 of 3 confirmed');
  expect(screen.queryByRole('button', { name: 'Mark Aurora as confirmed' })).not.toBeInTheDocument();
});

test('a refused answer says why and changes nothing', async () => {
  answer = () => json({ code: 'conflict', message: 'Aurora is no longer in the lineup.' }, 409);
  renderVerifyDjs(eventWith({}));
  await userEvent.click(await screen.findByRole('button', { name: 'Mark Aurora as confirmed' }));

  expect(await screen.findByText('Could not record the confirmation: Aurora is no longer in the lineup.')).toBeInTheDocument();
  expect(within(row(/^Aurora/)).getByTestId('confirmation')).toHaveTextContent('Proposed');
  expect(card()).toHaveTextContent('1 of 3 confirmed');
});

test('no card while the lineup is empty', async () => {
  renderVerifyDjs(buildEvent({ signups: [buildSignup('s3', { name: 'Dawn', djRefs: ['d4'] })], djs: { d4: dj('d4', 'Dawn') } }));
  expect(await screen.findByRole('heading', { name: 'Verify DJs' })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Confirmations' })).not.toBeInTheDocument();
});
