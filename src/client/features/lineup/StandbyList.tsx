import { useState } from 'react';
import { Button, Card, Form, ListGroup } from 'react-bootstrap';
import type { Signup } from '@shared/schemas/lineup';
import { formatHours } from '@shared/lineup';
import { setStandby, standbySignups, swapInStandby } from '@shared/standby';
import { staffTime } from '@shared/time';
import { ConfirmDialog } from '@client/components/ConfirmDialog';
import { useStaffZones } from '@client/lib/useZone';
import { useDraft, useDraftEdits, useDraftStatus, useStoredEvent } from '@client/shared/draft';
import { useLineupNotice } from '@client/shared/LineupNotice';
import type { SlotView } from './useLineupView';

const signupTitle = (signup: Pick<Signup, 'name'>) => signup.name.trim() || 'Unnamed signup';

/**
 * 'Standby', below the lineup: signups staff keep ready to take over a slot whose DJ drops out or
 * does not show (issue 35). Beside the lineup, not in it: they get no slot and no time.
 */
export function StandbyList() {
  const draft = useDraft();
  const { setDraft } = useDraftEdits();
  const standbys = standbySignups(draft.signups, draft.slots);
  return (
    <Card className="mt-3 standby-list" as="section" aria-labelledby="standby-heading" data-testid="standby-list">
      <Card.Header className="d-flex align-items-center gap-2">
        <h3 className="h6 mb-0" id="standby-heading">
          Standby ({standbys.length})
        </h3>
      </Card.Header>
      {standbys.length === 0 ? (
        <Card.Body className="small text-body-secondary">
          No DJ on standby. Use Put on standby in a signup's menu to keep one ready for a slot whose DJ drops out.
        </Card.Body>
      ) : (
        <ListGroup variant="flush">
          {standbys.map((signup) => (
            <ListGroup.Item key={signup.uuid} className="d-flex flex-wrap align-items-center gap-2" data-testid="standby-signup">
              <span className="fw-semibold text-break me-auto">{signupTitle(signup)}</span>
              <span className="small text-body-secondary">{formatHours(signup.requestedDuration)} asked</span>
              <Button variant="outline-secondary" size="sm" onClick={() => setDraft((d) => setStandby(d, signup.uuid, false))}>
                Take off standby<span className="visually-hidden"> {signupTitle(signup)}</span>
              </Button>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </Card>
  );
}

/** The slot a swap is for: its place in the lineup, its name, time and length. */
export type SwapSlot = Pick<SlotView, 'index' | 'label' | 'startTime' | 'duration'>;

/**
 * 'Swap in standby' for one slot: which standby takes it over, at its time and length. In the
 * Lineup tab it edits the draft (Save keeps it); on the live board (`saveNow`) Swap in saves at
 * once, with the post that tells the standby of their slot, as the Save bar would.
 */
export function SwapInStandbyDialog({ slot, onClose, saveNow = false }: { slot: SwapSlot | null; onClose: () => void; saveNow?: boolean }) {
  const draft = useDraft();
  const { setDraft } = useDraftEdits();
  const { isDirty, saving, save } = useDraftStatus();
  const { djs } = useStoredEvent();
  const zones = useStaffZones();
  const standbys = standbySignups(draft.signups, draft.slots);
  const [choice, setChosen] = useState('');
  // The first standby until staff pick another (one taken off standby meanwhile falls back too).
  const chosen = standbys.some((signup) => signup.uuid === choice) ? choice : (standbys[0]?.uuid ?? '');
  // The live board shows the saved lineup: it swaps only on a draft with nothing else unsaved.
  const blocked = saveNow && isDirty;
  const swapped = slot && chosen && !blocked ? swapInStandby(draft, slot.index, chosen, djs) : draft;
  const notice = useLineupNotice(saveNow && slot !== null && swapped !== draft, swapped);
  const name = slot?.label ?? '';
  const canSwap = standbys.length > 0 && !blocked;
  return (
    <ConfirmDialog
      show={slot !== null}
      title="Swap in standby"
      confirmLabel={canSwap ? 'Swap in' : 'Close'}
      confirmVariant="primary"
      busy={saving}
      onConfirm={() => {
        if (canSwap && swapped !== draft) {
          if (saveNow) void save({ draft: swapped, notifyDjs: notice.tell });
          else setDraft(() => swapped);
        }
        onClose();
      }}
      onCancel={onClose}
    >
      {standbys.length === 0 ? (
        <p className="mb-0">No DJ is on standby. Put a signup on standby from its menu in the Signups column first.</p>
      ) : blocked ? (
        <p className="mb-0">This event has unsaved changes: save or discard them first (the bar at the bottom), then swap.</p>
      ) : (
        <>
          <p>
            The standby takes over {name}'s slot at {slot ? staffTime(slot.startTime, zones, 'time') : ''} for {slot ? formatHours(slot.duration) : ''}; {name} goes back to the signups.{' '}
            {saveNow ? 'Swap in saves the lineup at once: the announcement texts follow.' : 'Save to keep it: the announcement texts follow.'}
          </p>
          <Form.Group controlId="swap-in-standby">
            <Form.Label>Standby to swap in</Form.Label>
            <Form.Select value={chosen} onChange={(event) => setChosen(event.target.value)}>
              {standbys.map((signup) => (
                <option key={signup.uuid} value={signup.uuid}>
                  {signupTitle(signup)}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          {saveNow && notice.choice && <div className="mt-3">{notice.choice}</div>}
        </>
      )}
    </ConfirmDialog>
  );
}
