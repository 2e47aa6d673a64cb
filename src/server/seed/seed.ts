import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { DateTime } from 'luxon';
import type { Dj } from '@shared/schemas/djs.js';
import type { StaffSignup } from '@shared/schemas/lineup.js';
import { SIGNUP_ANSWER_DEFAULTS, type SignupFormData } from '@shared/schemas/signup-answers.js';
import { slotForSignup } from '@shared/lineup.js';
import { eventFieldsSchema, saveEventSchema } from '@shared/schemas/events.js';
import { DEFAULT_SETTINGS } from '@shared/schemas/settings.js';
import { toIsoUtc } from '@shared/time.js';
import { scheduleOf } from '@shared/series.js';
import { comingSundayAt } from '@shared/wall-clock.js';
import { DEV_ACCOUNTS, type DevAccount } from '../auth/dev-accounts.js';
import { inProcessBus } from '../changes/bus.js';
import type { Database } from '../db/schema.js';
import { toCount } from '../db/values.js';
import { createDj } from '../djs/service.js';
import { createEvent, getEventDetail, publishEvent, saveEvent, setStaffConfirmation } from '../events/service.js';
import { insertSignup } from '../lineup/dj-signup.js';

// Demo data: a roster with stream links, past events with lineups and plays, and an upcoming
// event with signups open and several signups, so a newcomer lands in a working app. It is
// written through the same services the app uses, so it obeys the same rules.

interface SeedDj {
  djName: string;
  publicName: string;
  discordId: string;
  rtmpUrl: string;
  twitch: string;
}

/** The development sign-in's people with a role, on the roster as signing in would put them. */
const devDjs = (keys: readonly DevAccount['key'][]): SeedDj[] =>
  DEV_ACCOUNTS.filter((a) => keys.includes(a.key)).map((a) => ({
    djName: a.key === 'dj2' ? 'Rex Rhythm' : `DJ ${a.globalName ?? a.username}`,
    publicName: a.nick ?? a.globalName ?? a.username,
    discordId: a.discordId,
    rtmpUrl: `rtmp://stream.vrcdn.live/live/${a.username}`,
    twitch: a.username,
  }));

const ROSTER: SeedDj[] = [
  ...devDjs(['admin', 'host', 'dj', 'dj2']),
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
  // Last, so the demo week's signups stay those of the DJs above: these three sign up themselves.
  ...devDjs(['dj3', 'dj4', 'dj5']),
];

