import { useEffect, useState } from 'react';
import { Alert, Badge, Button, ButtonGroup, Card } from 'react-bootstrap';
import toast from 'react-hot-toast';
import { LIVE_MARK_LABELS, type LiveMark, STREAM_SOURCE_LABELS } from '@shared/domain';
import { placeSlots, type PlacedSlot } from '@shared/lineup';
import { countdown, liveBoardNotice, nowAndNext } from '@shared/live';
import { standbySignups } from '@shared/standby';
import { staffTime } from '@shared/time';
import { CopyButton } from '@client/components/CopyButton';
import { LoadError } from '@client/components/LoadError';
import { MaskedLink, StreamLinkNotes } from '@client/components/StreamLink';
import { VinylLoader } from '@client/components/VinylLoader';
import { useStaffZones } from '@client/lib/useZone';
import { useStoredEvent } from '@client/shared/draft';
import { useLiveState, useMarkSlot } from '@client/shared/live';
import { SwapInStandbyDialog, type SwapSlot } from './StandbyList';

/**
 * The live board (issue 35): on the night, now and next with a countdown, their stream sources
 * to copy, and per slot On air / No-show, and Swap in standby for a slot whose DJ is not on air
 * (saved at once). The lineup is the saved one; the clock is the server's
 * (its answer's `now`, run on by the browser's clock from then), so every host's board agrees.
 */
