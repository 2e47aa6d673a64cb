import { placeSlots } from '@shared/lineup';
import type { LineupEvent } from '@shared/schemas/events';
import type { Signup } from '@shared/schemas/lineup';
import { uncheckedSlots } from '@shared/stream-checks';
import { staffTime } from '@shared/time';
import { useStreamCheckDeadline } from '@client/shared/streamChecks';
import { useStaffZones } from '@client/lib/useZone';

/** The draft's signups with the stream tests as stored (a tick is recorded at once, never drafted). */
export function withStoredStreamTests(draft: readonly Signup[], stored: readonly Signup[]): Signup[] {
  const tested = new Map(stored.map((signup) => [signup.uuid, signup.streamTestedAt]));
  return draft.map((signup) => ({ ...signup, streamTestedAt: tested.get(signup.uuid) ?? null }));
}

type UntestedEvent = Pick<LineupEvent, 'startDatetime' | 'slots' | 'signups'>;

/** Preflight's stream checks: the deadline, and each slot still untested by its DJ and time. */
export function UntestedStreams({ event, djNames }: { event: UntestedEvent; djNames: Record<string, string> }) {
  const zones = useStaffZones();
  const deadline = useStreamCheckDeadline(event.startDatetime);
  const placed = placeSlots(event);
  const untested = uncheckedSlots(placed);
  const by = deadline ? staffTime(new Date(deadline.deadline).toISOString(), zones, 'dayTime') : '';
  const overdue = deadline !== null && deadline.now >= deadline.deadline;
  if (placed.length === 0) return null;
  return (
    <div className="small text-body-secondary" data-testid="untested-streams">
      {untested.length === 0 ? (
        <div>All slots' streams are tested.</div>
      ) : (
        <>
          {by && <div className={overdue ? 'text-danger' : undefined}>{overdue ? `Deadline passed: ${by}` : `To be tested by ${by}`}</div>}
          <ul className="mb-0 ps-3">
            {untested.map((slot) => (
              <li key={slot.signup!.uuid}>
                {slot.name ?? slot.djIds.map((id) => djNames[id] ?? id).join(' b2b ')}: {staffTime({ start: slot.startTime, end: slot.endTime }, zones, 'time')}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
