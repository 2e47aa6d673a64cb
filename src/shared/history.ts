import { formatHours, placeSlots, type PlacedSlot } from './lineup.js';
import { pluralise } from './pluralise.js';
import { requirementsNotMet } from './preflight.js';
import { type EventChangeKind, LIVE_MARK_LABELS, STREAM_SOURCE_LABELS } from './domain.js';
import type { DiscordPostKind } from './discord-webhooks.js';
import type { Dj } from './schemas/djs.js';
import type { LineupEvent, PreflightStep } from './schemas/events.js';
import { HISTORY_EVENT_FIELDS, type HistoryLine, HISTORY_SIGNUP_FIELDS, HISTORY_TEXT_FIELDS } from './schemas/history.js';
import { ANSWER_LABELS, type SignupFormData } from './schemas/signup-answers.js';
import { calendarDay, formatDayTime, formatLocalTime, inStaffZones, type StaffZones, staffTime } from './time.js';

// What a change did to an event, as lines of its history (docs/decisions/013-event-history.md):
// computed from the event before and after a save, and written as text for the History tab.
// Pure: the server stores the lines, the client writes them in the series' zone.

type DjNames = Record<string, Dj>;

const nameOfDj = (djs: DjNames, id: string) => djs[id]?.djName || djs[id]?.publicName || 'Unknown DJ';

/**
 * The lines a save made: event fields, signups, their DJs, the lineup and confirmations. `seen`:
 * the signups the save wrote; one that is in neither the event before nor the save arrived from
 * a DJ meanwhile and has an entry of its own. Names are the names at the time (after the save,
 * or before it for what it removed). No lines: the save changed nothing.
 */
export function saveChanges(before: LineupEvent, after: LineupEvent, djs: DjNames, seen: ReadonlySet<string>): HistoryLine[] {
  const beforeUuids = new Set(before.signups.map((signup) => signup.uuid));
  const ours = (uuid: string) => beforeUuids.has(uuid) || seen.has(uuid);
  const afterOurs = { ...after, signups: after.signups.filter((signup) => ours(signup.uuid)) };
  return [...eventFieldLines(before, after), ...signupLines(before, afterOurs, djs), ...slotLines(before, afterOurs, djs)];
}

function eventFieldLines(before: LineupEvent, after: LineupEvent): HistoryLine[] {
  const lines: HistoryLine[] = [];
  for (const name of HISTORY_EVENT_FIELDS) {
    const [from, to] = [before[name], after[name]];
    if (isTextField(name)) {
      // Long texts: that they changed, not the texts themselves.
      if (JSON.stringify(from) !== JSON.stringify(to)) lines.push({ t: 'event', field: name, from: null, to: null });
      continue;
    }
    const same = name === 'startDatetime' || name === 'signupsCloseAt' ? sameInstant(from as string | null, to as string | null) : from === to;
    if (!same) lines.push({ t: 'event', field: name, from: from as string | number | boolean | null, to: to as string | number | boolean | null });
  }
  return lines;
}

const isTextField = (name: string): name is (typeof HISTORY_TEXT_FIELDS)[number] => (HISTORY_TEXT_FIELDS as readonly string[]).includes(name);

const sameInstant = (a: string | null, b: string | null) => (a === null || b === null ? a === b : Date.parse(a) === Date.parse(b));

