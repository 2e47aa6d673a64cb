// The preflight of an event (issue 13): what must be done before it is published, what should
// be, and how far along it is. Pure: the Preflight tab shows it, the server gates Publish on it.
import { hasStreamSource, placeSlots } from './lineup.js';
import { uncheckedSlots } from './stream-checks.js';
import type { EventTab } from './paths.js';
import type { LineupEvent, PreflightStep } from './schemas/events.js';

export type PreflightId = 'host' | 'lineup' | 'streams' | 'confirmed' | 'streamsTested' | PreflightStep;

export interface PreflightItem {
  id: PreflightId;
  label: string;
  required: boolean;
  done: boolean;
  /** What is missing, when not done (names of slots or DJs). */
  detail?: string;
}

/** The tab of the event page where each step is done (issue 34: the Preflight tab links there). */
export const PREFLIGHT_TABS: Record<PreflightId, EventTab> = {
  host: 'setup',
  lineup: 'lineup',
  streams: 'technicalDetails',
  confirmed: 'verifyDJs',
  streamsTested: 'technicalDetails',
  textsCopied: 'announcements',
  streamDetailsChecked: 'technicalDetails',
};

type PreflightEvent = Pick<LineupEvent, 'host' | 'startDatetime' | 'slots' | 'signups' | 'preflight'>;

export function preflight(event: PreflightEvent, djNames: Record<string, string> = {}): PreflightItem[] {
  const placed = placeSlots(event);
  const withoutSource = placed.filter((slot) => !hasStreamSource(slot));
  const unconfirmed = placed.flatMap((slot) =>
    slot.signup ? slot.djIds.filter((djId) => slot.signup!.confirmations[djId] !== 'confirmed') : [],
  );
  const untested = uncheckedSlots(placed);
  const names = (ids: string[]) => ids.map((id) => djNames[id] ?? id).join(', ');
  return [
    { id: 'host', label: 'Host set', required: true, done: event.host.trim() !== '' },
    { id: 'lineup', label: 'At least one slot in the lineup', required: true, done: placed.length > 0 },
    {
      id: 'streams',
      label: 'Every slot has a stream source or is a prerecord',
      required: true,
      done: withoutSource.length === 0,
      ...(withoutSource.length > 0 && { detail: `No source: ${withoutSource.map((slot) => slot.name ?? 'unnamed slot').join(', ')}` }),
    },
    {
      id: 'confirmed',
      label: 'Every DJ confirmed their slot',
      required: true,
      done: unconfirmed.length === 0,
      ...(unconfirmed.length > 0 && { detail: `Not confirmed: ${names([...new Set(unconfirmed)])}` }),
    },
    // Optional: a stream test is wanted by the deadline (decision 045), but it never holds up Publish.
    {
      id: 'streamsTested',
      label: "Every slot's stream tested",
      required: false,
      done: untested.length === 0,
      ...(untested.length > 0 && { detail: `Not tested: ${untested.map((slot) => slot.name ?? 'unnamed slot').join(', ')}` }),
    },
    { id: 'textsCopied', label: 'Announcement texts copied', required: false, done: event.preflight.textsCopied !== null },
    { id: 'streamDetailsChecked', label: 'Stream details checked with the stream team', required: false, done: event.preflight.streamDetailsChecked !== null },
  ];
}

/** The required steps not done yet, each as a line ('Every DJ confirmed their slot (Not confirmed: Rex)'). */
export function unmetRequirements(event: PreflightEvent, djNames: Record<string, string> = {}): string[] {
  return preflight(event, djNames)
    .filter((item) => item.required && !item.done)
    .map((item) => (item.detail ? `${item.label} (${item.detail})` : item.label));
}

/** How Publish names the open steps: 'Requirements not met: …; ….' */
export const requirementsNotMet = (unmet: readonly string[]) => `Requirements not met: ${unmet.join('; ')}.`;
