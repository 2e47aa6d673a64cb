// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_REMINDER_SETTINGS, type DjPost, type EventDjPosts } from '@shared/schemas/dj-posts';
import { buildEvent } from '@shared/testing/builders';
import { json, renderRoutes } from '@client/testing/renderRoutes';
import { DjPostsCard } from './DjPostsCard';
import { EventDraftProvider } from './draft';

// Verify DJs' "Posts to DJs in Discord": a post that failed says why and offers Retry; Retry asks
// the server to send it now and the list follows; a refused Retry says why. Only fetch is stubbed.

vi.mock('@client/lib/zone', () => ({ browserZone: () => 'Europe/London' }));

const failed: DjPost = {
  id: 'p1',
  kind: 'slot_reminder',
  state: 'failed',
  djs: ['DJ Dana'],
  dueAt: '2030-06-09T18:00:00.000Z',
  sentAt: null,
  outcome: 'webhook_refused',
  content: null,
};
const sent: DjPost = { ...failed, state: 'sent', sentAt: '2030-06-09T18:05:00.000Z', outcome: null, content: '<@223456789012345678> your slot in Sunday Service starts soon' };

let posts: DjPost[];
let retries: string[];
let retryAnswer: () => Response;

beforeEach(() => {
  posts = [failed];
  retries = [];
  retryAnswer = () => {
    posts = [sent];
    return json(sent);
  };
  vi.stubGlobal('EventSource', class { addEventListener() {} close() {} });
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url === '/api/events/e1/dj-posts') return json({ posts, schedulingWebhookSet: true, settings: DEFAULT_REMINDER_SETTINGS } satisfies EventDjPosts);
    if (url === '/api/events/e1/dj-posts/p1/retry' && init?.method === 'POST') {
      retries.push(url);
      return retryAnswer();
    }
    return json({}, 404);
  });
});
afterEach(() => vi.unstubAllGlobals());

function renderCard() {
  const stored = buildEvent({ id: 'e1', startDatetime: '2030-06-09T19:00:00.000Z' });
  renderRoutes([{ path: '/', element: <EventDraftProvider stored={stored}><DjPostsCard eventId="e1" /></EventDraftProvider> }], '/');
}

const post = async () => (await screen.findAllByTestId('dj-post'))[0]!;

test('a failed post says why; Retry sends it now and the list shows it sent', async () => {
  renderCard();
  const row = await post();
  expect(within(row).getByTestId('dj-post-state')).toHaveTextContent('Failed');
  expect(row).toHaveTextContent('Discord refused the scheduling webhook: check it in Global Settings.');
  expect(row).toHaveTextContent('Was due Sun 9 Jun 2030, 19:00');

  await userEvent.click(within(row).getByRole('button', { name: /^Retry/ }));
  expect(await screen.findByText('Sending it now.')).toBeInTheDocument();
  expect(retries).toEqual(['/api/events/e1/dj-posts/p1/retry']);
  await waitFor(async () => expect(within(await post()).getByTestId('dj-post-state')).toHaveTextContent('Sent'));
  expect(within(await post()).queryByRole('button', { name: /^Retry/ })).not.toBeInTheDocument();
});

test('a Retry the server refuses says why, and the post stays failed with its Retry', async () => {
  retryAnswer = () => json({ code: 'conflict', message: 'This post was sent meanwhile.' }, 409);
  renderCard();
  await userEvent.click(within(await post()).getByRole('button', { name: /^Retry/ }));
  expect(await screen.findByText('Could not retry: This post was sent meanwhile.')).toBeInTheDocument();
  expect(within(await post()).getByTestId('dj-post-state')).toHaveTextContent('Failed');
  expect(within(await post()).getByRole('button', { name: /^Retry/ })).toBeEnabled();
});
