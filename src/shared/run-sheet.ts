// The run sheet (issue 13, Stream Details): what the stream operator needs on one screen, a line
// per slot with its time, name and stream source. Plain text for the operator, not for Discord,
// so names are not neutralised, only kept on one line each.
import { STREAM_SOURCE_LABELS } from './domain.js';
import { hasStreamSource, placeSlots } from './lineup.js';
import type { Dj } from './schemas/djs.js';
import type { LineupEvent } from './schemas/events.js';
import { standbySignups } from './standby.js';
import { maskStreamLink } from './stream-display.js';
import { isStreamKeyLink } from './streams.js';
import { type StaffZones, staffClocks, staffTime, zoneAbbreviation } from './time.js';

export type RunSheetEvent = Pick<LineupEvent, 'name' | 'startDatetime' | 'slots' | 'signups'>;

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * `20:00–21:00  Rex Rhythm  RTMP rtmp://…`, one line per slot, times in the viewer's zone with the
 * series' in brackets where its clock differs (decision 042), under a heading naming the zones. A
 * slot starting after a change of a zone's name (a lineup through the night the clocks change)
 * carries its own. Links are in the form the operator pulls (the slots hold them so,
 * shared/streams.ts); one that carries a stream key is masked, and said to be no playback link,
 * unless `revealKeys`.
 */
export function runSheet(event: RunSheetEvent, djs: Record<string, Dj>, zones: StaffZones, { revealKeys = false } = {}): string {
  const names = { viewer: zoneAbbreviation(event.startDatetime, zones.viewer), series: zoneAbbreviation(event.startDatetime, zones.series) };
  const clocks = (startTime: string, endTime: string, zone: keyof StaffZones, clock: string) => {
    const name = zoneAbbreviation(startTime, zones[zone]);
    return `${clock}${name === names[zone] ? '' : ` ${name}`}`;
  };
  let seriesBeside = false;
  const lines = placeSlots(event, djs).map((placed) => {
    const { slot, name, startTime, endTime } = placed;
    const { viewer, series } = staffClocks({ start: startTime, end: endTime }, zones);
    if (series) seriesBeside = true;
    const time = `${clocks(startTime, endTime, 'viewer', viewer)}${series ? ` (${clocks(startTime, endTime, 'series', series)})` : ''}`;
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
  const legend = seriesBeside ? `times in ${names.viewer}, ${names.series} in brackets` : `times in ${names.viewer}`;
  // Who can take over a slot tonight (issue 35): the operator needs them when a DJ does not show.
  const standbys = standbySignups(event.signups, event.slots).map((signup) => oneLine(signup.name) || 'Unnamed signup');
  return [
    `Run sheet: ${oneLine(event.name)}, ${staffTime(event.startDatetime, zones, 'day')} (${legend})`,
    '',
    ...(lines.length ? lines : ['No slots yet']),
    ...(standbys.length ? ['', `Standby: ${standbys.join(', ')}`] : []),
  ].join('\n');
}
