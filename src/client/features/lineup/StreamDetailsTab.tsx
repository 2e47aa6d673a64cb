import type { ReactNode } from 'react';
import { Alert, Button, Card, Col, Form, ListGroup, Row } from 'react-bootstrap';
import { STREAM_SOURCE_LABELS, STREAM_SOURCE_TYPES } from '@shared/domain';
import { LINEUP_LIMITS, type Slot } from '@shared/schemas/lineup';
import { SelectField, TextField } from '@client/components/form/fields';
import { DraftFields, useEventDraft } from '@client/shared/draft';
import { normaliseStreamLink, streamSourceOf } from '@shared/streams';
import { staffTime } from '@shared/time';
import { useStaffZones } from '@client/lib/useZone';
import { djLabel, type StreamChanges, updateSlotStream } from './draftOps';
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
              <TextField<Slot> name="streamSourceUrl" label="Stream Source URL" type="url" maxLength={LINEUP_LIMITS.streamSourceUrl} className="" />
            </DraftFields>
          </Col>
          <Col md={5}>
            <h4 className="h6">Set Stream Information</h4>
            {djs.length === 0 && <div className="small text-body-secondary">No DJs on this slot.</div>}
            <ListGroup>
              {weekLink && (
                <ListGroup.Item>
                  <div className="fw-semibold">This week&rsquo;s signup</div>
                  <SourceButton onClick={() => change(streamSourceOf(weekLink))}>Stream link: {weekLink}</SourceButton>
                </ListGroup.Item>
              )}
              {djs.map(({ id: djId, dj }) => (
                <ListGroup.Item key={djId}>
                  <div className="fw-semibold">{dj ? djLabel(dj) : 'No Dj Found'}</div>
                  {dj && !dj.rtmpUrl && !dj.twitchUsername && (
                    <div className="small text-body-secondary">No stream link or Twitch username on file.</div>
                  )}
                  {dj?.rtmpUrl && <SourceButton onClick={() => change(streamSourceOf(dj.rtmpUrl))}>Stream link: {normaliseStreamLink(dj.rtmpUrl)}</SourceButton>}
                  {dj?.twitchUsername && (
                    <SourceButton onClick={() => change(streamSourceOf(dj.twitchUsername))}>Twitch: {dj.twitchUsername}</SourceButton>
                  )}
                </ListGroup.Item>
              ))}
            </ListGroup>
          </Col>
        </Row>
      </Card.Body>
    </Card>
  );
}

function SourceButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Button variant="link" size="sm" className="px-0 py-1 d-block text-start text-break" onClick={onClick}>
      {children}
    </Button>
  );
}