function signupLines(before: LineupEvent, after: LineupEvent, djs: DjNames): HistoryLine[] {
  const lines: HistoryLine[] = [];
  const was = new Map(before.signups.map((signup) => [signup.uuid, signup]));
  const kept = new Set(after.signups.map((signup) => signup.uuid));
  const inLineup = new Set(after.slots.map((slot) => slot.signupUuid));
  for (const signup of before.signups) if (!kept.has(signup.uuid)) lines.push({ t: 'signup', change: 'removed', name: signup.name });
  for (const signup of after.signups) {
    const old = was.get(signup.uuid);
    if (!old) {
      lines.push({ t: 'signup', change: 'added', name: signup.name });
      continue;
    }
    if (old.updatePendingAt !== null && signup.updatePendingAt === null) lines.push({ t: 'update_resolved', name: signup.name });
    // Off standby into a slot: the slot's line says so.
    if (old.standby !== signup.standby && (signup.standby || !inLineup.has(signup.uuid))) lines.push({ t: 'standby', name: signup.name, on: signup.standby });
    for (const field of HISTORY_SIGNUP_FIELDS) {
      if (old[field] !== signup[field]) lines.push({ t: 'signup_field', name: signup.name, field, from: old[field], to: signup[field] });
    }
    for (const dj of old.djRefs) if (!signup.djRefs.includes(dj)) lines.push({ t: 'signup_dj', change: 'removed', name: signup.name, dj: nameOfDj(djs, dj) });
    for (const dj of signup.djRefs) {
      if (!old.djRefs.includes(dj)) {
        lines.push({ t: 'signup_dj', change: 'added', name: signup.name, dj: nameOfDj(djs, dj) });
        continue;
      }
      const to = signup.confirmations[dj] ?? 'proposed';
      if ((old.confirmations[dj] ?? 'proposed') !== to) lines.push({ t: 'confirmation', name: signup.name, dj: nameOfDj(djs, dj), to });
    }
  }
  return lines;
}

/** A slot's identity across saves: its signup, or what a legacy slot carries. */
const slotKey = (placed: PlacedSlot) => placed.slot.signupUuid ?? `legacy:${placed.slot.legacy?.djRef ?? ''}:${placed.slot.legacy?.djName ?? ''}`;

/**
 * Slots in and out of the lineup, moved (with their new start) and re-timed. A slot whose offset
 * from the event's start stays the same is not re-timed: moving the event moves every slot, and
 * the start's own line says so.
 */
function slotLines(before: LineupEvent, after: LineupEvent, djs: DjNames): HistoryLine[] {
  const lines: HistoryLine[] = [];
  const was = placeSlots(before, djs);
  const now = placeSlots(after, djs);
  const index = new Map(was.map((placed, i) => [slotKey(placed), { placed, i }]));
  const kept = new Set(now.map(slotKey));
  const nameOf = (placed: PlacedSlot) => placed.name ?? 'Unnamed slot';
  const swaps = standbySwaps(before, was, now, kept);
  for (const placed of was) if (!kept.has(slotKey(placed)) && !swaps.has(placed)) lines.push({ t: 'slot', change: 'removed', name: nameOf(placed), start: null });
  now.forEach((placed, i) => {
    const old = index.get(slotKey(placed));
    const dropped = swaps.get(placed);
    if (dropped) {
      lines.push({ t: 'standby_swap', name: nameOf(placed), dropped: nameOf(dropped), start: placed.startTime });
    } else if (!old) {
      lines.push({ t: 'slot', change: 'added', name: nameOf(placed), start: placed.startTime });
    } else if (old.i !== i) {
      lines.push({ t: 'slot_moved', name: nameOf(placed), from: old.i + 1, to: i + 1, start: placed.startTime });
    } else if (offset(old.placed, before) !== offset(placed, after)) {
      lines.push({ t: 'slot_time', name: nameOf(placed), from: old.placed.startTime, to: placed.startTime });
    }
    if (old && (old.placed.slot.streamSourceUrl !== placed.slot.streamSourceUrl || old.placed.slot.streamSourceType !== placed.slot.streamSourceType)) {
      lines.push({ t: 'slot_source', name: nameOf(placed), type: placed.slot.streamSourceType });
    }
  });
  return lines;
}

/**
 * Swap in standby: a slot whose signup left the lineup and, at the same place and start, a signup
 * that was on standby before the save. Both ways, so the pair makes one line rather than an
 * 'out' and an 'into'.
 */
function standbySwaps(before: LineupEvent, was: PlacedSlot[], now: PlacedSlot[], kept: ReadonlySet<string>): Map<PlacedSlot, PlacedSlot> {
  const standbys = new Set(before.signups.filter((signup) => signup.standby).map((signup) => signup.uuid));
  const pairs = new Map<PlacedSlot, PlacedSlot>();
  now.forEach((placed, i) => {
    const old = was[i];
    if (!old || !placed.slot.signupUuid || !standbys.has(placed.slot.signupUuid) || kept.has(slotKey(old)) || old.startTime !== placed.startTime) return;
    pairs.set(placed, old).set(old, placed);
  });
  return pairs;
}

