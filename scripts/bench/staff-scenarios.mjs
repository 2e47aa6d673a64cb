// The staff side under load (issue 7): the event page of a busy week, the roster of a grown
// community, and saving a 12-slot lineup. All on the community of seed.mjs.
import { closedLoop } from './runner.mjs';
import { busyEvent, community, rotatedSave } from './seed.mjs';
import { staffCookie } from './scenarios.mjs';

export const eventPage = {
  name: 'event page: 60 signups, 12 slots',
  setup: async ({ store }) => {
    const { djIds } = await community(store);
    const eventId = await busyEvent(store, djIds);
    const cookie = await staffCookie(store, ['host']);
    return {
      custom: ({ url, connections, seconds }) =>
        closedLoop({ url, connections, seconds, next: () => ({ path: `/api/events/${eventId}`, headers: { cookie } }) }),
    };
  },
};

export const roster = {
  name: 'roster: 1,000 DJs, 500 events',
  setup: async ({ store }) => {
    await community(store);
    const cookie = await staffCookie(store, ['host']);
    return {
      custom: ({ url, connections, seconds }) =>
        closedLoop({ url, connections, seconds, next: () => ({ path: '/api/djs', headers: { cookie } }) }),
    };
  },
};

/**
 * Each connection is a host saving their own busy event over and over (60 signups, 12 slots,
 * the lineup rotated each time), sending the version the previous save returned.
 */
export const eventSave = {
  name: 'event save: 12-slot lineup',
  ceiling: true,
  setup: async ({ store, url, connections }) => {
    const { djIds } = await community(store);
    const cookie = await staffCookie(store, ['host']);
    const details = [];
    for (let i = 0; i < connections; i++) details.push(await loadEvent(url, cookie, await busyEvent(store, djIds, { offset: 1 + i })));
    return {
      custom: ({ seconds }) =>
        closedLoop({ url, connections, seconds, next: (worker) => saveRequest(cookie, details, worker) }),
    };
  },
};

export async function loadEvent(url, cookie, eventId) {
  const response = await fetch(`${url}/api/events/${eventId}`, { headers: { cookie } });
  if (!response.ok) throw new Error(`loading event ${eventId}: ${response.status}`);
  return response.json();
}

/** The next save of details[slot]; its answer becomes the base of the one after. */
export function saveRequest(cookie, details, slot) {
  const detail = details[slot];
  return {
    method: 'PUT',
    path: `/api/events/${detail.id}`,
    headers: { cookie },
    body: JSON.stringify(rotatedSave(detail)),
    onResponse: (status, text) => {
      if (status === 200) details[slot] = JSON.parse(text);
    },
  };
}
