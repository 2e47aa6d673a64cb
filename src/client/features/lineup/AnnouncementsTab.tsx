import { Form, Tab, Tabs } from 'react-bootstrap';
import { discordAnnouncement, socialAnnouncement } from '@shared/announcements';
import { EVENT_LIMITS } from '@shared/schemas/events';
import { CopyButton } from '@client/components/CopyButton';
import { useEventDraft } from '@client/shared/draft';
import { useSettings } from '@client/shared/settings';

/** Messaging ('Public Announcements'): the editable message and the generated texts to post. */
export function AnnouncementsTab() {
  const { draft, setDraft, djs } = useEventDraft();
  const settings = useSettings();
  const discord = discordAnnouncement(draft, djs, { announcementRoleIds: settings.data?.announcementRoleIds ?? [] });
  const social = socialAnnouncement(draft, djs);

  return (
    <>
      <h2 className="h4 mb-3">Public Announcements</h2>
      <Form.Group className="mb-4" controlId="announcement-message">
        <Form.Label>Discord announcement message</Form.Label>
        <Form.Control
          as="textarea"
          rows={8}
          value={draft.message}
          maxLength={EVENT_LIMITS.message}
          onChange={(event) => setDraft((d) => ({ ...d, message: event.target.value }))}
        />
        <Form.Text>Goes into the Discord text below; saved with the event.</Form.Text>
      </Form.Group>
      <Tabs defaultActiveKey="discord" id="announcement-texts" className="mb-3">
        <Tab eventKey="discord" title="Discord">
          <GeneratedText id="discord-text" label="Discord text" text={discord} />
        </Tab>
        <Tab eventKey="social" title="Social Media">
          <GeneratedText id="social-text" label="Social media text (times in London)" text={social} />
        </Tab>
      </Tabs>
    </>
  );
}

function GeneratedText({ id, label, text }: { id: string; label: string; text: string }) {
  return (
    <Form.Group controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control as="textarea" rows={16} readOnly value={text} className="mb-2 font-monospace small" />
      <CopyButton text={text} />
    </Form.Group>
  );
}
