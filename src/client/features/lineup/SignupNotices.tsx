import { Alert, Badge, Button } from 'react-bootstrap';
import { hasPendingUpdate, pendingUpdate } from '@shared/dj-update';
import type { Signup } from '@shared/schemas/lineup';
import { possibleDebut } from '@shared/plays';
import { useStaffZones } from '@client/lib/useZone';
import { useOtherEvents } from '@client/shared/djs';
import { useDraftEdits, useStoredEvent } from '@client/shared/draft';
import { applySignupUpdate, djLabel, dismissSignupUpdate, updateSignup } from './draftOps';

/**
 * What the host should act on for a signup: a DJ who can't make it (or withdrew), a DJ's update
 * waiting since the lineup was built (everything it changes, with Apply / Dismiss, both draft
 * edits saved with Save), and a DJ who may be debuting.
 */
export function SignupNotices({ signup, inLineup }: { signup: Signup; inLineup: boolean }) {
  const { setDraft } = useDraftEdits();
  const { djs, stored } = useStoredEvent();
  const zones = useStaffZones();
  const changes = hasPendingUpdate(signup) ? pendingUpdate(signup, { zone: zones.viewer, seriesZone: zones.series }) : [];
  const firstDj = djs[signup.djRefs[0] ?? ''];
  const who = firstDj ? djLabel(firstDj) : signup.name;
  // Also for a DJ just added, before the first save tells the stored event about them. A debut:
  // none of the signup's DJs played before this event (shared/plays.ts: booked events not yet).
  const others = useOtherEvents(signup.djRefs, stored, stored.otherEventsByDj);
  const neverPlayed = others.length > 0 && others.every(possibleDebut);
  // In the lineup, a DJ who can't make their slot; in the Signups column, one who withdrew (issue 34).
  const declined = signup.djRefs.filter((djId) => signup.confirmations[djId] === 'declined');

  return (
    <>
      {declined.length > 0 && (
        <Alert variant="danger" className="py-2 small" data-testid="drop-out">
          {declined.map((djId) => (djs[djId] ? djLabel(djs[djId]) : 'A DJ')).join(', ')}{' '}
          {inLineup
            ? "can't make it. Find someone else for this slot, or send it back to Signups."
            : "withdrew this signup: they can't make it. Remove it, or keep it in case they sign up again."}
        </Alert>
      )}
      {changes.length > 0 && (
        <Alert variant="warning" className="py-2 small" data-testid="pending-change">
          <div>{who} updated their signup:</div>
          <ul className="mb-2 ps-3">
            {changes.map((change) => (
              <li key={change.label}>
                {change.label}: {change.from} → {change.to}
              </li>
            ))}
          </ul>
          <div className="d-flex flex-wrap align-items-center gap-2">
            <span className="me-auto text-body-secondary">The slot keeps what it has until you apply this.</span>
            <Button size="sm" variant="warning" onClick={() => setDraft((draft) => applySignupUpdate(draft, signup.uuid))}>
              Apply
            </Button>
            <Button size="sm" variant="outline-secondary" onClick={() => setDraft((draft) => dismissSignupUpdate(draft, signup.uuid))}>
              Dismiss
            </Button>
          </div>
        </Alert>
      )}
      {neverPlayed && !signup.isDebut && (
        <div className="d-flex align-items-center gap-2 mb-2 small">
          <Badge bg="info" text="dark">
            Possible debut
          </Badge>
          <span className="text-body-secondary me-auto">No plays before this event.</span>
          <Button size="sm" variant="link" className="p-0" onClick={() => setDraft((draft) => updateSignup(draft, signup.uuid, { isDebut: true }))}>
            Mark as debut
          </Button>
        </div>
      )}
    </>
  );
}
