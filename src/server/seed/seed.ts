import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { DateTime } from 'luxon';
import type { Signup, SignupFormData, Slot } from '../../shared/domain.js';
import { computeDjPlays, eventEnd, layoutSlots, slotForSignup } from '../../shared/lineup.js';
import { DEFAULT_SETTINGS } from '../../shared/schemas/settings.js';
import { comingSundayAt, toIsoUtc } from '../../shared/time.js';
import { DEV_ACCOUNTS } from '../auth/dev-accounts.js';
import type { Database } from '../db/schema.js';
import { toCount, toFlag, toMillis } from '../db/values.js';

// Demo data: a roster with stream links, past events with lineups and plays, and an upcoming
// event with signups open and several signups, so a newcomer lands in a working app.

interface SeedDj {
  djName: string;
  publicName: string;
  discordId: string;
  rtmpUrl: string;
  twitch: string;
}

const ROSTER: SeedDj[] = [
  ...DEV_ACCOUNTS.filter((a) => a.roleIds !== null && a.roleIds.length > 0).map((a) => ({
    djName: a.key === 'dj2' ? 'Rex Rhythm' : `DJ ${a.globalName ?? a.username}`,
    publicName: a.nick ?? a.globalName ?? a.username,
    discordId: a.discordId,
    rtmpUrl: `rtmp://stream.vrcdn.live/live/${a.username}`,
    twitch: a.username,
  })),
  ...[
    ['Night Owl', 'Olly'],
    ['Bassline Betty', 'Betty'],
    ['Kai Kinetic', 'Kai'],
    ['Luna Loops', 'Luna'],
    ['Mo Groove', 'Mo'],
    ['Sable', 'Sable'],
    ['Tempo Tess', 'Tess'],
    ['Vinyl Vic', 'Vic'],
    ['Wobble Wren', 'Wren'],
  ].map(([djName, publicName], index) => ({
    djName: djName!,
    publicName: publicName!,
    discordId: `81234567890123${String(4000 + index)}`,
    rtmpUrl: `rtmp://stream.vrcdn.live/live/${publicName!.toLowerCase()}`,
    twitch: djName!.toLowerCase().replaceAll(' ', '_'),
  })),
];

export async function seedIfEmpty(db: Kysely<Database>, now = new Date()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const [events, djs] = await Promise.all([
      trx.selectFrom('events').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
      trx.selectFrom('djs').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    ]);
    if (toCount(events.n as number) > 0 || toCount(djs.n as number) > 0) return false;
    await seed(trx, now);
    return true;
  });
}

async function seed(trx: Transaction<Database>, now: Date) {
  const stamp = now.getTime();
  const djIds = ROSTER.map(() => randomUUID());
  await trx
    .insertInto('djs')
    .values(
      ROSTER.map((dj, i) => ({
        id: djIds[i]!,
        discord_id: dj.discordId,
        public_name: dj.publicName,
        dj_name: dj.djName,
        rtmp_url: dj.rtmpUrl,
        twitch_username: dj.twitch,
        avatar_url: null,
        notes: '',
        created_at: stamp,
        updated_at: stamp,
      })),
    )
    .execute();

  const nextSunday = comingSundayAt(now);
  const weeksAgo = (weeks: number) =>
    toIsoUtc(DateTime.fromISO(nextSunday).setZone('Europe/London').minus({ weeks }).toMillis());

  // Past events: four weeks of lineups, rotating through the roster.
  for (let week = 4; week >= 1; week -= 1) {
    const lineup = [0, 1, 2, 3].map((k) => djIds[(week * 3 + k) % djIds.length]!);
    await insertEvent(trx, {
      name: `${DEFAULT_SETTINGS.seriesName} #${20 - week}`,
      start: weeksAgo(week),
      host: ROSTER[week % 2]!.publicName,
      published: true,
      signupsOpen: false,
      signups: lineup.map((djId, k) => ({ djIds: k === 3 ? [djId, djIds[(week * 3 + 4) % djIds.length]!] : [djId], duration: k === 0 ? 0.5 : 1 })),
      inLineup: 4,
      stamp,
    });
  }

  // The upcoming event: signups open, several DJs signed up, two already in the lineup.
  const upcoming = [djIds[3]!, djIds[5]!, djIds[6]!, djIds[8]!, djIds[10]!];
  await insertEvent(trx, {
    name: `${DEFAULT_SETTINGS.seriesName} #20`,
    start: nextSunday,
    host: '',
    published: false,
    signupsOpen: true,
    signups: upcoming.map((djId, k) => ({ djIds: [djId], duration: k % 3 === 2 ? 0.5 : 1, form: true })),
    inLineup: 2,
    stamp,
  });
}

