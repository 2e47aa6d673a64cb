import { useState } from 'react';
import { Button, Card, Form, ListGroup } from 'react-bootstrap';
import type { Signup } from '@shared/schemas/lineup';
import { formatHours } from '@shared/lineup';
import { setStandby, standbySignups, swapInStandby } from '@shared/standby';
import { staffTime } from '@shared/time';
import { ConfirmDialog } from '@client/components/ConfirmDialog';
import { useStaffZones } from '@client/lib/useZone';
import { useDraft, useDraftEdits, useStoredEvent } from '@client/shared/draft';
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

/** 'Swap in standby' for one slot: which standby takes it over, at its time and length. */
export function SwapInStandbyDialog({ slot, onClose }: { slot: SlotView | null; onClose: () => void }) {
  const draft = useDraft();
  const { setDraft } = useDraftEdits();
  const { djs } = useStoredEvent();
  const zones = useStaffZones();
  const standbys = standbySignups(draft.signups, draft.slots);
  const [choice, setChosen] = useState('');
  // The first standby until staff pick another (one taken off standby meanwhile falls back too).
  const chosen = standbys.some((signup) => signup.uuid === choice) ? choice : (standbys[0]?.uuid ?? '');
  const name = slot?.label ?? '';
  return (
    <ConfirmDialog
      show={slot !== null}
      title="Swap in standby"
      confirmLabel={standbys.length === 0 ? 'Close' : 'Swap in'}
      confirmVariant="primary"
      onConfirm={() => {
        if (slot && chosen) setDraft((d) => swapInStandby(d, slot.index, chosen, djs));
        onClose();
      }}
      onCancel={onClose}
    >
      {standbys.length === 0 ? (
        <p className="mb-0">No DJ is on standby. Put a signup on standby from its menu in the Signups column first.</p>
      ) : (
        <>
          <p>
            The standby takes over {name}'s slot at {slot ? staffTime(slot.startTime, zones, 'time') : ''} for {slot ? formatHours(slot.duration) : ''}; {name} goes back to the signups. Save to
            keep it: the announcement texts follow.
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
        </>
      )}
    </ConfirmDialog>
  );
}
