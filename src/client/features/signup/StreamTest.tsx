import type { SignupArea } from '@shared/schemas/signup';
import { formatEventDay, timeBothWays } from '@shared/time';
import { useZone } from '@client/lib/useZone';
import { useStreamTestDeadline, useStreamTested } from '@client/shared/signup';

/**
 * On standby, and the stream check (issue 35): once the DJ has a slot or is on standby, they test
 * their stream and press "Stream tested"; the hosts see it on the lineup and in Stream Details.
 */
export function StreamTest({ area }: { area: SignupArea }) {
  const tested = useStreamTested(area.event.id);
  const zone = useZone();
  const named = area.named;
  const shown = named !== null && !area.event.cancelled && (named.slot !== null || named.standby);
  const deadline = useStreamTestDeadline(area.event.id, shown && !named.streamTestedAt);
  if (!shown) return null;
  const at = named.streamTestedAt;
  const when = (iso: string) => `${formatEventDay(iso, area.seriesZone)} · ${timeBothWays(iso, area.seriesZone, zone)}`;
  return (
    <div className={`alert ${at ? 'alert-success' : 'alert-secondary'}`} data-testid="stream-test">
      {named.standby && !named.slot && (
        <p className="mb-2">
          <strong>You are on standby for {area.event.name}.</strong> If a DJ drops out, the hosts may swap you into their slot: have your
          stream ready.
        </p>
      )}
      {at ? (
        <p className="mb-0">Stream tested: {when(at)}. Thanks!</p>
      ) : (
        <>
          <p className="mb-2" data-testid="stream-test-deadline">
            {deadline === null
              ? 'Test your stream before the night, then tell the hosts it works.'
              : deadline.passed
                ? `The deadline to test your stream (${when(deadline.deadline)}) has passed: test it now and tell the hosts it works.`
                : `Test your stream by ${when(deadline.deadline)}, then tell the hosts it works.`}
          </p>
          <button type="button" className="btn btn-primary" onClick={() => tested.mutate()} disabled={tested.isPending}>
            Stream tested
          </button>
          {tested.isError && (
            <p className="text-danger small mt-2 mb-0" role="alert">
              {tested.error.message}
            </p>
          )}
        </>
      )}
    </div>
  );
}
