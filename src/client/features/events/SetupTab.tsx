import { Card, Form } from 'react-bootstrap';
import { discordPostMessage } from '@shared/announcements';
import { signupLink } from '@shared/paths';
import { CopyButton } from '@client/components/CopyButton';
import { DiscordPostButton } from '@client/shared/DiscordPost';
import { DraftFields, useEventDraft } from '@client/shared/draft';
import { EventFormFields } from './EventFormFields';
import { PublicLinksFields } from './PublicLinksFields';

/**
 * Setup: the event form over the draft (every edit goes straight into the draft, which the
 * Save bar persists, and each field shows what the save's schema finds wrong with it), and the
 * Signup Sheet card while signups are open (never for a cancelled event: DJs cannot sign up).
 */
export function SetupTab() {
  const { draft, setDraft } = useEventDraft();
  return (
    <>
      <h2 className="h4 mb-3">Init Event</h2>
      <DraftFields values={draft} onChange={(changes) => setDraft((d) => ({ ...d, ...changes }))} problemsAt="">
        <form noValidate onSubmit={(e) => e.preventDefault()}>
          <EventFormFields />
          <PublicLinksFields />
        </form>
      </DraftFields>
      {draft.signupsAreOpen && !draft.cancelled && (
        <Card className="mb-3">
          <Card.Header as="h3" className="h5">
            Signup Sheet
          </Card.Header>
          <Card.Body>
            <SignupSheetMessage />
          </Card.Body>
        </Card>
      )}
    </>
  );
}

function SignupSheetMessage() {
  const { draft, djs } = useEventDraft();
  const post = discordPostMessage('signups-open', { event: draft, djs, announcementRoleIds: [], signupLink: signupLink(window.location.origin, draft.id) });
  const message = post.content;
  return (
    <Form.Group controlId="signup-sheet-message">
      <Form.Label>Post this message to open signups:</Form.Label>
      <Form.Control as="textarea" rows={5} readOnly value={message} className="mb-2" />
      <div className="d-flex flex-wrap align-items-center gap-2">
        <CopyButton text={message} />
        <DiscordPostButton eventId={draft.id} kind="signups-open" message={post} djs={djs} />
      </div>
    </Form.Group>
  );
}
