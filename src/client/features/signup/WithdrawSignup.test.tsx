// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SignupArea } from '@shared/schemas/signup';
import { buildFormData } from '@shared/testing/builders';
import { json, renderRoutes } from '@client/testing/renderRoutes';
import { SignupSummaryPage } from './SignupSummaryPage';

// Issue 34 item 3 on the DJ's signup page: Withdraw signup, asked again first; once withdrawn the
// page says so and offers to sign up again; in the lineup the slot's "I can't make it" stands in.

vi.mock('@client/lib/zone', () => ({ browserZone: () => 'Europe/London' }));

type Named = NonNullable<SignupArea['named']>;
const area = (named: Partial<Named> = {}): SignupArea => ({
  event: { id: 'e1', name: 'Sunday Service 12', startDatetime: '2030-06-09T19:00:00.000Z', signupsAreOpen: true, cancelled: false, full: false, host: 'Hal' },
  dj: { id: 'd1', djName: 'Aurora', publicName: 'Aurora Pub' },
  signup: buildFormData({ name: 'Aurora live' }),
  named: { signupName: 'Aurora live', slot: null, answersByOther: false, confirmation: 'proposed', updatePending: false, dismissedChanges: [], standby: false, streamTestedAt: null, ...named },
  closesAt: null,
  seriesZone: 'Europe/London',
  contactHostName: 'Hal',
  previousStreamLinks: [],
});

let withdrawals: unknown[];
function renderSummary(shown: SignupArea) {
  withdrawals = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url === '/api/signup/withdrawal' && init?.method === 'POST') {
      withdrawals.push(JSON.parse(String(init.body)));
      return json(area({ confirmation: 'declined' }));
    }
    if (url === '/api/signup?event_id=e1') return json(shown);
    return json({}, 404);
  });
  renderRoutes([{ path: '/eventSignup/:eventId', element: <SignupSummaryPage /> }], '/eventSignup/e1');
}
afterEach(() => vi.unstubAllGlobals());

test('Withdraw signup asks first; Keep my signup sends nothing; Yes, withdraw tells the hosts and the page says so', async () => {
  renderSummary(area());
  await userEvent.click(await screen.findByRole('button', { name: 'Withdraw signup' }));
  const question = screen.getByRole('group', { name: 'Withdraw your signup?' });
  expect(question).toHaveTextContent('Withdraw your signup for Sunday Service 12?');
  await userEvent.click(within(question).getByRole('button', { name: 'Keep my signup' }));
  expect(withdrawals).toEqual([]);
  expect(screen.getByRole('heading', { name: /^You are signed up for Sunday Service 12/ })).toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Withdraw signup' }));
  await userEvent.click(within(screen.getByRole('group', { name: 'Withdraw your signup?' })).getByRole('button', { name: 'Yes, withdraw' }));
  expect(await screen.findByRole('heading', { name: /^You withdrew your signup for Sunday Service 12/ })).toBeInTheDocument();
  expect(withdrawals).toEqual([{ event_id: 'e1' }]);
  expect(screen.getByTestId('withdrawn')).toHaveTextContent('The hosts have been told you are out.');
  expect(screen.getByRole('link', { name: 'Sign up again' })).toHaveAttribute('href', '/eventSignup/e1/wizard');
  expect(screen.queryByRole('button', { name: 'Withdraw signup' })).not.toBeInTheDocument();
});

test('in the lineup there is no Withdraw: the slot card asks "I can\'t make it"', async () => {
  renderSummary(area({ slot: { startTime: '2030-06-09T19:00:00.000Z', endTime: '2030-06-09T20:00:00.000Z' } }));
  expect(await screen.findByRole('button', { name: "I can't make it" })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Withdraw signup' })).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Update Signup' })).toBeInTheDocument();
});
