// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SignupArea } from '@shared/schemas/signup';
import { buildSignupArea } from '@shared/testing/builders';
import { json, renderRoutes } from '@client/testing/renderRoutes';
import { SignupSummaryPage } from './SignupSummaryPage';

// The DJ's side of the confirmation: on their signup page, once the hosts slotted them, a card
// with their slot and Confirm / I can't make it (asked again first), and what became of an update
// they sent after being slotted. Only fetch is stubbed.

// The DJ is in New York; the series plans in London.
vi.mock('@client/lib/zone', () => ({ browserZone: () => 'America/New_York' }));

type Named = NonNullable<SignupArea['named']>;
const area = (named: Partial<Named> = {}): SignupArea => buildSignupArea(named);

let answers: unknown[];
function renderSummary(shown: SignupArea, afterAnswer?: (confirmation: string) => Response) {
  answers = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url === '/api/signup/confirmation' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { confirmation: string };
      answers.push(body);
      return afterAnswer?.(body.confirmation) ?? json({}, 500);
    }
    if (url === '/api/signup?event_id=e1') return json(shown);
    return json({}, 404);
  });
  renderRoutes(
    [{ path: '/eventSignup/:eventId', element: <SignupSummaryPage /> }],
    '/eventSignup/e1',
  );
}
afterEach(() => vi.unstubAllGlobals());

const answered = (confirmation: Named['confirmation']) => () => json(area({ confirmation }));
const slotCard = () => screen.getByText('Your slot:').closest('.alert') as HTMLElement;

test('shows the slot in the series\' zone and the DJ\'s own, and Confirm records it', async () => {
  renderSummary(area(), answered('confirmed'));
  expect(await screen.findByText('Your slot:')).toBeInTheDocument();
  expect(slotCard()).toHaveTextContent('Your slot: Aurora, Sun 21:00–22:00 London time, 16:00 New York time');
  expect(within(slotCard()).queryByText('You confirmed this slot.')).not.toBeInTheDocument();

  await userEvent.click(within(slotCard()).getByRole('button', { name: 'Confirm' }));
  expect(await screen.findByText('You confirmed this slot.')).toBeInTheDocument();
  expect(await screen.findByText('Thanks! Your slot is confirmed.')).toBeInTheDocument();
  expect(answers).toEqual([{ event_id: 'e1', confirmation: 'confirmed' }]);
  expect(within(slotCard()).queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
  expect(within(slotCard()).getByRole('button', { name: "I can't make it" })).toBeInTheDocument();
});

test('"I can\'t make it" asks first: Keep my slot sends nothing, Yes tells the hosts', async () => {
  renderSummary(area(), answered('declined'));
  await userEvent.click(await screen.findByRole('button', { name: "I can't make it" }));
  const question = screen.getByRole('group', { name: "Tell the hosts you can't make it?" });
  expect(question).toHaveTextContent('They will look for someone else for this slot.');
  await userEvent.click(within(question).getByRole('button', { name: 'Keep my slot' }));
  expect(screen.queryByRole('group', { name: "Tell the hosts you can't make it?" })).not.toBeInTheDocument();
  expect(answers).toEqual([]);

  await userEvent.click(screen.getByRole('button', { name: "I can't make it" }));
  await userEvent.click(screen.getByRole('button', { name: "Yes, I can't make it" }));
  expect(await screen.findByText("You said you can't make it. The hosts will be in touch.")).toBeInTheDocument();
  expect(await screen.findByText('Thanks for letting the hosts know.')).toBeInTheDocument();
  expect(answers).toEqual([{ event_id: 'e1', confirmation: 'declined' }]);
  // Changing their mind stays possible.
  expect(within(slotCard()).getByRole('button', { name: 'Confirm' })).toBeInTheDocument();
});

test('a refused answer says why and leaves the slot unanswered', async () => {
  renderSummary(area(), () => json({ code: 'signups_closed', message: 'Signups for this event are closed.' }, 409));
  await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
  expect(await screen.findByText('Signups for this event are closed.')).toBeInTheDocument();
  expect(screen.queryByText('You confirmed this slot.')).not.toBeInTheDocument();
  expect(within(slotCard()).getByRole('button', { name: 'Confirm' })).toBeInTheDocument();
});

test('an update waiting for the hosts, and one they dismissed, are told in words', async () => {
  renderSummary(area({ updatePending: true, dismissedChanges: [{ field: 'length', from: '1 h', to: '30 min' }] }));
  expect(await screen.findByText('Your update waits for the hosts: the slot stays as it is until they apply it.')).toBeInTheDocument();
  const dismissed = screen.getByTestId('update-dismissed');
  expect(dismissed).toHaveTextContent('The hosts kept your slot as it is. Your update was not applied:');
  expect(dismissed).toHaveTextContent('Length: the slot stays 1 h; your answer was 30 min.');
  expect(dismissed).toHaveTextContent('If there are questions, please contact Hal.');
});

test('no card before the hosts have put the DJ in the lineup', async () => {
  renderSummary(area({ slot: null }));
  expect(await screen.findByRole('heading', { name: /You are signed up for Sunday Service 12/ })).toBeInTheDocument();
  expect(screen.queryByText('Your slot:')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
});
