import { useState } from 'react';
import { Alert, Button, Card, Col, Form, ListGroup, Row } from 'react-bootstrap';
import { STREAM_SOURCE_LABELS, STREAM_SOURCE_TYPES } from '@shared/domain';
import { LINEUP_LIMITS, type Slot } from '@shared/schemas/lineup';
import { SelectField, TextField } from '@client/components/form/fields';
import { DraftFields, useEventDraft } from '@client/shared/draft';
import { maskStreamLink, playerLinksOf } from '@shared/stream-display';
import { normaliseStreamLink, streamSourceOf } from '@shared/streams';
import { CopyButton } from '@client/components/CopyButton';
import { StreamLinkNotes } from '@client/components/StreamLink';
import { staffTime } from '@shared/time';
import { useStaffZones } from '@client/lib/useZone';
import { djLabel, type StreamChanges, updateSlotStream } from './draftOps';
import { StreamCheckField } from './StreamCheck';
import { type SlotView, useLineupView } from './useLineupView';

const SOURCE_OPTIONS = STREAM_SOURCE_TYPES.map((type) => ({ value: type, label: STREAM_SOURCE_LABELS[type] }));

/** Stream Details: where each slot's stream comes from. */
export function StreamDetailsTab() {
  const view = useLineupView();
  return (
    <>
      <h2 className="h4 mb-3">Stream Details</h2>
      {view.length === 0 && <Alert variant="secondary">The lineup is empty: add signups to it on the Lineup tab first.</Alert>}
      {view.map((slotView) => (
        <SlotStream key={slotView.index} view={slotView} />
      ))}
    </>
  );
}

function SlotStream({ view: { index, slot, signup, label: name, startTime, djs } }: { view: SlotView }) {
  const { setDraft } = useEventDraft();
  const zones = useStaffZones();
  const change = (changes: StreamChanges) => setDraft((d) => updateSlotStream(d, index, changes));
  const id = (field: string) => `slot-${index}-${field}`;
  const title = `Slot ${index + 1} - ${staffTime(startTime, zones, 'time')}`;
  const weekLink = normaliseStreamLink(signup?.formData?.stream_link ?? '');
  return (
    <Card className="mb-3" role="group" aria-label={title}>
      <Card.Header as="h3" className="h6">
        {title}
      </Card.Header>
      <Card.Body>
        <Row className="g-3">
          <Col md={7}>
            <Form.Group className="mb-2" controlId={id('name')}>
              <Form.Label>Slot Name</Form.Label>
              <Form.Control readOnly value={name} />
            </Form.Group>
            <DraftFields values={slot} onChange={change} problemsAt={`slots.${index}`}>
              <SelectField<Slot> name="streamSourceType" label="Stream Source Type" options={SOURCE_OPTIONS} className="mb-2" />
              <TextField<Slot>
                name="streamSourceUrl"
                label="Stream Source URL"
                type="url"
                maxLength={LINEUP_LIMITS.streamSourceUrl}
                normalise={normaliseStreamLink}
                mask={maskStreamLink}
                className="mb-3"
              />
            </DraftFields>
            <StreamLinkNotes link={slot.streamSourceUrl} />
            <PlayerLinks link={slot.streamSourceUrl} />
            <StreamCheckField signup={signup} id={id('tested')} />
          </Col>
          <Col md={5}>
            <h4 className="h6">Set Stream Information</h4>
            {djs.length === 0 && <div className="small text-body-secondary">No DJs on this slot.</div>}
            <ListGroup>
              {weekLink && (
                <ListGroup.Item>
                  <div className="fw-semibold">This week&rsquo;s signup</div>
                  <SourceButton onClick={() => change(streamSourceOf(weekLink))} link={weekLink} label="Stream link" />
                </ListGroup.Item>
              )}
              {djs.map(({ id: djId, dj }) => (
                <ListGroup.Item key={djId}>
                  <div className="fw-semibold">{dj ? djLabel(dj) : 'No Dj Found'}</div>
                  {dj && !dj.rtmpUrl && !dj.twitchUsername && (
                    <div className="small text-body-secondary">No stream link or Twitch username on file.</div>
                  )}
                  {dj?.rtmpUrl && <SourceButton onClick={() => change(streamSourceOf(dj.rtmpUrl))} link={normaliseStreamLink(dj.rtmpUrl)} label="Stream link" />}
                  {dj?.twitchUsername && <SourceButton onClick={() => change(streamSourceOf(dj.twitchUsername))} link={dj.twitchUsername} label="Twitch" />}
                </ListGroup.Item>
              ))}
            </ListGroup>
          </Col>
        </Row>
      </Card.Body>
    </Card>
  );
}

/** Fills the slot's source from a link; one carrying a stream key is named masked (its Reveal beside it). */
function SourceButton({ onClick, link, label }: { onClick: () => void; link: string; label: string }) {
  const [revealed, setRevealed] = useState(false);
  const masked = maskStreamLink(link);
  const hidden = masked !== link && !revealed;
  return (
    <div className="py-1">
      <Button variant="link" size="sm" className="p-0 text-start text-break" onClick={onClick}>
        {label}: {hidden ? masked : link}
      </Button>
      {hidden && (
        <>
          {' '}
          <span className="badge text-bg-warning">stream key</span>{' '}
          <Button variant="link" size="sm" className="p-0 align-baseline" onClick={() => setRevealed(true)}>
            Reveal
          </Button>
        </>
      )}
    </div>
  );
}

/** The other forms of the slot's link, for other players (a VRCDN stream's VRChat and MPEG-TS addresses), each to copy. */
function PlayerLinks({ link }: { link: string }) {
  const others = playerLinksOf(link).slice(1);
  if (others.length === 0) return null;
  return (
    <ul className="list-unstyled small mb-0" aria-label="The same stream for other players">
      {others.map(({ player, link: other }) => (
        <li key={player} className="d-flex flex-wrap align-items-center gap-2 mb-1">
          <span className="text-body-secondary">{player}:</span>
          <span className="text-break">{other}</span>
          <CopyButton text={other} label="Copy" />
        </li>
      ))}
    </ul>
  );
}