export function LiveTab() {
  const { stored, djs } = useStoredEvent();
  const live = useLiveState(stored.id);
  const zones = useStaffZones();
  const now = useServerNow(live.data?.now, live.dataUpdatedAt);
  const [swapping, setSwapping] = useState<SwapSlot | null>(null);
  if (live.isPending) return <VinylLoader label="Loading the live board…" />;
  if (live.isError) return <LoadError title="Could not load the live board." error={live.error} onRetry={live.refetch} />;

  const placed = placeSlots(stored, djs);
  const { phase, current, next, until } = nowAndNext(stored, placed, now);
  const hasStandby = standbySignups(stored.signups, stored.slots).length > 0;
  // Swap in standby: for a slot not over whose DJ is not on air (marked No-show, or not there yet).
  const canSwap = (slot: PlacedSlot) => hasStandby && slot.signup !== undefined && phase !== 'after' && Date.parse(slot.endTime) > now && markOf(slot, live.data.marks) !== 'on_air';
  const notice = stored.cancelled ? 'This event is cancelled: nobody plays.' : liveBoardNotice(phase, stored, zones);
  return (
    <>
      <h2 className="h4 mb-3">Live</h2>
      {notice ? (
        <Alert variant="secondary" data-testid="live-notice">
          {notice}
        </Alert>
      ) : (
        <>
          <p className="fs-5" aria-live="polite">
            {current === null ? 'Next slot in ' : 'Next change in '}
            <span className="font-monospace fw-semibold" data-testid="countdown">
              {countdown(until - now)}
            </span>
          </p>
          <div className="d-grid gap-3 mb-4">
            <NowOrNext title="Now playing" slot={current === null ? null : placed[current]!} empty="Nobody is on right now (a gap in the lineup)." marks={live.data.marks} />
            <NowOrNext title="Up next" slot={next === null ? null : placed[next]!} empty="Nobody: this is the last slot." marks={live.data.marks} />
          </div>
        </>
      )}
      {!stored.cancelled && placed.length > 0 && (
        <section aria-labelledby="live-slots">
          <h3 id="live-slots" className="h5">
            All slots
          </h3>
          <ul className="list-group">
            {placed.map((slot, index) => (
              <li key={index} className="list-group-item d-flex flex-wrap align-items-center gap-2" aria-current={index === current ? 'true' : undefined}>
                <span className="me-auto">
                  <span className="d-block fw-semibold">{slot.name ?? 'Unnamed slot'}</span>
                  <span className="small text-body-secondary">{staffTime({ start: slot.startTime, end: slot.endTime }, zones, 'time')}</span>
                </span>
                <MarkButtons slot={slot} mark={markOf(slot, live.data.marks)} canMark={phase !== 'before'} />
                {canSwap(slot) && (
                  <Button size="sm" variant="outline-primary" onClick={() => setSwapping({ index, label: slot.name ?? 'Unnamed slot', startTime: slot.startTime, duration: slot.duration })}>
                    Swap in standby<span className="visually-hidden"> for {slot.name ?? 'Unnamed slot'}</span>
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      <SwapInStandbyDialog slot={swapping} onClose={() => setSwapping(null)} saveNow />
    </>
  );
}

const markOf = (slot: PlacedSlot, marks: Record<string, LiveMark>): LiveMark | null => (slot.slot.signupUuid ? (marks[slot.slot.signupUuid] ?? null) : null);

/** The server's clock, run on by the browser's second by second. */
function useServerNow(serverNow: string | undefined, receivedAt: number): number {
  const [browserNow, setBrowserNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setBrowserNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return serverNow ? Date.parse(serverNow) + Math.max(0, browserNow - receivedAt) : browserNow;
}

function NowOrNext({ title, slot, empty, marks }: { title: string; slot: PlacedSlot | null; empty: string; marks: Record<string, LiveMark> }) {
  const zones = useStaffZones();
  const mark = slot ? markOf(slot, marks) : null;
  return (
    <Card role="group" aria-label={title}>
      <Card.Header as="h3" className="h6 d-flex align-items-center gap-2">
        {title}
        {mark && <Badge bg={mark === 'on_air' ? 'success' : 'danger'}>{LIVE_MARK_LABELS[mark]}</Badge>}
      </Card.Header>
      <Card.Body>
        {slot ? (
          <>
            <p className="fs-5 fw-semibold mb-1" data-testid={title === 'Now playing' ? 'live-now' : 'live-next'}>
              {slot.name ?? 'Unnamed slot'}
            </p>
            <p className="mb-2 text-body-secondary">{staffTime({ start: slot.startTime, end: slot.endTime }, zones, 'time')}</p>
            <StreamSource slot={slot} />
          </>
        ) : (
          <p className="mb-0">{empty}</p>
        )}
      </Card.Body>
    </Card>
  );
}

/** The slot's stream source as Stream Details shows it: its type, its link (a stream key masked) and a copy button. */
function StreamSource({ slot: { slot } }: { slot: PlacedSlot }) {
  if (!slot.streamSourceUrl) return <p className="mb-0 small">{STREAM_SOURCE_LABELS[slot.streamSourceType]}: no stream link yet (Stream Details).</p>;
  return (
    <div>
      <div className="small fw-semibold">{STREAM_SOURCE_LABELS[slot.streamSourceType]}</div>
      <MaskedLink link={slot.streamSourceUrl} className="d-block mb-2" />
      <CopyButton text={slot.streamSourceUrl} label="Copy stream link" />
      <StreamLinkNotes link={slot.streamSourceUrl} />
    </div>
  );
}

/** On air / No-show for a slot (pressed again, the mark is cleared). A legacy slot has no signup to mark. */
function MarkButtons({ slot, mark, canMark }: { slot: PlacedSlot; mark: LiveMark | null; canMark: boolean }) {
  const { stored } = useStoredEvent();
  const markSlot = useMarkSlot(stored.id);
  const signupUuid = slot.slot.signupUuid;
  if (!signupUuid) return null;
  const name = slot.name ?? 'this slot';
  const press = (value: LiveMark) =>
    markSlot.mutate(
      { signupUuid, mark: mark === value ? null : value },
      { onError: (error) => toast.error(`Could not mark ${name}: ${error.message}`) },
    );
  return (
    <ButtonGroup aria-label={`Mark ${name}`}>
      {(['on_air', 'no_show'] as const).map((value) => (
        <Button
          key={value}
          size="sm"
          variant={mark === value ? (value === 'on_air' ? 'success' : 'danger') : value === 'on_air' ? 'outline-success' : 'outline-danger'}
          aria-pressed={mark === value}
          disabled={!canMark || markSlot.isPending}
          onClick={() => press(value)}
        >
          {LIVE_MARK_LABELS[value]}
        </Button>
      ))}
    </ButtonGroup>
  );
}
