// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Dj } from '@shared/schemas/djs';
import type { EventDetail, SaveEventBody } from '@shared/schemas/events';
import { slotForSignup } from '@shared/lineup';
import { otherEvents } from '@shared/plays';
import { buildEvent, buildFormData, buildSignup } from '@shared/testing/builders';
import { EventDraftProvider, useDraftStatus } from '@client/shared/draft';
import { json, renderRoutes } from '@client/testing/renderRoutes';
import { LineupTab } from './LineupTab';

// The lineup's pending-change notice (decision 009): a DJ who changed their answers after their
// signup was slotted is shown on the slot, with Apply (the slot plays the new answer) and Dismiss
// (it keeps what it plays); either is a draft edit that Save sends. Only fetch is stubbed.

vi.mock('@client/lib/zone', () => ({ browserZone: () => 'Europe/London' }));

const START = '2030-06-09T19:00:00.000Z'; // 20:00 in London
const UPDATED_AT = '2030-06-05T10:00:00.000Z';
const dj = (id: string, djName: string): Dj => ({ id, discordId: null, publicName: `${djName} pub`, djName, rtmpUrl: '', twitchUsername: '', avatarUrl: null, notes: '' });

/** Aurora was slotted for an hour live; Boreal plays after her. */
function lineupWith(aurora: Partial<Parameters<typeof buildSignup>[1]>): EventDetail {
  const signups = [
    buildSignup('s1', { name: 'Aurora', djRefs: ['d1'], formData: buildFormData({ name: 'Aurora' }), ...aurora }),
    buildSignup('s2', { name: 'Boreal', djRefs: ['d2'], formData: buildFormData({ name: 'Boreal' }) }),
  ];
  return buildEvent({
    startDatetime: START,
    signups,
    slots: signups.map((signup) => slotForSignup(signup)),
    djs: { d1: dj('d1', 'Aurora'), d2: dj('d2', 'Boreal') },
    otherEventsByDj: { d1: otherEvents([], 'e1', START), d2: otherEvents([], 'e1', START) },
  });
}
/** Then she answered half an hour: it waits, the lineup going by her answers before it. */
const pending = { updatePendingAt: UPDATED_AT, updateFields: ['length' as const], updatedAnswers: buildFormData({ name: 'Aurora', requested_duration: 0.5 }) };

let saves: SaveEventBody[];
beforeEach(() => {
  saves = [];
  vi.stubGlobal('EventSource', class { addEventListener() {} close() {} });
});
afterEach(() => vi.unstubAllGlobals());

/** The page's Save, as the event page's bar gives it. */
function Save() {
  const { isDirty, save } = useDraftStatus();
  return (
    <button type="button" disabled={!isDirty} onClick={() => void save()}>
      Save
    </button>
  );
}

function renderLineup(stored: EventDetail) {
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url === '/api/events/e1' && init?.method === 'PUT') {
      saves.push(JSON.parse(String(init.body)) as SaveEventBody);
      return json(stored);
    }
    return json({}, 404);
  });
  renderRoutes(
    [{ path: '/events/:eventId/lineup', element: <EventDraftProvider stored={stored}><LineupTab /><Save /></EventDraftProvider> }],
    '/events/e1/lineup',
  );
}

const slotTimes = () => screen.getAllByTestId('slot-card').map((slot) => slot.querySelector('.slot-time')?.firstChild?.textContent);
const notice = () => screen.queryByText(/updated their signup/);
/** The notice's lines: 'Length: 1 h → 30 min'. */
const noticeLines = (slot: HTMLElement) => within(within(slot).getByTestId('pending-change')).getAllByRole('listitem').map((item) => item.textContent);

