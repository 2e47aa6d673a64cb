// Bulk data for the benchmarks, written through the store in transactions (one multi-row insert
// per chunk), so a thousand DJs and five hundred events take a second or two to seed.
import { randomUUID } from 'node:crypto';

const { buildFormData } = await import('../../dist/server/testing/builders.js');

const HOUR = 3_600_000;
const CHUNK = 200;

export const COMMUNITY = { djs: 1000, pastEvents: 500, slotsPerEvent: 12 };

export async function insertMany(db, table, rows) {
  for (let i = 0; i < rows.length; i += CHUNK) await db.insertInto(table).values(rows.slice(i, i + CHUNK)).execute();
}

export const djRow = (id, i, now) => ({
  id, discord_id: String(100_000_000_000_000_000n + BigInt(i)), public_name: `Person ${i}`, dj_name: `DJ ${String(i).padStart(4, '0')}`,
  rtmp_url: `rtmp://stream.example.org/live/${i}`, twitch_username: `dj_${i}`, avatar_url: null, notes: '', created_at: now, updated_at: now,
});

const eventRow = (id, name, startAt, now, extra = {}) => ({
  id, name, start_at: startAt, end_at: startAt + COMMUNITY.slotsPerEvent * HOUR, published: 1, host: 'Hal',
  message: 'Come chill and wiggle with us!', footer: 'Join the community', signups_open: 0, version: 1, created_at: now, updated_at: now, ...extra,
});

const communities = new WeakMap();

/**
 * The community every staff scenario works in (made once per store): 1,000 DJs and 500 past
 * weekly events, each with a 12-DJ lineup recorded in dj_plays; `scale` times as many of each
 * for the growth scenarios (same plays per DJ).
 */
export function community(store, scale = 1) {
  if (!communities.has(store)) communities.set(store, seedCommunity(store, scale));
  return communities.get(store);
}

async function seedCommunity(store, scale) {
  const now = Date.now();
  const djIds = Array.from({ length: COMMUNITY.djs * scale }, () => randomUUID());
  const eventIds = Array.from({ length: COMMUNITY.pastEvents * scale }, () => randomUUID());
  await store.db.transaction().execute(async (trx) => {
    await insertMany(trx, 'djs', djIds.map((id, i) => djRow(id, i, now)));
    await insertMany(trx, 'events', eventIds.map((id, i) => eventRow(id, `Sunday Service #${i + 1}`, now - (i + 1) * 7 * 24 * HOUR, now)));
    const plays = eventIds.flatMap((eventId, e) =>
      Array.from({ length: COMMUNITY.slotsPerEvent }, (_, s) => ({ event_id: eventId, dj_id: djIds[(e * 7 + s * 83) % djIds.length] })),
    );
    await insertMany(trx, 'dj_plays', plays);
    await refreshStats(trx, djIds);
  });
  return { djIds, eventIds };
}

/** The play statistics on the DJ rows (as the app keeps them), after plays were written straight in. */
async function refreshStats(trx, djIds) {
  const { refreshDjStats } = await import('../../dist/server/djs/plays.js');
  for (let i = 0; i < djIds.length; i += 500) await refreshDjStats(trx, djIds.slice(i, i + 500));
}

/**
 * The session lifetime the servers run with (SESSION_TTL_DAYS, 30 days by default), parsed as
 * the app parses it. Sessions made with it are not renewed by the next requests: the app renews
 * only a session in the second half of its life.
 */
export async function sessionTtlMs() {
  const { loadConfig } = await import('../../dist/server/config.js');
  return loadConfig({ SESSION_TTL_DAYS: process.env.SESSION_TTL_DAYS }).sessionTtlMs;
}

/**
 * How long a new bench session lives: the configured lifetime, or with `renewing` a minute less
 * than half of it, so that the first request with it renews it (as for a DJ signed in over two
 * weeks ago).
 */
export async function sessionLifetime({ renewing = false } = {}) {
  const ttl = await sessionTtlMs();
  return renewing ? ttl / 2 - 60_000 : ttl;
}

/** Sessions for existing DJs, as cookie header values. */
export async function sessionsFor(store, djIds, roles, { renewing = false } = {}) {
  const { openSession, SESSION_COOKIE } = await import('../../dist/server/auth/sessions.js');
  const lifetime = await sessionLifetime({ renewing });
  const cookies = [];
  await store.db.transaction().execute(async (trx) => {
    for (const djId of djIds) {
      const session = await openSession(trx, { djId, discordUserId: '0', publicName: 'Bench DJ', avatarUrl: null, roles }, lifetime);
      cookies.push(`${SESSION_COOKIE}=${session.token}`);
    }
  });
  return cookies;
}

/** A DJ's submitted wizard, as stored in form_data: the answers' defaults, so a new answer needs nothing here. */
export const formData = (eventId, name, answers = {}) =>
  buildFormData({ event_id: eventId, name, stream_link: 'rtmp://stream.example.org/live/some-key-1234', dj_notes: 'Looking forward to it! Deep house and some breaks.', ...answers });

/**
 * An upcoming event with `signups` DJ signups (with the DJs' form data) and the first `slots`
 * of them in the lineup, like a busy week. Returns its id.
 */
export async function busyEvent(store, djIds, { signups = 60, slots = 12, offset = 0, signupsOpen = false } = {}) {
  const now = Date.now();
  const id = randomUUID();
  const start = now + 7 * 24 * HOUR;
  const djs = Array.from({ length: signups }, (_, i) => djIds[(offset + i * 13) % djIds.length]);
  const signupRows = djs.map((djId, i) => ({
    uuid: randomUUID(), event_id: id, position: i, name: `Act ${offset}-${i}`, is_debut: 0, requested_duration: 1, type: 'LIVE',
    hidden: 0, form_data: JSON.stringify(formData(id, `Act ${offset}-${i}`)), created_at: now, updated_at: now,
  }));
  await store.db.transaction().execute(async (trx) => {
    await trx.insertInto('events').values(eventRow(id, `Busy week ${offset}`, start, now, { published: 0, signups_open: signupsOpen ? 1 : 0 })).execute();
    await insertMany(trx, 'signups', signupRows);
    await insertMany(trx, 'signup_djs', signupRows.map((row, i) => ({ signup_uuid: row.uuid, event_id: id, dj_id: djs[i], position: 0 })));
    await insertMany(
      trx,
      'slots',
      signupRows.slice(0, slots).map((row, i) => ({
        event_id: id, position: i, signup_uuid: row.uuid, start_at: start + i * HOUR, end_at: start + (i + 1) * HOUR,
        legacy_dj_name: null, legacy_dj_id: null, legacy_duration: null, legacy_is_debut: null, legacy_slot_type: null,
        stream_source_url: '', stream_source_type: 'VRCDN',
      })),
    );
    await insertMany(trx, 'dj_plays', djs.slice(0, slots).map((djId) => ({ event_id: id, dj_id: djId })));
    await refreshStats(trx, djs.slice(0, slots));
  });
  return id;
}

/** The body the event page sends to save `detail` with its lineup rotated by one slot. */
export function rotatedSave(detail) {
  const slots = detail.slots.length ? [...detail.slots.slice(1), detail.slots[0]] : [];
  return {
    baseVersion: detail.version,
    event: {
      name: detail.name, startDatetime: detail.startDatetime, host: detail.host, message: detail.message,
      footer: detail.footer, signupsAreOpen: detail.signupsAreOpen,
    },
    signups: detail.signups,
    slots,
    removedSignupUuids: [],
  };
}
