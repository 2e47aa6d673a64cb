// A 30 MB install moving in and out (issue 32, Deliver 6): an admin imports a Lineup archive of
// 30 MB (years of a busy series: events with their signups, the DJs' answers, lineups and
// history) into a new install, then downloads the archive again, while one client asks for
// /healthz over and over. The rows that matter are /healthz's latency during each (the import
// and export run on the archive thread, archive/pool.ts, so the event loop keeps answering); the
// import's and export's own rows give their duration (one request each). On an app of its own,
// on a database of its own.
import http from 'node:http';
import { send, summarize } from './runner.mjs';
import { startApp, temporaryDatabase } from './server.mjs';

/** The archive's size the bench aims at (the largest an import takes is 32 MB). */
const TARGET_BYTES = 30 * 1024 * 1024;
const DJS = 3000;
const SIGNUPS_PER_EVENT = 12;

const iso = (ms) => new Date(ms).toISOString();

/** A consistent archive of about TARGET_BYTES: weekly events, each with a full lineup and history. */
export function bigArchive() {
  const now = Date.parse('2026-01-04T20:00:00.000Z');
  const tables = { events: [], djs: [], signups: [], signup_djs: [], slots: [], dj_plays: [], settings: [], event_changes: [], discord_posts: [] };
  for (let i = 0; i < DJS; i++) {
    tables.djs.push({
      id: `dj-${i}`, discord_id: String(300000000000000000n + BigInt(i)), public_name: `Public ${i}`, dj_name: `DJ Number ${i}`,
      rtmp_url: `rtmp://stream.vrcdn.live/live/dj${i}`, twitch_username: `dj_${i}`, avatar_url: null, notes: `Plays house and techno, late slots please (${i}).`,
      archived_at: null, created_at: iso(now), updated_at: iso(now),
    });
  }
  let size = JSON.stringify(tables).length;
  for (let week = 0; size < TARGET_BYTES * 0.97; week++) {
    const id = `event-${week}`;
    const start = now - week * 7 * 86_400_000;
    const signups = [];
    for (let s = 0; s < SIGNUPS_PER_EVENT; s++) {
      const djId = `dj-${(week * SIGNUPS_PER_EVENT + s) % DJS}`;
      const uuid = `${id}-signup-${s}`;
      const signup = {
        uuid, event_id: id, position: s, name: `DJ Number ${djId.slice(3)}`, is_debut: false, requested_duration: 1, type: 'LIVE', hidden: false,
        form_data: {
          event_id: id, name: `DJ Number ${djId.slice(3)}`, is_b2b: false, b2b_members_response: '', requested_duration: 1, type: 'LIVE',
          stream_link: `rtmp://stream.vrcdn.live/live/dj${djId.slice(3)}`, available_from: 'any', available_to: 'any', confirm_expectations: true,
          dj_notes: 'Happy to play any slot; I bring my own visuals and will be in the world thirty minutes before my set to check the stream.',
        },
        submitted_by: djId, update_pending_at: null, update_fields: null, update_dismissed_at: null, created_at: iso(start - 86_400_000), updated_at: iso(start - 86_400_000),
      };
      signups.push(signup);
      tables.signups.push(signup);
      tables.signup_djs.push({ signup_uuid: uuid, event_id: id, dj_id: djId, position: 0, confirmation: 'confirmed' });
      tables.slots.push({
        event_id: id, position: s, signup_uuid: uuid, start_at: iso(start + s * 3_600_000), end_at: iso(start + (s + 1) * 3_600_000),
        legacy_dj_name: null, legacy_dj_id: null, legacy_duration: null, legacy_is_debut: null, legacy_slot_type: null,
        stream_source_url: `rtmp://stream.vrcdn.live/live/dj${djId.slice(3)}`, stream_source_type: 'VRCDN',
      });
      tables.dj_plays.push({ event_id: id, dj_id: djId });
    }
    tables.events.push({
      id, name: `Sunday Service #${week + 1}`, start_at: iso(start), end_at: iso(start + SIGNUPS_PER_EVENT * 3_600_000), published: true, host: 'Hal',
      message: 'Come chill and wiggle with us! Doors open at 8pm, the lineup is below.', footer: 'https://discord.gg/example', signups_open: false,
      signups_close_at: null, signup_cap: null, preflight: {}, public_links: [], cancelled_at: null, version: 3, created_at: iso(start - 7 * 86_400_000), updated_at: iso(start),
    });
    tables.event_changes.push({
      id: `${id}-change`, event_id: id, at: iso(start - 3_600_000), actor_dj_id: null, actor_name: 'Hal', kind: 'lineup_saved', version: 3,
      summary: { lines: signups.map((signup) => ({ t: 'slot_added', name: signup.name })) },
    });
    size += JSON.stringify(signups).length * 1.75 + 600;
  }
  return JSON.stringify({ format: 'lineup-archive', version: 1, schema: 'bench', exportedAt: iso(now), tables });
}

/** `work` while one client asks for /healthz over and over; /healthz's latencies and the work's duration. */
async function healthDuring(url, work) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const target = new URL(url);
  const latencies = [];
  let done = false;
  const began = performance.now();
  const polling = (async () => {
    while (!done) {
      const t0 = performance.now();
      await send(agent, target, { path: '/healthz' });
      latencies.push(performance.now() - t0);
    }
  })();
  const result = await work();
  const took = performance.now() - began;
  done = true;
  await polling;
  agent.destroy();
  return { health: summarize(latencies, took / 1000), took, result };
}

export const bigArchiveMove = {
  name: 'big archive: /healthz while a 30 MB archive is imported',
  setup: async ({ database, openStore }) => {
    const db = await temporaryDatabase(database);
    const app = await startApp(db);
    const store = await openStore({ dataDir: db.dataDir, databaseUrl: db.databaseUrl });
    // scenarios.mjs lists this scenario: its helper is read once both modules are loaded.
    const { staffCookie } = await import('./scenarios.mjs');
    const cookie = await staffCookie(store, ['admin', 'dj']);
    await store.close();
    const archive = bigArchive();
    const megabytes = (archive.length / 1024 / 1024).toFixed(1);
    const agent = new http.Agent({ keepAlive: false });
    const call = (request) => send(agent, new URL(app.url), { ...request, headers: { cookie, 'sec-fetch-site': 'same-origin', ...request.headers } });
    const once = (name, took, status) => ({ name, 'requests/s': '', answered: 1, 'p50 ms': Math.round(took), 'p95 ms': '', 'p99 ms': '', errors: status === 200 ? 0 : 1, statuses: { [status]: 1 } });
    return {
      custom: async () => {
        try {
          const imported = await healthDuring(app.url, () => call({ method: 'POST', path: '/api/archive/import', body: JSON.stringify({ source: 'lineup', text: archive }) }));
          const exported = await healthDuring(app.url, () => call({ path: '/api/archive/export' }));
          return {
            ...imported.health,
            errors: 0,
            ratios: false,
            'CPU ms/request': '',
            companion: [
              once(`big archive: the import itself (${megabytes} MB; p50 = its duration)`, imported.took, imported.result.status),
              { ...exported.health, name: 'big archive: /healthz while it is exported again', ratios: false, errors: 0 },
              once(`big archive: the export itself (${(exported.result.text.length / 1024 / 1024).toFixed(1)} MB; p50 = its duration)`, exported.took, exported.result.status),
            ],
          };
        } finally {
          agent.destroy();
          await app.stop();
          await db.drop();
        }
      },
    };
  },
};
