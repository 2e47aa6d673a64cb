// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import type { Me } from '@shared/schemas/auth';
import type { PublicLineup } from '@shared/schemas/public';
import type { SignupArea } from '@shared/schemas/signup';
import { buildFormData } from '@shared/testing/builders';
import { prerenderToNodeStream } from 'react-dom/static';
import { startApp } from './app/startApp';
import { renderAppPage } from './entry-server';
import { PublicFrame } from './features/public/PublicFrame';
import { PublicLineupView } from './features/public/PublicLineupView';

// What the server renders, the browser hydrates without a mismatch: React reports any to
// console.error, so every test fails on one.

// Here the server's renderer and the browser's run in one process, one after the other, on the
// same context objects, which React's development build reports; a server and a browser never share them.
const ONE_PROCESS_ONLY = /^Detected multiple renderers concurrently rendering the same context provider/;

let errors: unknown[][];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args) => {
    if (!ONE_PROCESS_ONLY.test(String(args[0]))) errors.push(args);
  });
  document.body.innerHTML = '';
});
const started: { unmount(): void }[] = [];
afterEach(() => {
  act(() => started.splice(0).forEach((root) => root.unmount()));
  vi.restoreAllMocks();
});

const START = '2030-06-09T19:00:00.000Z'; // 20:00 in London (BST), 19:00 UTC (the browser here)

const lineup: PublicLineup = {
  seriesName: 'Sunday Service',
  seriesZone: 'Europe/London',
  live: null,
  event: {
    id: 'e1',
    name: 'Sunday Service 12',
    startDatetime: START,
    endDatetime: '2030-06-09T21:00:00.000Z',
    cancelled: false,
    host: 'Hal',
    links: [{ label: 'Watch on Twitch', url: 'https://twitch.tv/sunday' }],
    slots: [
      { name: 'Aurora', startTime: START, endTime: '2030-06-09T20:00:00.000Z', isDebut: false },
      { name: 'Boreal', startTime: '2030-06-09T20:00:00.000Z', endTime: '2030-06-09T21:00:00.000Z', isDebut: true },
    ],
  },
};

test('a public lineup page rendered on the server hydrates without a mismatch', async () => {
  const page = (
    <PublicFrame>
      <PublicLineupView lineup={lineup} visitorZone={null} />
    </PublicFrame>
  );
  const container = document.createElement('div');
  container.innerHTML = renderToString(page);
  document.body.append(container);
  // The visitor's column is written in the series' zone until the page's script writes it again.
  expect(within(container).getByRole('row', { name: '20:00 20:00 Aurora' })).toBeVisible();

  await act(async () => {
    started.push(hydrateRoot(container, page));
  });
  expect(errors).toEqual([]);
  expect(within(container).getByRole('heading', { name: 'Sunday Service 12', level: 1 })).toBeVisible();
});

const me: Me = { djId: 'd1', publicName: 'Dana', avatarUrl: null, roles: ['dj'], seriesZone: 'Europe/London' };
const area: SignupArea = {
  event: { id: 'e1', name: 'Sunday Service 12', startDatetime: START, signupsAreOpen: true, cancelled: false, full: false, host: 'Hal' },
  dj: { id: 'd1', djName: 'Dana', publicName: 'Dana' },
  signup: buildFormData({ name: 'Dana Live', stream_link: 'rtmp://stream.example.org/live/dana', available_from: START }),
  named: { signupName: 'Dana Live', slot: { startTime: START, endTime: '2030-06-09T20:00:00.000Z' }, answersByOther: false, confirmation: 'proposed', updatePending: false, dismissedChanges: [], standby: false, streamTestedAt: null },
  closesAt: null,
  seriesZone: 'Europe/London',
  contactHostName: 'Hal',
  previousStreamLinks: [],
};

/**
 * React's server renderer leaves the context values of its last render in place (nothing else
 * runs on a server); here the browser's renderer runs next, in the same process, on the same
 * context objects. Rendering nothing on the server puts them back.
 */
async function forgetServerContexts() {
  await prerenderToNodeStream(<></>);
}

/**
 * How long the browser's part may take to arrive (hydration in slices, then a lazy module): a
 * busy machine takes seconds where a quiet one takes a fraction of one.
 */
const SETTLING = { timeout: 15_000 };

/** What the server's API answers Dana, by address. */
const answers: Record<string, unknown> = { '/api/me': me, '/api/signup?event_id=e1': area };
const api = async (url: string) => (url in answers ? { status: 200, body: answers[url] } : { status: 404, body: { code: 'not_found' } });

/** The page as the server sends it, at its address, then the browser's start. */
async function serveAndStart(url: string, zone: string) {
  const rendered = await renderAppPage({ url, appName: 'Lineup', devSignIn: false, zone, api });
  if (!rendered) throw new Error('not rendered');
  window.history.replaceState(null, '', url);
  document.body.innerHTML = `<div id="root">${rendered.html}</div>${rendered.stateScript}`;
  const root = document.getElementById('root')!;
  const painted = root.textContent;
  await forgetServerContexts();
  await act(async () => {
    started.push(await startApp(root));
  });
  // Settled: the toasts' container, which the browser adds after hydrating, has arrived.
  await waitFor(() => expect(document.querySelector('[data-rht-toaster]')).not.toBeNull(), SETTLING);
  return { root, painted };
}

test("a DJ's signup summary hydrates without a mismatch and keeps what the server painted", async () => {
  const { root, painted } = await serveAndStart('/eventSignup/e1', 'UTC');
  expect(painted).toContain('You are signed up for Sunday Service 12');
  // Hydrated: what the server painted stays, and what only the browser shows (the calendar card) joins it.
  expect(await screen.findByRole('heading', { name: 'Add your slots to your calendar' }, SETTLING)).toBeVisible();
  expect(errors).toEqual([]);
  expect(root.textContent).toContain(painted);
  expect(screen.getByRole('link', { name: 'Update Signup' })).toHaveAttribute('href', '/eventSignup/e1/wizard');
});

test("rendered in another zone than the browser's, the times move to the browser's zone after hydrating, without a mismatch", async () => {
  const { root, painted } = await serveAndStart('/eventSignup/e1', 'Australia/Sydney');
  expect(painted).toContain('05:00'); // 19:00 UTC is 05:00 in Sydney
  await screen.findByRole('heading', { name: 'Add your slots to your calendar' }, SETTLING);
  expect(errors).toEqual([]);
  expect(root.textContent).not.toContain('05:00');
  expect(root.textContent).toContain('19:00');
});

test("the wizard's first step hydrates without a mismatch", async () => {
  const { painted } = await serveAndStart('/eventSignup/e1/wizard', 'UTC');
  expect(painted).toContain('Step 1 of 4');
  expect(errors).toEqual([]);
  expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
});
