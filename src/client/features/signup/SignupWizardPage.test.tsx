// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SignupArea } from '@shared/schemas/signup';
import type { SignupFormData } from '@shared/schemas/signup-answers';
import { buildFormData } from '@shared/testing/builders';
import { json, renderRoutes } from '@client/testing/renderRoutes';
import { SignupWizardPage } from './SignupWizardPage';

// The DJ's four-step wizard as a DJ uses it: what each step asks, the problems that hold Next
// back (the schema's sentences), the questions that appear with an answer, Back, and what Submit
// sends. Only the network is stubbed (at fetch); everything is found by role, label and text, so
// the tests hold however the steps are built.

// The browser is in London; the event starts at 20:00 there (BST).
vi.mock('@client/lib/zone', () => ({ browserZone: () => 'Europe/London' }));

const START = '2030-06-09T19:00:00.000Z';

const area = (signup: SignupFormData | null = null): SignupArea => ({
  event: { id: 'e1', name: 'Sunday Service 12', startDatetime: START, signupsAreOpen: true, cancelled: false, full: false, host: 'Hal' },
  dj: { id: 'd1', djName: 'Aurora', publicName: 'Aurora Pub' },
  signup,
  named: null,
  closesAt: null,
  seriesZone: 'Europe/London',
  contactHostName: 'Hal',
  previousStreamLinks: [],
});

let sent: unknown[];
let submitStatus: number;

function renderWizard(signup: SignupFormData | null = null) {
  sent = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url === '/api/signup' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as SignupFormData;
      sent.push(body);
      return submitStatus === 200
        ? json({ signup: body })
        : json({ code: 'signups_closed', message: 'Signups for this event are closed.' }, submitStatus);
    }
    if (url === '/api/signup?event_id=e1') return json(area(signup));
    return json({}, 404);
  });
  return renderRoutes(
    [
      { path: '/eventSignup/:eventId', element: <h1>Signup summary</h1> },
      { path: '/eventSignup/:eventId/wizard', element: <SignupWizardPage /> },
    ],
    '/eventSignup/e1/wizard',
  );
}

