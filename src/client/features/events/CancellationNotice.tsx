import { useId } from 'react';
import { Card, Form } from 'react-bootstrap';
import { cancellationDiscordMessage } from '@shared/announcements';
import { CopyButton } from '@client/components/CopyButton';
import { DiscordPostButton } from '@client/shared/DiscordPost';
import { useStoredEvent } from '@client/shared/draft';
import { useSettings } from '@client/shared/settings';

/**
 * A cancelled event's page (issue 34): what cancelled means now, and the cancellation text to copy
 * or post, built from the saved event as the server builds it (so Post to Discord posts this text).
 */
export function CancellationNotice() {
  const { stored } = useStoredEvent();
  return stored.cancelled ? <CancelledEventNotice /> : null;
}

/** Asks for the settings (the announcement roles the text pings) only for an event that is cancelled. */
function CancelledEventNotice() {
  const { stored } = useStoredEvent();
  const settings = useSettings();
  const heading = useId();
  const message = cancellationDiscordMessage(stored, stored.djs, { announcementRoleIds: settings.data?.announcementRoleIds ?? [] });
  const text = message.content;
  return (
    <Card as="section" border="danger" className="mb-3" aria-labelledby={heading} data-testid="cancellation-notice">
      <Card.Body>
        <h2 className="h5" id={heading}>
          This event is cancelled
        </h2>
        <p>
          DJs see it as cancelled on their signup page and Home, and where it was published its page, calendars and lineup image say so.
          Its signups, lineup and plays are kept, and it takes no changes until you restore it.
        </p>
        <Form.Group controlId="cancellation-text">
          <Form.Label>Cancellation text for Discord: tells the community and the DJs of its lineup</Form.Label>
          <Form.Control as="textarea" rows={6} readOnly value={text} className="mb-2 font-monospace small" />
        </Form.Group>
        <div className="d-flex flex-wrap align-items-center gap-2">
          <CopyButton text={text} />
          <DiscordPostButton eventId={stored.id} kind="cancellation" message={message} djs={stored.djs} />
        </div>
      </Card.Body>
    </Card>
  );
}
