import { Card, Form } from 'react-bootstrap';
import { signupSheetMessage } from '@shared/announcements';
import { signupLink } from '@shared/paths';
import type { EventFormValues } from '@shared/schemas/events';
import { CopyButton } from '@client/components/CopyButton';
import { useEventDraft } from '@client/shared/draft';
import { EventFormFields } from './EventFormFields';

/** Setup: the event form over the draft, and the Signup Sheet card while signups are open. */
export function SetupTab() {
  const { draft, setDraft } = useEventDraft();
  const onChange = (changes: Partial<EventFormValues>) => setDraft((d) => ({ ...d, ...changes }));
  return (
    <>
      <h2 className="h4 mb-3">Init Event</h2>
      <Form onSubmit={(e) => e.preventDefault()}>
        <EventFormFields values={draft} onChange={onChange} />
      </Form>
      {draft.signupsAreOpen && (
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
  const { draft } = useEventDraft();
  const message = signupSheetMessage(draft, signupLink(window.location.origin, draft.id));
  return (
    <Form.Group controlId="signup-sheet-message">
      <Form.Label>Post this message to open signups:</Form.Label>
      <Form.Control as="textarea" rows={5} readOnly value={message} className="mb-2" />
      <CopyButton text={message} />
    </Form.Group>
  );
}
