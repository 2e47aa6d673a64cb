import ical, { type ICalCalendar, ICalEventStatus } from 'ical-generator';
import { CANCELLED_WORDS, lineupLines, zoneLabel } from '@shared/public-lineup.js';
import type { PublicEvent } from '@shared/schemas/public.js';

// iCalendar feeds (issue 14): the series' published events, and one DJ's own slots. Times are
// UTC; each entry's stamp is when its event was last saved, so an unchanged feed gives the same
// bytes (and ETag) on every request.

const HOUR_MS = 3_600_000;

/**
 * An event ends with its lineup; one without a lineup yet ends where it starts, so it shows as
 * one hour in calendars. A slot's entry is always exactly the slot: a half hour stays a half hour
 * and never overlaps the next DJ.
 */
const eventEndOf = (start: string, end: string) => new Date(Date.parse(end) > Date.parse(start) ? Date.parse(end) : Date.parse(start) + HOUR_MS);

function calendar(appName: string, name: string): ICalCalendar {
  return ical({ name, prodId: { company: appName, product: 'Lineup', language: 'EN' }, ttl: HOUR_MS / 1000 });
}

/**
 * A cancelled event keeps its entry (a calendar that dropped it would say nothing), marked the way
 * calendars show it (STATUS:CANCELLED, struck through in most) and named so in words too.
 */
const cancelledOr = (cancelled: boolean, summary: string) =>
  cancelled ? { summary: `Cancelled: ${summary}`, status: ICalEventStatus.CANCELLED } : { summary };

/** RFC 5545 ends every content line with CRLF, the last one too (ical-generator leaves it off). */
const text = (cal: ICalCalendar) => `${cal.toString()}\r\n`;

export interface SeriesFeedEvent extends PublicEvent {
  updatedAt: number;
  /** Its public page. */
  url: string;
}

/** The series: every published event, its lineup in the description (in the series' zone). */
export function seriesCalendar(input: { appName: string; seriesName: string; zone: string; events: readonly SeriesFeedEvent[] }): string {
  const cal = calendar(input.appName, input.seriesName);
  for (const event of input.events) {
    const lines = lineupLines(event, input.zone);
    const host = event.host.trim() || 'TBA';
    const lineup = [
      lines.length > 0 ? `Lineup (${zoneLabel(event.startDatetime, input.zone)}):` : 'Lineup TBA',
      ...lines,
      ...(event.links.length > 0 ? ['', ...event.links.map((l) => `${l.label}: ${l.url}`)] : []),
    ];
    const description = [...(event.cancelled ? [CANCELLED_WORDS, ''] : []), `Host: ${host}`, '', ...(event.cancelled ? [] : [...lineup, '']), event.url].join('\n');
    cal.createEvent({
      id: `${event.id}@lineup`,
      start: new Date(event.startDatetime),
      end: eventEndOf(event.startDatetime, event.endDatetime),
      stamp: new Date(event.updatedAt),
      ...cancelledOr(event.cancelled, event.name),
      description,
      url: event.url,
    });
  }
  return text(cal);
}

export interface DjFeedSlot {
  eventId: string;
  eventName: string;
  host: string;
  /** Staff cancelled the event: the entry stays, marked cancelled, so the DJ's calendar says so. */
  cancelled: boolean;
  position: number;
  name: string;
  startTime: string;
  endTime: string;
  updatedAt: number;
  url: string;
}

/** One DJ's own slots: when they play, at which event; nothing about anyone else's. */
export function djCalendar(input: { appName: string; seriesName: string; slots: readonly DjFeedSlot[] }): string {
  const cal = calendar(input.appName, `My slots: ${input.seriesName}`);
  for (const slot of input.slots) {
    cal.createEvent({
      id: `${slot.eventId}.${slot.position}@lineup-dj`,
      start: new Date(slot.startTime),
      end: new Date(slot.endTime),
      stamp: new Date(slot.updatedAt),
      ...cancelledOr(slot.cancelled, `${slot.name} at ${slot.eventName}`),
      description: [...(slot.cancelled ? [CANCELLED_WORDS] : []), `Your set at ${slot.eventName}.`, `Host: ${slot.host.trim() || 'TBA'}`, '', slot.url].join('\n'),
      url: slot.url,
    });
  }
  return text(cal);
}
