// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EventDetail, SaveEventBody } from '@shared/schemas/events';
import { buildEvent } from '@shared/testing/builders';
import { EventPage } from '@client/features/events/EventPage';
import { SetupTab } from '@client/features/events/SetupTab';
import { json, renderRoutes } from '@client/testing/renderRoutes';

// The event page's draft (spec §4 "Draft editing") as staff meet it on the event page: an edit
// brings up the Save / Discard bar, Save sends the draft, a refused save keeps the edits, Discard
// puts the stored event back, and a change saved elsewhere is taken in without losing the edits.
// Only the network is stubbed: fetch, and the change stream (EventSource).

vi.mock('@client/lib/zone', () => ({ browserZone: () => 'Europe/London' }));

const stored = buildEvent({ id: 'e1', name: 'Sunday Service 12', host: 'Hal', version: 3 });

/** The server's side: what GET answers, and how PUT answers (the saved event, or a refusal). */
let current: EventDetail;
let putAnswer: (body: SaveEventBody) => Response;
let saves: SaveEventBody[];

const savedAs = (body: SaveEventBody) => {
  current = { ...current, ...body.event, version: current.version + 1 };
  return json(current);
};
const stale = () => json({ code: 'stale_version', message: 'Someone else saved this event meanwhile.', currentVersion: 4 }, 409);

/** The event's change stream, which the test drives. */
class FakeEventSource {
  static open: FakeEventSource[] = [];
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor() {
    FakeEventSource.open.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, data: unknown) {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
  close() {}
}

beforeEach(() => {
  current = stored;
  saves = [];
  putAnswer = savedAs;
  FakeEventSource.open = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url !== '/api/events/e1') return json({}, 404);
    if (init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as SaveEventBody;
      saves.push(body);
      return putAnswer(body);
    }
    return json(current);
  });
});
afterEach(() => vi.unstubAllGlobals());

function renderEventPage() {
  renderRoutes(
    [{ path: '/events/:eventId', element: <EventPage tabs={[{ tab: 'setup', label: 'Setup', module: 'features/events/screens.ts', load: async () => SetupTab }]} />, children: [{ path: 'setup', element: <SetupTab /> }] }],
    '/events/e1/setup',
  );
}

const saveBar = () => screen.queryByRole('region', { name: 'Unsaved changes' });
const nameField = () => screen.getByLabelText('Event Name');

async function rename(to: string) {
  await userEvent.clear(nameField());
  await userEvent.type(nameField(), to);
}

test('no bar until an edit; the edit brings Save and Discard, and Save sends the draft', async () => {
  renderEventPage();
  expect(await screen.findByLabelText('Event Name')).toHaveValue('Sunday Service 12');
  expect(saveBar()).not.toBeInTheDocument();

  await rename('Sunday Service XII');
  expect(saveBar()).toHaveTextContent('You have unsaved changes.');
  await userEvent.click(within(saveBar()!).getByRole('button', { name: 'Save' }));

  expect(await screen.findByText('Event saved.')).toBeInTheDocument();
  expect(saves).toHaveLength(1);
  expect(saves[0]).toMatchObject({ baseVersion: 3, event: { name: 'Sunday Service XII', host: 'Hal' } });
  expect(saveBar()).not.toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sunday Service XII');
  expect(nameField()).toHaveValue('Sunday Service XII');

  // The next save starts from the version the first one returned.
  await rename('Sunday Service 13');
  await userEvent.click(within(saveBar()!).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(saves).toHaveLength(2));
  expect(saves[1]).toMatchObject({ baseVersion: 4, event: { name: 'Sunday Service 13' } });
});

test('a save refused because someone else saved first keeps the edits and offers Reload', async () => {
  putAnswer = stale;
  renderEventPage();
  await screen.findByLabelText('Event Name');
  await rename('My new name');
  await userEvent.click(within(saveBar()!).getByRole('button', { name: 'Save' }));

  expect(await screen.findByText('Error saving event: Someone else saved this event meanwhile.')).toBeInTheDocument();
  expect(screen.getByText('Someone else saved this event meanwhile. Reloading discards your unsaved changes.')).toBeInTheDocument();
  expect(nameField()).toHaveValue('My new name');
  expect(saveBar()).toHaveTextContent('You have unsaved changes.');

  // Reload takes the other save in and drops the edits, as the alert said.
  current = { ...current, name: 'Their name', version: 4 };
  await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
  await waitFor(() => expect(nameField()).toHaveValue('Their name'));
  expect(saveBar()).not.toBeInTheDocument();
  expect(screen.queryByText(/Reloading discards your unsaved changes/)).not.toBeInTheDocument();
});

test('a save that fails on the server keeps the edits for another try', async () => {
  putAnswer = () => json({ code: 'server_error', message: 'Something went wrong on the server. Please try again.' }, 500);
  renderEventPage();
  await screen.findByLabelText('Event Name');
  await rename('Keep me');
  await userEvent.click(within(saveBar()!).getByRole('button', { name: 'Save' }));

  expect(await screen.findByText('Error saving event: Something went wrong on the server. Please try again.')).toBeInTheDocument();
  expect(nameField()).toHaveValue('Keep me');
  putAnswer = savedAs;
  await userEvent.click(within(saveBar()!).getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Event saved.')).toBeInTheDocument();
  expect(saves.map((save) => save.event.name)).toEqual(['Keep me', 'Keep me']);
});

test('Discard asks first, then puts the stored event back', async () => {
  renderEventPage();
  await screen.findByLabelText('Event Name');
  await rename('Oops');
  await userEvent.clear(screen.getByLabelText('Host'));

  await userEvent.click(within(saveBar()!).getByRole('button', { name: 'Discard' }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('You are about to discard your unsaved changes to this event.');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(nameField()).toHaveValue('Oops');

  await userEvent.click(within(saveBar()!).getByRole('button', { name: 'Discard' }));
  await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
  await waitFor(() => expect(nameField()).toHaveValue('Sunday Service 12'));
  expect(screen.getByLabelText('Host')).toHaveValue('Hal');
  expect(saveBar()).not.toBeInTheDocument();
  expect(saves).toEqual([]);
});

test('a change saved elsewhere: followed while clean; with edits, they are kept and a toast says so', async () => {
  renderEventPage();
  await screen.findByLabelText('Event Name');
  const [stream] = FakeEventSource.open;

  // Clean: the page follows.
  current = { ...current, host: 'Ivy', version: 4 };
  act(() => stream!.emit('changed', { eventId: 'e1', version: 4 }));
  await waitFor(() => expect(screen.getByLabelText('Host')).toHaveValue('Ivy'));
  expect(saveBar()).not.toBeInTheDocument();

  // With an edit: the edit stays, the toast tells, and a save still starts from the edit's base.
  await rename('Mine');
  current = { ...current, host: 'Jo', version: 5 };
  act(() => stream!.emit('changed', { eventId: 'e1', version: 5 }));
  expect(await screen.findByText('Changes were made outside of this window.')).toBeInTheDocument();
  expect(nameField()).toHaveValue('Mine');
  expect(saveBar()).toHaveTextContent('You have unsaved changes.');
  putAnswer = stale;
  await userEvent.click(within(saveBar()!).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(saves).toHaveLength(1));
  expect(saves[0]).toMatchObject({ baseVersion: 4, event: { name: 'Mine' } });
});
