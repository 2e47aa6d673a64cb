import { Badge, Form } from 'react-bootstrap';
import toast from 'react-hot-toast';
import type { Signup } from '@shared/schemas/lineup';
import { streamCheckOverdue } from '@shared/stream-checks';
import { staffTime } from '@shared/time';
import { useStoredEvent } from '@client/shared/draft';
import { useSetStreamCheck, useStreamCheckDeadline } from '@client/shared/streamChecks';
import { useStaffZones } from '@client/lib/useZone';

/** Stream Details: staff tick the slot's stream as tested (not a draft edit: it is recorded at once). */
export function StreamCheckField({ signup, id }: { signup: Signup | undefined; id: string }) {
  const { stored } = useStoredEvent();
  const zones = useStaffZones();
  const setCheck = useSetStreamCheck(stored.id);
  const deadline = useStreamCheckDeadline(stored.startDatetime);
  const saved = stored.signups.find((candidate) => candidate.uuid === signup?.uuid);
  if (!signup) return null;
  if (!saved) return <div className="small text-body-secondary mt-2">Save the lineup first: then this slot's stream test can be ticked.</div>;
  const at = saved.streamTestedAt;
  return (
    <div className="mt-2" data-testid="stream-check">
      <Form.Check
        type="checkbox"
        id={id}
        label="Stream tested"
        checked={at !== null}
        disabled={setCheck.isPending}
        onChange={(event) =>
          setCheck.mutate({ signupUuid: saved.uuid, tested: event.target.checked }, { onError: (error) => toast.error(`Could not record the stream test: ${error.message}`) })
        }
      />
      <div className="small text-body-secondary">
        {at ? `Tested ${staffTime(at, zones)}` : deadline ? `To be tested by ${staffTime(new Date(deadline.deadline).toISOString(), zones)}` : ''}
      </div>
    </div>
  );
}

/** On a slot of the lineup: past the deadline and untested, it is flagged, with Swap in standby beside it. */
export function StreamCheckFlag({ signup, onSwapIn }: { signup: Signup | undefined; onSwapIn: () => void }) {
  const { stored } = useStoredEvent();
  const deadline = useStreamCheckDeadline(stored.startDatetime);
  const saved = stored.signups.find((candidate) => candidate.uuid === signup?.uuid);
  if (!deadline || !saved || !streamCheckOverdue({ signup: saved }, deadline.deadline, deadline.now)) return null;
  return (
    <span className="d-inline-flex flex-wrap align-items-center gap-2" data-testid="stream-check-overdue">
      <Badge bg="danger">Stream not tested</Badge>
      <button type="button" className="btn btn-outline-danger btn-sm text-nowrap" onClick={onSwapIn}>
        Swap in standby
      </button>
    </span>
  );
}