interface SeedEvent {
  name: string;
  start: string;
  host: string;
  published: boolean;
  signupsOpen: boolean;
  signups: { djIds: string[]; duration: number; form?: boolean }[];
  inLineup: number;
  stamp: number;
}

async function insertEvent(trx: Transaction<Database>, seedEvent: SeedEvent) {
  const eventId = randomUUID();
  const djRows = await trx.selectFrom('djs').select(['id', 'dj_name', 'rtmp_url']).execute();
  const djById = new Map(djRows.map((row) => [row.id, row]));
  const signups: Signup[] = seedEvent.signups.map((s, position) => {
    const main = djById.get(s.djIds[0]!)!;
    return {
      uuid: randomUUID(),
      name: s.djIds.map((id) => djById.get(id)!.dj_name).join(' b2b '),
      djRefs: s.djIds,
      isDebut: position === 1 && seedEvent.signupsOpen,
      requestedDuration: s.duration,
      type: 'LIVE',
      hidden: false,
      formData: s.form ? demoFormData(eventId, main.dj_name, main.rtmp_url, s.duration) : null,
    };
  });
  const slots: Slot[] = layoutSlots(
    seedEvent.start,
    signups.slice(0, seedEvent.inLineup).map((signup) => ({
      ...slotForSignup(signup, seedEvent.start),
      streamSourceUrl: djById.get(signup.djRefs[0]!)!.rtmp_url,
      streamSourceType: 'RTMP' as const,
    })),
    signups,
  );
  const end = eventEnd(seedEvent.start, slots);
  const { stamp } = seedEvent;

  await trx
    .insertInto('events')
    .values({
      id: eventId,
      name: seedEvent.name,
      start_at: toMillis(seedEvent.start),
      // An event with an empty lineup still lasts its default slot, so it lists as upcoming until then.
      end_at: slots.length > 0 ? toMillis(end) : toMillis(seedEvent.start) + 60 * 60 * 1000,
      published: toFlag(seedEvent.published),
      host: seedEvent.host,
      message: DEFAULT_SETTINGS.defaultMessage,
      footer: DEFAULT_SETTINGS.defaultFooter,
      signups_open: toFlag(seedEvent.signupsOpen),
      version: 1,
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
  for (const [position, signup] of signups.entries()) {
    await trx
      .insertInto('signups')
      .values({
        uuid: signup.uuid,
        event_id: eventId,
        position,
        name: signup.name,
        is_debut: toFlag(signup.isDebut),
        requested_duration: signup.requestedDuration,
        type: signup.type,
        hidden: 0,
        form_data: signup.formData ? JSON.stringify(signup.formData) : null,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    await trx
      .insertInto('signup_djs')
      .values(signup.djRefs.map((djId, k) => ({ signup_uuid: signup.uuid, event_id: eventId, dj_id: djId, position: k })))
      .execute();
  }
  if (slots.length > 0) {
    await trx
      .insertInto('slots')
      .values(
        slots.map((slot, position) => ({
          event_id: eventId,
          position,
          signup_uuid: slot.signupUuid,
          dj_name: slot.djName,
          dj_id: slot.djRef,
          start_at: toMillis(slot.startTime),
          duration: slot.duration,
          is_debut: toFlag(slot.isDebut),
          slot_type: slot.slotType,
          stream_source_url: slot.streamSourceUrl,
          stream_source_type: slot.streamSourceType,
        })),
      )
      .execute();
    const plays = computeDjPlays(slots, signups);
    await trx.insertInto('dj_plays').values(plays.map((djId) => ({ event_id: eventId, dj_id: djId }))).execute();
  }
}

function demoFormData(eventId: string, name: string, streamLink: string, duration: number): SignupFormData {
  return {
    event_id: eventId,
    name,
    is_b2b: false,
    b2b_members_response: '',
    requested_duration: duration,
    type: 'LIVE',
    stream_link: streamLink,
    available_from: 'any',
    available_to: 'any',
    confirm_expectations: true,
    dj_notes: '',
  };
}