beforeEach(() => {
  submitStatus = 200;
  // Answers a test left unsent stay in the tab's storage: each test starts with none.
  window.sessionStorage.clear();
  // Each step scrolls to the top, which jsdom does not do.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const next = () => userEvent.click(screen.getByRole('button', { name: 'Next' }));
const back = () => userEvent.click(screen.getByRole('button', { name: 'Back' }));
const stepTitle = () => screen.getByRole('heading', { level: 2 });
const group = (name: string) => screen.getByRole('group', { name });

/**
 * Waits for step n (1–4): its title shown and focused, as the wizard does for keyboard and
 * screen-reader users a frame after the step changes (typing before that would lose keys to it).
 */
async function onStep(n: number) {
  expect(await screen.findByText(`Step ${n} of 4:`)).toBeInTheDocument();
  await waitFor(() => expect(stepTitle()).toHaveFocus());
}

/** Next, then step n shown (the answers so far pass). */
async function nextTo(n: number) {
  await next();
  await onStep(n);
}

/** Back, to step n. */
async function backTo(n: number) {
  await back();
  await onStep(n);
}

/** Fills step 1 as a DJ would: a one-hour live set, not back to back. */
async function answerPerformance(type: 'Live' | 'Prerecord' = 'Live') {
  await userEvent.click(within(group('How long would you like to play?')).getByLabelText('One Hour'));
  await userEvent.click(within(group('Live or prerecorded?')).getByLabelText(type));
}

test('step 1: starts with the DJ\'s name and not B2B; a missing duration and type hold Next back with the schema\'s words', async () => {
  renderWizard();
  expect(await screen.findByRole('heading', { name: /SignUp: Sunday Service 12 -/ })).toBeInTheDocument();
  expect(stepTitle()).toHaveTextContent('Step 1 of 4: Performance Details');
  expect(screen.getByRole('progressbar', { name: 'Step 1 of 4' })).toHaveAttribute('aria-valuenow', '25');
  expect(screen.getByLabelText('Name')).toHaveValue('Aurora');
  expect(within(group('Is this a back to back (B2B) set?')).getByLabelText('No')).toBeChecked();
  expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();

  await userEvent.clear(screen.getByLabelText('Name'));
  await next();
  expect(await screen.findByText('Please enter your DJ name.')).toBeInTheDocument();
  expect(screen.getByText('Please choose a duration.')).toBeInTheDocument();
  expect(screen.getByText('Please choose live or prerecorded.')).toBeInTheDocument();
  expect(stepTitle()).toHaveTextContent('Step 1 of 4');

  await userEvent.type(screen.getByLabelText('Name'), 'Aurora Live');
  await answerPerformance();
  expect(screen.queryByText('Please choose a duration.')).not.toBeInTheDocument();
  await nextTo(2);
  expect(stepTitle()).toHaveTextContent('Availability');
});

test('step 1: "Yes" to back to back asks for the other members, and Next needs them', async () => {
  renderWizard();
  await screen.findByLabelText('Name');
  expect(screen.queryByLabelText('Other B2B members')).not.toBeInTheDocument();

  await userEvent.click(within(group('Is this a back to back (B2B) set?')).getByLabelText('Yes'));
  expect(screen.getByLabelText('Other B2B members')).toBeInTheDocument();
  await answerPerformance();
  await next();
  expect(await screen.findByText('Please list the other B2B members.')).toBeInTheDocument();
  expect(stepTitle()).toHaveTextContent('Step 1 of 4');

  await userEvent.type(screen.getByLabelText('Other B2B members'), 'Boreal');
  await nextTo(2);
});

test('step 2: offers Any Time and the event\'s hours in the DJ\'s zone, and refuses "to" before "from"', async () => {
  renderWizard();
  await screen.findByLabelText('Name');
  await answerPerformance();
  await nextTo(2);
  expect(screen.getByText('When could you play? Times are in your time zone (Europe/London).')).toBeInTheDocument();
  const from = screen.getByLabelText('Available from');
  expect(within(from).getAllByRole('option').map((option) => option.textContent)).toEqual([
    'Any Time', '20:00', '21:00', '22:00', '23:00', '00:00', '01:00', '02:00',
  ]);
  expect(from).toHaveDisplayValue('Any Time');
  expect(screen.getByLabelText('Available to')).toHaveDisplayValue('Any Time');

  await userEvent.selectOptions(from, '22:00');
  await userEvent.selectOptions(screen.getByLabelText('Available to'), '21:00');
  await next();
  expect(await screen.findByText('"Available to" cannot be before "Available from".')).toBeInTheDocument();
  expect(stepTitle()).toHaveTextContent('Step 2 of 4');

  await userEvent.selectOptions(screen.getByLabelText('Available to'), '23:00');
  await nextTo(3);
});

test('step 3: a live set needs a stream link; a prerecorded one may leave it empty', async () => {
  renderWizard();
  await screen.findByLabelText('Name');
  await answerPerformance('Live');
  await nextTo(2);
  await nextTo(3);
  expect(stepTitle()).toHaveTextContent('Stream Details');
  await next();
  expect(await screen.findByText('A stream link is required for a live set.')).toBeInTheDocument();
  expect(stepTitle()).toHaveTextContent('Step 3 of 4');

  // Back to step 1 (answers kept), prerecorded instead: the link becomes optional.
  await backTo(2);
  await backTo(1);
  expect(within(group('Live or prerecorded?')).getByLabelText('Live')).toBeChecked();
  await userEvent.click(within(group('Live or prerecorded?')).getByLabelText('Prerecord'));
  await nextTo(2);
  await nextTo(3);
  expect(screen.getByLabelText('Stream link (optional)')).toHaveValue('');
  await nextTo(4);
});

test('step 4: Submit needs the expectations ticked, then sends every answer and goes to the summary', async () => {
  const router = renderWizard();
  await screen.findByLabelText('Name');
  await userEvent.click(within(group('Is this a back to back (B2B) set?')).getByLabelText('Yes'));
  await userEvent.type(screen.getByLabelText('Other B2B members'), 'Boreal');
  await userEvent.click(within(group('How long would you like to play?')).getByLabelText('Half Hour'));
  await userEvent.click(within(group('Live or prerecorded?')).getByLabelText('Live'));
  await nextTo(2);
  await userEvent.selectOptions(screen.getByLabelText('Available from'), '21:00');
  await nextTo(3);
  await userEvent.type(screen.getByLabelText('Stream link'), 'rtmp://stream.example.org/live/aurora');
  await nextTo(4);
  expect(stepTitle()).toHaveTextContent('Expectations and Notes');
  expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();

  await userEvent.type(screen.getByLabelText('Notes for the hosts (optional)'), 'Bringing vinyl');
  await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
  expect(await screen.findByText('Please confirm the expectations to continue.')).toBeInTheDocument();
  expect(sent).toEqual([]);

  await userEvent.click(screen.getByLabelText('I have read and agree to these expectations.'));
  await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
  expect(await screen.findByRole('heading', { name: 'Signup summary' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/eventSignup/e1');
  // Every answer: the ones the DJ gave, each other one as its default.
  expect(sent).toEqual([
    buildFormData({
      name: 'Aurora',
      is_b2b: true,
      b2b_members_response: 'Boreal',
      requested_duration: 0.5,
      type: 'LIVE',
      stream_link: 'rtmp://stream.example.org/live/aurora',
      available_from: '2030-06-09T20:00:00.000Z',
      confirm_expectations: true,
      dj_notes: 'Bringing vinyl',
    }),
  ]);
});

test('Back keeps every answer given on the later steps too', async () => {
  renderWizard();
  await screen.findByLabelText('Name');
  await answerPerformance();
  await nextTo(2);
  await userEvent.selectOptions(screen.getByLabelText('Available from'), '20:00');
  await userEvent.selectOptions(screen.getByLabelText('Available to'), '22:00');
  await nextTo(3);
  await userEvent.type(screen.getByLabelText('Stream link'), 'rtmp://stream.example.org/live/aurora');

  await backTo(2);
  expect(screen.getByLabelText('Available from')).toHaveDisplayValue('20:00');
  expect(screen.getByLabelText('Available to')).toHaveDisplayValue('22:00');
  await backTo(1);
  expect(within(group('How long would you like to play?')).getByLabelText('One Hour')).toBeChecked();
  await nextTo(2);
  await nextTo(3);
  expect(screen.getByLabelText('Stream link')).toHaveValue('rtmp://stream.example.org/live/aurora');
});

test('an existing signup fills the wizard; a refused submission says why and keeps the answers', async () => {
  submitStatus = 409;
  renderWizard(buildFormData({ name: 'Aurora B2B', is_b2b: true, b2b_members_response: 'Boreal', type: 'PRERECORD', available_to: '2030-06-09T21:00:00.000Z', dj_notes: 'Hi' }));
  expect(await screen.findByLabelText('Name')).toHaveValue('Aurora B2B');
  expect(screen.getByLabelText('Other B2B members')).toHaveValue('Boreal');
  expect(within(group('Live or prerecorded?')).getByLabelText('Prerecord')).toBeChecked();
  await nextTo(2);
  expect(screen.getByLabelText('Available to')).toHaveDisplayValue('22:00');
  await nextTo(3);
  await nextTo(4);
  expect(screen.getByLabelText('I have read and agree to these expectations.')).toBeChecked();
  await userEvent.click(screen.getByRole('button', { name: 'Submit' }));

  expect(await screen.findByText('Your signup was not saved: Signups for this event are closed.')).toBeInTheDocument();
  expect(await screen.findByText('Response status: 409. Signups for this event are closed.')).toBeInTheDocument();
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(stepTitle()).toHaveTextContent('Step 4 of 4');
  expect(screen.getByLabelText('Notes for the hosts (optional)')).toHaveValue('Hi');
});

// Issue 34: a phone's Back gesture, leaving with answers not sent, a reload, a double click.

/** Steps 1 to 3 answered: a one-hour live set from 21:00, and on step 3 a stream link typed. */
async function answeredToStep3() {
  await screen.findByLabelText('Name');
  await answerPerformance();
  await nextTo(2);
  await userEvent.selectOptions(screen.getByLabelText('Available from'), '21:00');
  await nextTo(3);
  await userEvent.type(screen.getByLabelText('Stream link'), 'rtmp://stream.example.org/live/aurora');
}

test("the browser's Back goes back a step and Forward returns, every answer kept; each step has its address", async () => {
  const router = renderWizard();
  await answeredToStep3();
  expect(router.state.location.search).toBe('?step=3');
  await act(() => router.navigate(-1));
  await onStep(2);
  expect(screen.getByLabelText('Available from')).toHaveDisplayValue('21:00');
  await act(() => router.navigate(-1));
  await onStep(1);
  expect(within(group('How long would you like to play?')).getByLabelText('One Hour')).toBeChecked();
  await act(() => router.navigate(2));
  await onStep(3);
  expect(screen.getByLabelText('Stream link')).toHaveValue('rtmp://stream.example.org/live/aurora');
  // The wizard's own Back uses the same entries: one entry per step, however the DJ moves.
  await backTo(2);
  expect(router.state.location.search).toBe('?step=2');
});

test('leaving with answers not sent asks first: Stay keeps them, Leave goes and forgets them', async () => {
  const router = renderWizard();
  await answeredToStep3();
  await act(() => router.navigate('/eventSignup/e1'));
  const question = await screen.findByRole('dialog', { name: 'Are You sure?' });
  expect(question).toHaveTextContent('Your signup is not sent yet. Leaving now discards your answers.');
  await userEvent.click(within(question).getByRole('button', { name: 'Stay' }));
  expect(router.state.location.pathname).toBe('/eventSignup/e1/wizard');
  expect(screen.getByLabelText('Stream link')).toHaveValue('rtmp://stream.example.org/live/aurora');

  await act(() => router.navigate('/eventSignup/e1'));
  await userEvent.click(within(await screen.findByRole('dialog', { name: 'Are You sure?' })).getByRole('button', { name: 'Leave' }));
  expect(await screen.findByRole('heading', { name: 'Signup summary' })).toBeInTheDocument();
  expect(window.sessionStorage.length).toBe(0);
});

test('nothing to lose, nothing asked: an untouched wizard is left at once', async () => {
  const router = renderWizard();
  await screen.findByLabelText('Name');
  await act(() => router.navigate('/eventSignup/e1'));
  expect(await screen.findByRole('heading', { name: 'Signup summary' })).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('answers not sent come back after a reload (kept in the tab), and Start over drops them', async () => {
  renderWizard();
  await answeredToStep3();
  cleanup();
  const router = renderWizard();
  expect(await screen.findByTestId('answers-kept')).toHaveTextContent('Your answers from before are back: they are not sent yet.');
  expect(within(group('How long would you like to play?')).getByLabelText('One Hour')).toBeChecked();
  await nextTo(2);
  expect(screen.getByLabelText('Available from')).toHaveDisplayValue('21:00');
  await nextTo(3);
  expect(screen.getByLabelText('Stream link')).toHaveValue('rtmp://stream.example.org/live/aurora');

  await userEvent.click(screen.getByRole('button', { name: 'Start over' }));
  await onStep(1);
  expect(within(group('How long would you like to play?')).getByLabelText('One Hour')).not.toBeChecked();
  expect(screen.queryByTestId('answers-kept')).not.toBeInTheDocument();
  expect(window.sessionStorage.length).toBe(0);
  expect(router.state.location.pathname).toBe('/eventSignup/e1/wizard');
});

test('a double-clicked Submit sends the signup once', async () => {
  renderWizard();
  await answeredToStep3();
  await nextTo(4);
  await userEvent.click(screen.getByLabelText('I have read and agree to these expectations.'));
  await userEvent.dblClick(screen.getByRole('button', { name: 'Submit' }));
  expect(await screen.findByRole('heading', { name: 'Signup summary' })).toBeInTheDocument();
  expect(sent).toHaveLength(1);
  expect(window.sessionStorage.length).toBe(0);
});

test('a double-clicked Next moves one step: the Submit that takes its place is not pressed', async () => {
  renderWizard();
  await answeredToStep3();
  await userEvent.dblClick(screen.getByRole('button', { name: 'Next' }));
  await onStep(4);
  expect(screen.queryByText('Please confirm the expectations to continue.')).not.toBeInTheDocument();
  expect(sent).toEqual([]);
});
