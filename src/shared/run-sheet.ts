// The run sheet (issue 13, Stream Details): what the stream operator needs on one screen, a line
// per slot with its time, name and stream source. Plain text for the operator, not for Discord,
// so names are not neutralised, only kept on one line each.
import { DateTime } from 'luxon';
import { STREAM_SOURCE_LABELS } from './domain.js';
import { hasStreamSource, placeSlots } from './lineup.js';
import type { Dj } from './schemas/djs.js';
import type { LineupEvent } from './schemas/events.js';
import { maskStreamLink } from './stream-display.js';
import { isStreamKeyLink } from './streams.js';
import { formatLocalTime, zoneAbbreviation } from './time.js';

export type RunSheetEvent = Pick<LineupEvent, 'name' | 'startDatetime' | 'slots' | 'signups'>;

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * `20:00–21:00  Rex Rhythm  RTMP rtmp://…`, one line per slot, times in `zone` (the series zone)
 * under a heading naming the zone. A slot starting after a change of the zone's name (a lineup
 * through the night the clocks change) carries its own. Links are in the form the operator pulls
 * (the slots hold them so, shared/streams.ts); one that carries a stream key is masked, and said
 * to be no playback link, unless `revealKeys`.
 */
export function runSheet(event: RunSheetEvent, djs: Record<string, Dj>, zone: string, { revealKeys = false } = {}): string {
  const zoneName = zoneAbbreviation(event.startDatetime, zone);
  const date = DateTime.fromISO(event.startDatetime, { zone }).setLocale('en-US').toFormat('ccc d LLL yyyy');
  const lines = placeSlots(event, djs).map((placed) => {
    const { slot, name, startTime, endTime } = placed;
    const slotZone = zoneAbbreviation(startTime, zone);
    const time = `${formatLocalTime(startTime, zone)}–${formatLocalTime(endTime, zone)}${slotZone === zoneName ? '' : ` ${slotZone}`}`;
    const key = isStreamKeyLink(slot.streamSourceUrl);
    const url = oneLine(key && !revealKeys ? maskStreamLink(slot.streamSourceUrl) : slot.streamSourceUrl);
    // The preflight's rule: a prerecord needs no link.
    const source = url
      ? `${STREAM_SOURCE_LABELS[slot.streamSourceType]} ${url}${key ? ' (a private stream key, not a playback link: ask the DJ for theirs)' : ''}`
      : hasStreamSource(placed)
        ? STREAM_SOURCE_LABELS.PRERECORD
        : 'No stream source set';
    return `${time}  ${name === null ? 'Unnamed slot' : oneLine(name)}  ${source}`;
  });
  return [`Run sheet: ${oneLine(event.name)}, ${date} (times in ${zoneName})`, '', ...(lines.length ? lines : ['No slots yet'])].join('\n');
}
