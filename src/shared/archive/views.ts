import { DEFAULT_SETTINGS, settingsSchema } from '../schemas/settings.js';
import { calendarDay, formatLocalTime } from '../time.js';
import { toCsv } from './csv.js';
import { ROSTER_COLUMNS } from './roster-csv.js';
import { playsAsOf, rosterStats } from '../plays.js';
import type { DjPlay } from '../schemas/djs.js';
import type { Archive, ArchiveTables } from './schema.js';

// The spreadsheet views staff keep (the original tool's weekly backup): the DJs as the Dj Roster
// lists them, the events with their DJs, and a DJ × event grid of plays. Derived from an archive,
// so the same archive always gives the same files: plays count as the roster counts them
// (shared/plays.ts) as of the archive's export time. Dates are in the series' time zone.

export const CSV_VIEWS = ['djs', 'events', 'plays'] as const;
export type CsvView = (typeof CSV_VIEWS)[number];

export const CSV_VIEW_LABELS: Record<CsvView, string> = {
  djs: 'DJs',
  events: 'Events with their DJs',
  plays: 'Plays grid (DJ × event)',
};

// The roster's columns are the roster import's (roster-csv.ts), so an exported roster reads back in.
const { djName, publicName, discordId, rtmpUrl, twitchUsername } = ROSTER_COLUMNS;
const TOTAL_PLAYS = 'Total Plays';
const DJ_COLUMNS = [djName.label, publicName.label, discordId.label, TOTAL_PLAYS, 'Most Recent Play', rtmpUrl.label, twitchUsername.label, 'Archived'];

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The series' zone as the archive's settings have it (the default zone otherwise). */
function seriesZone(tables: ArchiveTables): string {
  const global = tables.settings.find((row) => row.key === 'global')?.value as Record<string, unknown> | undefined;
  const parsed = settingsSchema.shape.defaultZone.safeParse(global?.defaultZone);
  return parsed.success ? parsed.data : DEFAULT_SETTINGS.defaultZone;
}

function sortedDjs(tables: ArchiveTables) {
  return [...tables.djs].sort((a, b) => byText(a.dj_name.toLowerCase(), b.dj_name.toLowerCase()) || byText(a.id, b.id));
}

function sortedEvents(tables: ArchiveTables) {
  return [...tables.events].sort((a, b) => byText(a.start_at, b.start_at) || byText(a.id, b.id));
}

/** A view of an archive (its tables and export time, `exportedAt`). */
export function csvView(archive: Pick<Archive, 'tables' | 'exportedAt'>, view: CsvView): string {
  const asOf = Date.parse(archive.exportedAt);
  switch (view) {
    case 'djs':
      return djsCsv(archive.tables, asOf);
    case 'events':
      return eventsCsv(archive.tables);
    case 'plays':
      return playsCsv(archive.tables, asOf);
  }
}

/** Each DJ's plays (dj_plays with their events), as shared/plays.ts reads them. */
function playsByDj(tables: ArchiveTables): Map<string, DjPlay[]> {
  const events = new Map(tables.events.map((event) => [event.id, event]));
  const plays = new Map<string, DjPlay[]>();
  for (const { dj_id, event_id } of tables.dj_plays) {
    const event = events.get(event_id);
    if (!event) continue;
    const play = { eventId: event.id, eventName: event.name, startDatetime: event.start_at, endDatetime: event.end_at };
    plays.set(dj_id, [...(plays.get(dj_id) ?? []), play]);
  }
  return plays;
}

function djsCsv(tables: ArchiveTables, asOf: number): string {
  const zone = seriesZone(tables);
  const plays = playsByDj(tables);
  const rows = sortedDjs(tables).map((dj) => {
    // Booked events not over yet are not plays that happened (issue 34).
    const { totalPlays, mostRecentPlay } = rosterStats(plays.get(dj.id) ?? [], asOf);
    return [
      dj.dj_name,
      dj.public_name,
      dj.discord_id ?? '',
      totalPlays,
      mostRecentPlay ? calendarDay(mostRecentPlay.startDatetime, zone) : '',
      dj.rtmp_url,
      dj.twitch_username,
      dj.archived_at ? 'yes' : '',
    ];
  });
  return toCsv(DJ_COLUMNS, rows);
}

function eventsCsv(tables: ArchiveTables): string {
  const zone = seriesZone(tables);
  const djName = new Map(tables.djs.map((dj) => [dj.id, dj.dj_name]));
  const signupDjs = new Map<string, string[]>();
  for (const row of [...tables.signup_djs].sort((a, b) => a.position - b.position)) {
    signupDjs.set(row.signup_uuid, [...(signupDjs.get(row.signup_uuid) ?? []), djName.get(row.dj_id) ?? row.dj_id]);
  }
  const slotsOf = new Map<string, typeof tables.slots>();
  for (const slot of tables.slots) slotsOf.set(slot.event_id, [...(slotsOf.get(slot.event_id) ?? []), slot]);
  const rows = sortedEvents(tables).map((event) => {
    const lineup = [...(slotsOf.get(event.id) ?? [])]
      .sort((a, b) => a.position - b.position)
      .map((slot) => {
        const djs = slot.signup_uuid ? signupDjs.get(slot.signup_uuid) : undefined;
        if (djs?.length) return djs.join(' b2b ');
        return slot.legacy_dj_name || (slot.legacy_dj_id ? (djName.get(slot.legacy_dj_id) ?? '') : '');
      })
      .filter(Boolean);
    return [
      calendarDay(event.start_at, zone),
      formatLocalTime(event.start_at, zone),
      event.name,
      event.host,
      lineup.join(', '),
      lineup.length,
      event.published ? 'yes' : '',
      event.cancelled_at ? 'yes' : '',
      event.id,
    ];
  });
  return toCsv(['Date', `Start (${zone})`, 'Name', 'Host', 'Djs', 'Slots', 'Published', 'Cancelled', 'Event ID'], rows);
}

/** A DJ × event grid: 1 for a play that happened, 'booked' for an event not over when exported. */
function playsCsv(tables: ArchiveTables, asOf: number): string {
  const zone = seriesZone(tables);
  const events = sortedEvents(tables);
  const plays = playsByDj(tables);
  const rows = sortedDjs(tables).map((dj) => {
    const { happened, upcoming } = playsAsOf(plays.get(dj.id) ?? [], asOf);
    const mark = new Map<string, 1 | 'booked'>([...happened.map((play) => [play.eventId, 1] as const), ...upcoming.map((play) => [play.eventId, 'booked'] as const)]);
    const cells = events.map((event) => mark.get(event.id) ?? null);
    return [dj.dj_name, dj.discord_id ?? '', happened.length, ...cells];
  });
  return toCsv([djName.label, discordId.label, TOTAL_PLAYS, ...events.map((event) => `${calendarDay(event.start_at, zone)} ${event.name}`)], rows);
}
