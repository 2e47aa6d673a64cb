// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SignupArea } from '@shared/schemas/signup';
import { buildSignupArea } from '@shared/testing/builders';
import { json, renderRoutes } from '@client/testing/renderRoutes';
import { StreamTest } from './StreamTest';

// The DJ's "Stream tested" box on their signup page: the deadline beside the button, in the
// series' zone and the DJ's own, said to have passed once the server's clock is past it; gone
// once the stream is tested. Only fetch is stubbed.

// The DJ is in New York; the series plans in London.
vi.mock('@client/lib/zone', () => ({ browserZone: () => 'America/New_York' }));

type Named = NonNullable<SignupArea['named']>;
const area = (named: Partial<Named> = {}): SignupArea => buildSignupArea(named);

const DEADLINE = '2030-06-09T17:00:00.000Z';
let asked: string[];
function renderBox(shown: SignupArea, now: string, afterTest?: SignupArea) {
  asked = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    asked.push(`${init?.method ?? 'GET'} ${url}`);
    if (url === '/api/signup/stream-check?event_id=e1' && (init?.method ?? 'GET') === 'GET') return json({ deadline: DEADLINE, now });
    if (url === '/api/signup/stream-check' && init?.method === 'POST' && afterTest) return json(afterTest);
    return json({}, 404);
  });
  renderRoutes([{ path: '/', element: <StreamTest area={shown} /> }], '/');
}
afterEach(() => vi.unstubAllGlobals());

test('before the deadline: "Test your stream by" the deadline, with both zones named', async () => {
  renderBox(area(), '2030-06-08T12:00:00.000Z');
  expect(await screen.findByText('Test your stream by Sun 9 Jun 2030 · 18:00 London time, 13:00 New York time, then tell the hosts it works.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Stream tested' })).toBeEnabled();
});

test('after the deadline (the server\'s clock): it says the deadline has passed, and the button still works', async () => {
  renderBox(area(), '2030-06-09T17:30:00.000Z', area({ streamTestedAt: '2030-06-09T17:31:00.000Z' }));
  expect(
    await screen.findByText('The deadline to test your stream (Sun 9 Jun 2030 · 18:00 London time, 13:00 New York time) has passed: test it now and tell the hosts it works.'),
  ).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Stream tested' }));
  expect(asked).toContain('POST /api/signup/stream-check');
});

test('tested: the time it was tested, and no deadline is asked for', async () => {
  renderBox(area({ streamTestedAt: '2030-06-09T10:00:00.000Z' }), '2030-06-09T12:00:00.000Z');
  expect(screen.getByTestId('stream-test')).toHaveTextContent('Stream tested: Sun 9 Jun 2030 · 11:00 London time, 06:00 New York time. Thanks!');
  expect(screen.queryByTestId('stream-test-deadline')).not.toBeInTheDocument();
  expect(asked).toEqual([]);
});

test('a signup neither in the lineup nor on standby shows nothing and asks nothing', () => {
  renderBox(area({ slot: null }), '2030-06-09T12:00:00.000Z');
  expect(screen.queryByTestId('stream-test')).not.toBeInTheDocument();
  expect(asked).toEqual([]);
});