const offset = (placed: PlacedSlot, event: LineupEvent) => Date.parse(placed.startTime) - Date.parse(event.startDatetime);

/** The answers a DJ's update changed, by label (none when they sent the same answers again). */
export function changedAnswers(before: SignupFormData | null, after: SignupFormData): string[] {
  return Object.entries(ANSWER_LABELS).flatMap(([key, label]) => {
    const field = key as keyof SignupFormData;
    return before === null || before[field] !== after[field] ? [label] : [];
  });
}

/** What the actor did, after their name: 'Hal saved the event'. */
export const HISTORY_KIND_LABELS: Record<EventChangeKind, string> = {
  created: 'created the event',
  saved: 'saved the event',
  published: 'published the event',
  unpublished: 'unpublished the event',
  cancelled: 'cancelled the event',
  restored: 'restored the event',
  preflight_step: 'updated the preflight',
  confirmation: 'recorded a DJ’s answer',
  signup_submitted: 'signed up',
  signup_updated: 'updated their signup',
  signup_withdrawn: 'withdrew their signup',
  slot_confirmed: 'confirmed their slot',
  slot_declined: 'declined their slot',
  discord_post: 'posted to Discord',
  dj_merged: 'merged two DJ records',
  stream_check: 'recorded a stream check',
  live_mark: 'marked a slot on the live board',
};

const PREFLIGHT_LABELS: Record<PreflightStep, string> = {
  textsCopied: 'Announcement texts copied',
  streamDetailsChecked: 'Stream details checked with the stream team',
};

const POST_LABELS: Record<DiscordPostKind, string> = {
  'signups-open': 'the signups-open message',
  verify: 'the Verify DJs message',
  announcement: 'the announcement',
  cancellation: 'the cancellation notice',
};

const CONFIRMATION_WORDS = { proposed: 'back to proposed', confirmed: 'confirmed', declined: 'declined' } as const;

const EVENT_FIELD_LABELS = {
  name: 'Name',
  startDatetime: 'Start',
  host: 'Host',
  message: 'Message edited',
  footer: 'Footer edited',
  publicLinks: 'Public links edited',
  signupsAreOpen: 'Signups',
  signupsCloseAt: 'Signups close',
  signupCap: 'Maximum signups',
} as const;

/** 'Sun 7 Dec 20:00 → 21:00 London time' (the day again only when it changed), the series' zone beside. */
function instantChange(from: string | null, to: string | null, zones: StaffZones, none: string): string {
  if (from === null || to === null) return `${from === null ? none : staffTime(from, zones, 'dayTime')} → ${to === null ? none : staffTime(to, zones, 'dayTime')}`;
  return inStaffZones(zones, (zone) => `${formatDayTime(from, zone)} → ${calendarDay(from, zone) === calendarDay(to, zone) ? formatLocalTime(to, zone) : formatDayTime(to, zone)}`);
}

const shown = (value: string | number | boolean | null, none = 'none') => (value === null || value === '' ? none : String(value));

function eventLineText(line: Extract<HistoryLine, { t: 'event' }>, zones: StaffZones): string {
  const label = EVENT_FIELD_LABELS[line.field];
  switch (line.field) {
    case 'message':
    case 'footer':
    case 'publicLinks':
      return label;
    case 'signupsAreOpen':
      return line.to ? 'Signups opened' : 'Signups closed';
    case 'startDatetime':
      return `${label}: ${instantChange(line.from as string | null, line.to as string | null, zones, 'none')}`;
    case 'signupsCloseAt':
      return `${label}: ${instantChange(line.from as string | null, line.to as string | null, zones, 'no deadline')}`;
    case 'signupCap':
      return `${label}: ${shown(line.from, 'no limit')} → ${shown(line.to, 'no limit')}`;
    default:
      return `${label}: ${shown(line.from)} → ${shown(line.to)}`;
  }
}