test('a DJ who changed their answers after being slotted is shown on their slot, and Apply plays the new answer', async () => {
  renderLineup(lineupWith(pending));
  const slots = await screen.findAllByTestId('slot-card');
  expect(within(slots[0]!).getByText('Aurora updated their signup:')).toBeInTheDocument();
  expect(noticeLines(slots[0]!)).toEqual(['Length: 1 h → 30 min']);
  expect(within(slots[1]!).queryByText(/updated their signup/)).not.toBeInTheDocument();
  expect(slotTimes()).toEqual(['20:00', '21:00']);

  await userEvent.click(within(slots[0]!).getByRole('button', { name: 'Apply' }));
  expect(notice()).not.toBeInTheDocument();
  expect(slotTimes()).toEqual(['20:00', '20:30']);

  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(saves).toHaveLength(1));
  expect(saves[0]!.resolvedUpdates).toEqual([{ uuid: 's1', at: UPDATED_AT }]);
  expect(saves[0]!.signups.find((signup) => signup.uuid === 's1')).toMatchObject({ requestedDuration: 0.5, name: 'Aurora' });
});

test('Dismiss keeps what the slot plays and clears the notice; Save tells the server it was dealt with', async () => {
  renderLineup(lineupWith(pending));
  const slots = await screen.findAllByTestId('slot-card');
  await userEvent.click(within(slots[0]!).getByRole('button', { name: 'Dismiss' }));
  expect(notice()).not.toBeInTheDocument();
  expect(slotTimes()).toEqual(['20:00', '21:00']);

  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(saves).toHaveLength(1));
  expect(saves[0]!.resolvedUpdates).toEqual([{ uuid: 's1', at: UPDATED_AT }]);
  expect(saves[0]!.signups.find((signup) => signup.uuid === 's1')).toMatchObject({ requestedDuration: 1 });
});

test('a name and a type the DJ changed are listed together', async () => {
  renderLineup(
    lineupWith({
      updatedAnswers: buildFormData({ name: 'Aurora Borealis', requested_duration: 1, type: 'PRERECORD' }),
      updatePendingAt: UPDATED_AT,
      updateFields: ['name', 'type'],
    }),
  );
  const slots = await screen.findAllByTestId('slot-card');
  expect(noticeLines(slots[0]!)).toEqual(['Name: Aurora → Aurora Borealis', 'Type: Live → Prerecord']);
});

test('every answer the DJ changed waits with the rest: the slot keeps its warnings until Apply (issue 34)', async () => {
  // Aurora now has to leave at 20:30, and says so in her notes: neither counts until the host applies it.
  renderLineup(
    lineupWith({
      updatedAnswers: buildFormData({ name: 'Aurora', available_to: '2030-06-09T19:30:00.000Z', dj_notes: 'Have to leave early' }),
      updatePendingAt: UPDATED_AT,
      updateFields: [],
    }),
  );
  const slots = await screen.findAllByTestId('slot-card');
  expect(noticeLines(slots[0]!)).toEqual(['Available to: Any Time → 20:30 London time', 'Notes: — → Have to leave early']);
  expect(within(slots[0]!).queryByTestId('slot-warnings')).not.toBeInTheDocument();
  expect(within(slots[0]!).queryByText('Have to leave early')).not.toBeInTheDocument();

  await userEvent.click(within(slots[0]!).getByRole('button', { name: 'Apply' }));
  expect(notice()).not.toBeInTheDocument();
  expect(within(slots[0]!).getByTestId('slot-warnings')).toHaveTextContent('Ends at 21:00 London time but Aurora is available until 20:30 London time');
  expect(within(slots[0]!).getByText('Have to leave early')).toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(saves).toHaveLength(1));
  expect(saves[0]!.resolvedUpdates).toEqual([{ uuid: 's1', at: UPDATED_AT }]);
});

test('answers that differ from the slot without an update waiting show no notice', async () => {
  // The hosts set the length themselves; the DJ has not changed anything since.
  renderLineup(lineupWith({ formData: buildFormData({ name: 'Aurora', requested_duration: 0.5 }) }));
  expect(await screen.findAllByTestId('slot-card')).toHaveLength(2);
  expect(notice()).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
});
