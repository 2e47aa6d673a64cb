import { memo, useId, useState } from 'react';
import { Badge, Button, Card, Dropdown, Modal } from 'react-bootstrap';
import { hasPendingUpdate } from '@shared/dj-update';
import type { Signup } from '@shared/schemas/lineup';
import { ConfirmDialog } from '@client/components/ConfirmDialog';
import { useDialogPresence } from '@client/components/useDialogPresence';
import { possibleDebut } from '@shared/plays';
import { useOtherEvents } from '@client/shared/djs';
import { useDraftEdits, useStoredEvent } from '@client/shared/draft';
import { setStandby } from '@shared/standby';
import { addToLineup, removeSignup } from './draftOps';
import { SignupDetails } from './SignupDetails';
import { SignupDragHandle } from './LineupDnd';
import { SignupSummary } from './SignupSummary';
import { CardMenu } from './CardMenu';

/**
 * A signup waiting in the Signups column, collapsed to a line or two: its name, what it asks for
 * and what needs the host's eye, Add to Lineup and its menu. Show Entry opens the editor, the DJ's
 * answers and the DJs (Hide Entry closes it again); a view of this page, not an edit of the event.
 * It renders when the signup itself changes.
 */
export const SignupCard = memo(function SignupCard({ signup, compact, onAddB2b }: { signup: Signup; compact: boolean; onAddB2b: (uuid: string, name: string) => void }) {
  const { setDraft } = useDraftEdits();
  const { djs } = useStoredEvent();
  const [open, setOpen] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [showInfo, setShowInfo] = useState(false);
  const entryId = useId();
  const canAdd = signup.djRefs.length > 0;
  const add = () => setDraft((draft) => addToLineup(draft, signup.uuid, djs));
  const title = signup.name.trim() || 'Unnamed signup';

  return (
    <Card className={`mb-2 signup-card${open ? ' signup-card--open' : ''}`} data-testid="signup-card" aria-label={`Signup ${title}`} role="group">
      <Card.Header className="signup-row">
        <SignupDragHandle uuid={signup.uuid} name={title} disabled={!canAdd} />
        <div className="signup-heading">
          <h3 className="h6 mb-0 text-break">{title}</h3>
          {!compact && <SignupSummary signup={signup} />}
        </div>
        <SignupBadges signup={signup} />
        <div className="signup-actions">
          <Button size="sm" onClick={add} disabled={!canAdd} title={canAdd ? undefined : 'Add a DJ to this signup first'}>
            Add to Lineup
          </Button>
          <Button variant="outline-secondary" size="sm" aria-expanded={open} aria-controls={entryId} onClick={() => setOpen(!open)}>
            {open ? 'Hide Entry' : 'Show Entry'}
          </Button>
          <CardMenu label={`Signup menu for ${title}`}>
            <Dropdown.Item onClick={add} disabled={!canAdd}>
              Add To Lineup
            </Dropdown.Item>
            <Dropdown.Item onClick={() => onAddB2b(signup.uuid, signup.name)}>Add DJ to Slot (B2B)</Dropdown.Item>
            <Dropdown.Item onClick={() => setShowInfo(true)}>View Signup Info</Dropdown.Item>
            <Dropdown.Item onClick={() => setDraft((draft) => setStandby(draft, signup.uuid, true))} disabled={!canAdd}>
              Put on standby
            </Dropdown.Item>
            <Dropdown.Divider />
            <Dropdown.Item className="text-danger" onClick={() => setConfirmRemove(true)}>
              Remove Signup
            </Dropdown.Item>
          </CardMenu>
        </div>
      </Card.Header>
      {open && (
        <Card.Body id={entryId}>
          {!canAdd && <div className="small text-body-secondary mb-2">Add a DJ to this signup first, then add it to the lineup.</div>}
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

/** What needs the host's eye, shown on a closed card too. */
function SignupBadges({ signup }: { signup: Signup }) {
  const { stored } = useStoredEvent();
  // Also for a DJ just added, before the first save tells the stored event about them.
  const others = useOtherEvents(signup.djRefs, stored, stored.otherEventsByDj);
  const neverPlayed = others.length > 0 && others.every(possibleDebut);
  return (
    <span className="signup-badges">
      {signup.isDebut && (
        <Badge bg="info" text="dark">
          Debut
        </Badge>
      )}
      {neverPlayed && !signup.isDebut && (
        <Badge bg="info" text="dark">
          Possible debut
        </Badge>
      )}
      {hasPendingUpdate(signup) && (
        <Badge bg="warning" text="dark">
          Pending change
        </Badge>
      )}
      {signup.djRefs.some((djId) => signup.confirmations[djId] === 'declined') && (
        <Badge bg="danger" data-testid="drop-out-badge">
          Can't make it
        </Badge>
      )}
    </span>
  );
}

/** 'Signup Details': the DJ's form answers as read-only JSON. */
function SignupInfoModal({ signup, show, onHide }: { signup: Signup; show: boolean; onHide: () => void }) {
  const { present, onExited } = useDialogPresence(show);
  if (!present) return null;
  return (
    <Modal show={show} onHide={onHide} onExited={onExited} size="lg" aria-labelledby={`signup-info-${signup.uuid}`}>
      <Modal.Header closeButton>
        <Modal.Title id={`signup-info-${signup.uuid}`} as="h2" className="h5">
          Signup Details
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {!signup.formData && <p className="text-body-secondary">Staff added this signup, so there is no form data.</p>}
        <pre className="bg-body-tertiary p-2 mb-0 small" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} aria-label="Signup form data">
          {JSON.stringify(signup.updatedAnswers ?? signup.formData, null, 2)}
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
