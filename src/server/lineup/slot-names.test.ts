import { API } from '@shared/api/index.js';
import { placeSlots } from '@shared/lineup.js';
import { feeds } from '@shared/paths.js';
import type { NextEventFeed } from '@shared/schemas/public.js';
import { insertPublishedLineup } from '../testing/fixtures.js';
import { type SignedIn, startTestApp, testDialects, type TestApp, uniqueDiscordId } from '../testing/harness.js';

// A legacy slot (one without a signup) is named by one rule (shared/lineup.ts slotName) on every
// page: staff's events list and event page, the public lineups and the feeds.

/** A roster DJ, made by staff through the API; their id. */
async function addDj(app: TestApp, host: SignedIn, djName: string) {
  const body = { discordId: uniqueDiscordId(), publicName: `${djName} person`, djName, rtmpUrl: '', twitchUsername: '' };
  return (await app.call(API.djs.createDj, { body }, { as: host })).body.id;
}

test.each(testDialects)('a legacy slot is named the same on the staff and the public pages (%s)', async (dialect) => {
  const app = await startTestApp(dialect);
  try {
    const host = await app.signIn(['host']);
    const legacy = [
      { name: 'Own Name', dj: await addDj(app, host, 'Named DJ') },
      // An empty legacy name (as imports have them) and one left out: the DJ it points at names it.
      { name: '', dj: await addDj(app, host, 'Empty Name DJ') },
      { name: null, dj: await addDj(app, host, 'No Name DJ') },
      { name: 'Only A Name', dj: null },
      // Nothing names it: every page leaves it unnamed.
      { name: '', dj: null },
    ];
    const eventId = await insertPublishedLineup(app.ctx.store.db, legacy.length);
    for (const [position, { name, dj }] of legacy.entries()) {
      await app.ctx.store.db.updateTable('slots').set({ legacy_dj_name: name, legacy_dj_id: dj }).where('event_id', '=', eventId).where('position', '=', position).execute();
    }
    const expected = ['Own Name', 'Empty Name DJ', 'No Name DJ', 'Only A Name'];

    const staffList = (await app.call(API.events.listEvents, {}, { as: host })).body.find((event) => event.id === eventId)!;
    expect(staffList).toMatchObject({ djs: expected, slotCount: legacy.length });
    const detail = (await app.call(API.events.getEvent, { params: { eventId } }, { as: host })).body;
    expect(placeSlots(detail, detail.djs).map((placed) => placed.name)).toEqual([...expected, null]);

    const publicPage = (await app.call(API.public.getPublicLineup, { params: { eventId } })).body;
    expect(publicPage.event.slots.map((slot) => slot.name)).toEqual(expected);
    const publicList = (await app.call(API.public.listPublicLineups, {})).body;
    expect(publicList.events.find((event) => event.id === eventId)?.djs).toEqual(expected);
    const next = (await app.request<NextEventFeed>('GET', feeds.next('json'))).body;
    expect(next.event?.slots.map((slot) => slot.name)).toEqual(expected);
  } finally {
    await app.destroy();
  }
});