function signupFieldText(line: Extract<HistoryLine, { t: 'signup_field' }>): string {
  switch (line.field) {
    case 'name':
      return `Signup renamed: ${shown(line.from)} → ${shown(line.to)}`;
    case 'requestedDuration':
      return `${line.name}: length ${formatHours(Number(line.from))} → ${formatHours(Number(line.to))}`;
    case 'type':
      return `${line.name}: type ${shown(line.from)} → ${shown(line.to)}`;
    case 'isDebut':
      return line.to ? `${line.name}: marked as a debut` : `${line.name}: no longer a debut`;
    case 'hidden':
      return line.to ? `${line.name}: collapsed` : `${line.name}: expanded`;
  }
}

/** A line as the History tab shows it, times in the viewer's zone with the series' beside (decision 042). */
export function historyLineText(line: HistoryLine, zones: StaffZones): string {
  switch (line.t) {
    case 'event':
      return eventLineText(line, zones);
    case 'signup':
      return `Signup ${line.change}: ${line.name}`;
    case 'signup_field':
      return signupFieldText(line);
    case 'signup_dj':
      return line.change === 'added' ? `${line.name}: ${line.dj} added` : `${line.name}: ${line.dj} removed`;
    case 'slot':
      return line.change === 'added'
        ? `Into the lineup: ${line.name}${line.start ? ` at ${staffTime(line.start, zones, 'time')}` : ''}`
        : `Out of the lineup: ${line.name}`;
    case 'slot_moved':
      return `${line.name}: moved from slot ${line.from} to ${line.to}, now at ${staffTime(line.start, zones, 'time')}`;
    case 'slot_time':
      return `${line.name}: ${inStaffZones(zones, (zone) => `${formatLocalTime(line.from, zone)} → ${formatLocalTime(line.to, zone)}`)}`;
    case 'slot_source':
      return `${line.name}: stream source changed (${STREAM_SOURCE_LABELS[line.type]})`;
    case 'standby':
      return line.on ? `${line.name}: put on standby` : `${line.name}: taken off standby`;
    case 'standby_swap':
      return `${line.name} swapped in from standby for ${line.dropped}, at ${staffTime(line.start, zones, 'time')}; ${line.dropped} back in the signups`;
    case 'stream_check':
      return line.tested ? `${line.name}: stream tested` : `${line.name}: stream test taken back`;
    case 'update_resolved':
      return `${line.name}: the DJ’s update applied or dismissed`;
    case 'confirmation':
      return `${line.dj} ${CONFIRMATION_WORDS[line.to]} (${line.name})`;
    case 'answers':
      return line.fields.length === 0 ? `${line.name}: answers sent again, unchanged` : `${line.name}: changed ${line.fields.join(', ')}`;
    case 'preflight':
      return `${PREFLIGHT_LABELS[line.step]}: ${line.done ? 'ticked' : 'unticked'}`;
    case 'discord':
      return `${line.updated ? 'Updated' : 'Posted'} ${POST_LABELS[line.post]}`;
    case 'next_of':
      return `Created as the next event after ${line.name}`;
    case 'published_anyway':
      return `Published anyway. ${requirementsNotMet(line.unmet)}`;
    case 'merged':
      return `${line.from} merged into ${line.into}`;
    case 'live_mark':
      return line.mark === null ? `${line.name}: mark cleared` : `${line.name}: ${LIVE_MARK_LABELS[line.mark]}`;
  }
}

/** How long ago, as people say it: 'just now', '5 minutes ago', '1 day ago'. */
export function timeAgo(iso: string, now: number): string {
  const minutes = Math.floor((now - Date.parse(iso)) / 60_000);
  if (Number.isNaN(minutes) || minutes < 1) return 'just now';
  if (minutes < 60) return `${pluralise(minutes, 'minute')} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${pluralise(hours, 'hour')} ago`;
  const days = Math.floor(hours / 24);
  return days < 60 ? `${pluralise(days, 'day')} ago` : `${pluralise(Math.floor(days / 30), 'month')} ago`;
}
