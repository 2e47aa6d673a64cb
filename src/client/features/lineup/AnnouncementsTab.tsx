import { type ReactNode, useState } from 'react';
import { Col, Form, Row, Tab, Tabs } from 'react-bootstrap';
import toast from 'react-hot-toast';
import { discordAnnouncementMessage, socialAnnouncement } from '@shared/announcements';
import { runSheet } from '@shared/run-sheet';
import { EVENT_LIMITS, type LineupEvent } from '@shared/schemas/events';
import { isStreamKeyLink } from '@shared/streams';
import { CopyButton } from '@client/components/CopyButton';
import { TextField } from '@client/components/form/fields';
import { ViewSwitch } from '@client/components/ViewSwitch';
import { DiscordPostButton } from '@client/shared/DiscordPost';
import { DiscordTimesPreview } from './DiscordTimesPreview';
import { useStaffZones } from '@client/lib/useZone';
import { DraftFields, useEventDraft } from '@client/shared/draft';
import { useSetPreflightStep } from '@client/shared/events';
import { useSettings } from '@client/shared/settings';

const MESSAGE_HELP = 'Goes into the Discord text below; saved with the event.';

/** Messaging ('Public Announcements'): the editable message and the generated texts to post. */
export function AnnouncementsTab() {
  const { draft, setDraft, djs, stored } = useEventDraft();
  const settings = useSettings();
  const setStep = useSetPreflightStep(draft.id);
  // Copying an announcement text ticks the preflight's "Announcement texts copied" (once).
  const textsCopied = () => {
    if (stored.preflight.textsCopied !== null || setStep.isPending) return;
    setStep.mutate({ step: 'textsCopied', done: true }, { onError: (error) => toast.error(`Could not update the checklist: ${error.message}`) });
  };
  const discord = discordAnnouncementMessage(draft, djs, { announcementRoleIds: settings.data?.announcementRoleIds ?? [] });
  const social = socialAnnouncement(draft, djs);
  // In the viewer's zone, with the series' beside it where it differs, as every staff page (decision 042).
  const [revealKeys, setRevealKeys] = useState(false);
  const sheet = runSheet(draft, djs, useStaffZones(), { revealKeys });
  const hasKeys = draft.slots.some((slot) => isStreamKeyLink(slot.streamSourceUrl));

  return (
    <>
      <h2 className="h4 mb-3">Public Announcements</h2>
      <DraftFields values={draft} onChange={(changes) => setDraft((d) => ({ ...d, ...changes }))} problemsAt="">
        <TextField<LineupEvent> name="message" label="Discord announcement message" help={MESSAGE_HELP} as="textarea" rows={8} maxLength={EVENT_LIMITS.message} className="mb-4" />
      </DraftFields>
      <Tabs defaultActiveKey="discord" id="announcement-texts" className="mb-3">
        <Tab eventKey="discord" title="Discord">
          <GeneratedText id="discord-text" label="Discord text" text={discord.content} onCopied={textsCopied} discordTimes>
            <DiscordPostButton eventId={draft.id} kind="announcement" message={discord} djs={djs} />
          </GeneratedText>
        </Tab>
        <Tab eventKey="social" title="Social Media">
          <GeneratedText id="social-text" label="Social media text (times in London)" text={social} onCopied={textsCopied} />
        </Tab>
        <Tab eventKey="run-sheet" title="Run sheet">
          <GeneratedText id="run-sheet-text" label="Run sheet for the stream operator (time, name and source of each slot)" text={sheet}>
            {hasKeys && (
              <ViewSwitch id="run-sheet-reveal-keys" label="Show stream keys" checked={revealKeys} onChange={setRevealKeys} />
            )}
          </GeneratedText>
        </Tab>
      </Tabs>
    </>
  );
}

/** A generated text to copy; `discordTimes`: with its timestamps as Discord shows them beside it. */
function GeneratedText({
  id,
  label,
  text,
  onCopied,
  discordTimes = false,
  children,
}: {
  id: string;
  label: string;
  text: string;
  onCopied?: () => void;
  discordTimes?: boolean;
  children?: ReactNode;
}) {
  const textarea = <Form.Control as="textarea" rows={16} readOnly value={text} className="mb-2 font-monospace small" />;
  return (
    <Form.Group controlId={id}>
      <Form.Label>{label}</Form.Label>
      {discordTimes ? (
        <Row className="g-3">
          <Col lg={6}>{textarea}</Col>
          <Col lg={6}>
            <DiscordTimesPreview text={text} />
          </Col>
        </Row>
      ) : (
        textarea
      )}
      <div className="d-flex flex-wrap align-items-center gap-2">
        <CopyButton text={text} onCopied={onCopied} />
        {children}
      </div>
    </Form.Group>
  );
}
