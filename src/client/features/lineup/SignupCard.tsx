import { memo, useState } from 'react';
import { Button, Card, Dropdown, Modal } from 'react-bootstrap';
import type { Signup } from '@shared/schemas/lineup';
import { ConfirmDialog } from '@client/components/ConfirmDialog';
import { useDraftEdits, useStoredEvent } from '@client/shared/draft';
import { addToLineup, removeSignup, updateSignup } from './draftOps';
import { SignupDetails } from './SignupDetails';
import { SignupDragHandle } from './LineupDnd';

/** A signup waiting in the Signups column; it renders when the signup itself changes. */
export const SignupCard = memo(function SignupCard({ signup, onAddB2b }: { signup: Signup; onAddB2b: (uuid: string, name: string) => void }) {
  const { setDraft } = useDraftEdits();
  const { djs } = useStoredEvent();
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [showInfo, setShowInfo] = useState(false);
  const canAdd = signup.djRefs.length > 0;
  const add = () => setDraft((draft) => addToLineup(draft, signup.uuid, djs));
  const title = signup.name.trim() || 'Unnamed signup';

  return (
    <Card className="mb-3 signup-card" data-testid="signup-card" aria-label={`Signup ${title}`} role="group">
      <Card.Header className="d-flex align-items-center gap-2">
        <SignupDragHandle uuid={signup.uuid} name={title} disabled={!canAdd} />
        <h3 className="h6 mb-0 me-auto text-break">{title}</h3>
        <Button
          variant="outline-secondary"
          size="sm"
          onClick={() => setDraft((draft) => updateSignup(draft, signup.uuid, { hidden: !signup.hidden }))}
        >
          {signup.hidden ? 'Show Entry' : 'Hide Entry'}
        </Button>
        <Dropdown align="end">
          <Dropdown.Toggle variant="outline-secondary" size="sm" aria-label={`Signup menu for ${title}`}>
            ⋮
          </Dropdown.Toggle>
          <Dropdown.Menu>
            <Dropdown.Item onClick={add} disabled={!canAdd}>
              Add To Lineup
            </Dropdown.Item>
            <Dropdown.Item onClick={() => onAddB2b(signup.uuid, signup.name)}>Add DJ to Slot (B2B)</Dropdown.Item>
            <Dropdown.Item onClick={() => setShowInfo(true)}>View Signup Info</Dropdown.Item>
            <Dropdown.Divider />
            <Dropdown.Item className="text-danger" onClick={() => setConfirmRemove(true)}>
              Remove Signup
            </Dropdown.Item>
          </Dropdown.Menu>
        </Dropdown>
      </Card.Header>
      {!signup.hidden && (
        <Card.Body>
          <div className="mb-2">
            <Button size="sm" onClick={add} disabled={!canAdd}>
              Add to Lineup
            </Button>
            {!canAdd && <span className="small text-body-secondary ms-2">Add a DJ to this signup first.</span>}
          </div>
          <SignupDetails signup={signup} />
        </Card.Body>
      )}
      <ConfirmDialog
        show={confirmRemove}
        title="Are You sure?"
        onConfirm={() => {
          setConfirmRemove(false);
          setDraft((draft) => removeSignup(draft, signup.uuid));
        }}
        onCancel={() => setConfirmRemove(false)}
      >
        You are about to remove the signup {title} from this event.
      </ConfirmDialog>
      <SignupInfoModal signup={signup} show={showInfo} onHide={() => setShowInfo(false)} />
    </Card>
  );
});

/** 'Signup Details': the DJ's form answers as read-only JSON. */
function SignupInfoModal({ signup, show, onHide }: { signup: Signup; show: boolean; onHide: () => void }) {
  return (
    <Modal show={show} onHide={onHide} size="lg" aria-labelledby={`signup-info-${signup.uuid}`}>
      <Modal.Header closeButton>
        <Modal.Title id={`signup-info-${signup.uuid}`} as="h2" className="h5">
          Signup Details
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {!signup.formData && <p className="text-body-secondary">Staff added this signup, so there is no form data.</p>}
        <pre className="bg-body-tertiary p-2 mb-0 small" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} aria-label="Signup form data">
          {JSON.stringify(signup.formData, null, 2)}
        </pre>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onHide}>
          Close
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