export async function seedIfEmpty(db: Kysely<Database>, now = new Date()): Promise<boolean> {
  const [events, djs] = await Promise.all([
    db.selectFrom('events').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    db.selectFrom('djs').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  if (toCount(events.n as number) > 0 || toCount(djs.n as number) > 0) return false;
  await seed(db, now);
  return true;
}

async function seed(db: Kysely<Database>, now: Date) {
  const djs: Dj[] = [];
  for (const dj of ROSTER) {
    djs.push(
      await createDj({ db, fields: {
        discordId: dj.discordId,
        publicName: dj.publicName,
        djName: dj.djName,
        rtmpUrl: dj.rtmpUrl,
        twitchUsername: dj.twitch,
      } }),
    );
  }
  const djIds = djs.map((dj) => dj.id);

  const schedule = scheduleOf(DEFAULT_SETTINGS);
  const nextSunday = comingSundayAt(now, schedule);
  const weeksAgo = (weeks: number) =>
    toIsoUtc(DateTime.fromISO(nextSunday).setZone(schedule.zone).minus({ weeks }).toMillis());

  // Past events: four weeks of published lineups rotating through the roster, one B2B slot each.
  for (let week = 4; week >= 1; week -= 1) {
    const lineup = [0, 1, 2, 3].map((k) => djIds[(week * 3 + k) % djIds.length]!);
    const signups = lineup.map((djId, k) =>
      staffSignup(djs, k === 3 ? [djId, djIds[(week * 3 + 4) % djIds.length]!] : [djId], k === 0 ? 0.5 : 1),
    );
    await createWithLineup(db, {
      name: `${DEFAULT_SETTINGS.seriesName} #${20 - week}`,
      start: weeksAgo(week),
      host: ROSTER[week % 2]!.publicName,
      signupsOpen: false,
      signups,
      publish: true,
      streamUrls: Object.fromEntries(djs.map((dj) => [dj.id, dj.rtmpUrl])),
    });
  }

  // The upcoming event: signups open, five DJs signed up through the wizard, two in the lineup.
  const upcomingId = await createWithLineup(db, {
    name: `${DEFAULT_SETTINGS.seriesName} #20`,
    start: nextSunday,
    host: '',
    signupsOpen: true,
    signups: [],
    publish: false,
  });
  const stamp = now.getTime();
  for (const [k, index] of [3, 5, 6, 8, 10].entries()) {
    const dj = djs[index]!;
    await insertSignup(db, upcomingId, dj.id, demoFormData(upcomingId, dj.djName, dj.rtmpUrl, k % 3 === 2 ? 0.5 : 1), stamp);
  }
  const upcoming = await getEventDetail({ db, eventId: upcomingId });
  const [first, second] = upcoming.signups;
  await saveEvent(
    { db, changes: inProcessBus(), actor: null, eventId: upcomingId, body: saveEventSchema.parse({
      baseVersion: upcoming.version,
      event: eventFieldsSchema.parse(upcoming),
      signups: upcoming.signups.map((signup, k) => ({ ...signup, isDebut: k === 1 })),
      slots: [first!, second!].map((signup) => slotForSignup(signup)),
      removedSignupUuids: [],
    }) },
  );
}

interface SeedEvent {
  name: string;
  start: string;
  host: string;
  signupsOpen: boolean;
  signups: StaffSignup[];
  publish: boolean;
  /** Each slot streams from its main DJ's link. */
  streamUrls?: Record<string, string>;
}

/** Creates the event and saves its signups, all in the lineup, with stream sources set. */
async function createWithLineup(db: Kysely<Database>, seedEvent: SeedEvent): Promise<string> {
  const fields = eventFieldsSchema.parse({
    name: seedEvent.name,
    startDatetime: seedEvent.start,
    host: seedEvent.host,
    message: DEFAULT_SETTINGS.defaultMessage,
    footer: DEFAULT_SETTINGS.defaultFooter,
    signupsAreOpen: seedEvent.signupsOpen,
    publicLinks: seedEvent.publish ? [{ label: 'Watch on Twitch', url: 'https://twitch.tv/your-community' }] : [],
  });
  const { id } = await createEvent({ db, actor: null, request: { ...fields, confirmSameDay: false } });
  if (seedEvent.signups.length === 0) return id;
  const changes = inProcessBus();
  const saved = await saveEvent(
    { db, changes, actor: null, eventId: id, body: saveEventSchema.parse({
      baseVersion: 1,
      event: fields,
      signups: seedEvent.signups,
      slots: seedEvent.signups.map((signup) => ({
        ...slotForSignup(signup),
        streamSourceType: 'RTMP',
        streamSourceUrl: seedEvent.streamUrls?.[signup.djRefs[0]!] ?? '',
      })),
      removedSignupUuids: [],
    }) },
  );
  if (seedEvent.publish) {
    // Past nights happened: every DJ played the slot they had confirmed.
    for (const djId of seedEvent.signups.flatMap((signup) => signup.djRefs)) {
      await setStaffConfirmation({ db, changes, actor: null, eventId: id, body: { djId, confirmation: 'confirmed' } });
    }
    await publishEvent({ db, changes, actor: null, eventId: id, baseVersion: saved.version });
  }
  return id;
}

function staffSignup(djs: Dj[], djIds: string[], duration: StaffSignup['requestedDuration']): StaffSignup {
  const name = djIds.map((id) => djs.find((dj) => dj.id === id)!.djName).join(' b2b ');
  return { uuid: randomUUID(), name, djRefs: djIds, isDebut: false, requestedDuration: duration, type: 'LIVE', standby: false };
}

function demoFormData(eventId: string, name: string, streamLink: string, duration: SignupFormData['requested_duration']): SignupFormData {
  return { ...SIGNUP_ANSWER_DEFAULTS, event_id: eventId, name, requested_duration: duration, stream_link: streamLink, confirm_expectations: true };
}
