import { Card, Form, ListGroup } from 'react-bootstrap';
import { standbySignups } from '@shared/standby';
import { verifyLineupDiscordMessage } from '@shared/announcements';
import { signupLink } from '@shared/paths';
import { CopyButton } from '@client/components/CopyButton';
import { DiscordPostButton } from '@client/shared/DiscordPost';
import { DjPostsCard } from '@client/shared/DjPostsCard';
import { useEventDraft, useStoredEvent } from '@client/shared/draft';
import { useSettings } from '@client/shared/settings';
import { ConfirmationsCard } from './ConfirmationsCard';
import { djLabel } from './draftOps';

/** Verify DJs: the proposed lineup to post in the scheduling channel before announcing. */
export function VerifyDjsTab() {
  const { draft, djs } = useEventDraft();
  const settings = useSettings();
  const channelUrl = settings.data?.schedulingChannelUrl;
  // Each DJ's line links to the signup page, where their Confirm is the verification (issue 35).
  const message = verifyLineupDiscordMessage(draft, djs, signupLink(window.location.origin, draft.id));
  const channel = channelUrl ? (
    <a href={channelUrl} target="_blank" rel="noopener noreferrer">
      scheduling channel
    </a>
  ) : (
    'scheduling channel'
  );

  return (
    <>
      <h2 className="h4 mb-3">Verify DJs</h2>
      <p>
        Before announcing, the lineup must be verified in the {channel}: every DJ in it confirms that their slot works
        for them.
      </p>
      <ol>
        <li>Copy the message below and paste it into the {channel}, or post it there with Post to Discord.</li>
        <li>React to your own message, so the DJs can confirm by adding to your reaction.</li>
        <li>Once every listed DJ has reacted, the lineup is verified and can be announced (Messaging tab).</li>
      </ol>
      <p>
        Each DJ's line also links to their signup page: when they press Confirm there, it shows under Confirmations at once, with
        nothing for you to mark.
      </p>
      <ConfirmationsCard />
      <StandbyCard />
      <Card>
        <Card.Body>
          <Form.Group controlId="verify-lineup-message">
            <Form.Label>Proposed lineup message</Form.Label>
            <Form.Control as="textarea" rows={12} readOnly value={message.content} className="mb-2 font-monospace small" />
          </Form.Group>
          <div className="d-flex flex-wrap align-items-center gap-2">
            <CopyButton text={message.content} />
            <DiscordPostButton eventId={draft.id} kind="verify" message={message} djs={djs} />
          </div>
        </Card.Body>
      </Card>
      <DjPostsCard eventId={draft.id} />
    </>
  );
}

/** The saved standbys: not in the proposed lineup message, so the host tells them themselves. */
function StandbyCard() {
  const { stored, djs } = useStoredEvent();
  const standbys = standbySignups(stored.signups, stored.slots);
  if (standbys.length === 0) return null;
  return (
    <Card className="mb-3" as="section" aria-labelledby="verify-standby-heading" data-testid="verify-standbys">
      <Card.Header>
        <h3 className="h6 mb-0" id="verify-standby-heading">
          Standby ({standbys.length})
        </h3>
      </Card.Header>
      <Card.Body className="small text-body-secondary pb-0">
        Not in the message below: let them know they are on standby. Their Home says so too.
      </Card.Body>
      <ListGroup variant="flush">
        {standbys.map((signup) => (
          <ListGroup.Item key={signup.uuid} data-testid="verify-standby">
            {signup.name}
            {signup.djRefs.length > 1 && (
              <span className="text-body-secondary small"> · {signup.djRefs.map((djId) => (djs[djId] ? djLabel(djs[djId]) : djId)).join(', ')}</span>
            )}
          </ListGroup.Item>
        ))}
      </ListGroup>
    </Card>
  );
}
