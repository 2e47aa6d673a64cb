import { useId } from 'react';
import { Col, Form, Row } from 'react-bootstrap';
import { EVENT_LIMITS, type EventFormValues } from '@shared/schemas/events';
import { DateTimeField } from './DateTimeField';

interface Props {
  values: EventFormValues;
  onChange: (changes: Partial<EventFormValues>) => void;
  /** Create Event requires a host (spec §5); an existing event may have none yet ('Host TBD!'). */
  hostRequired?: boolean;
}

/** The event form of Create Event and the Setup tab. */
export function EventFormFields({ values, onChange, hostRequired }: Props) {
  const id = useId();
  return (
    <>
      <Row className="g-3 mb-3">
        <Col md={6}>
          <Form.Group controlId={`${id}-name`}>
            <Form.Label>Event Name</Form.Label>
            <Form.Control
              value={values.name}
              required
              maxLength={EVENT_LIMITS.name}
              isInvalid={values.name.trim() === ''}
              onChange={(e) => onChange({ name: e.target.value })}
            />
            <Form.Control.Feedback type="invalid">Please enter the event name.</Form.Control.Feedback>
          </Form.Group>
        </Col>
        <Col md={6}>
          <DateTimeField
            id={`${id}-start`}
            label="Date / Time"
            value={values.startDatetime}
            required
            onChange={(startDatetime) => onChange({ startDatetime })}
          />
        </Col>
        <Col md={6}>
          <Form.Group controlId={`${id}-host`}>
            <Form.Label>Host</Form.Label>
            <Form.Control
              value={values.host}
              required={hostRequired}
              maxLength={EVENT_LIMITS.host}
              onChange={(e) => onChange({ host: e.target.value })}
            />
            <Form.Control.Feedback type="invalid">Please enter the host.</Form.Control.Feedback>
          </Form.Group>
        </Col>
        <Col md={6} className="d-flex align-items-md-end">
          <Form.Check
            id={`${id}-signups-open`}
            type="switch"
            label="Signups Open"
            checked={values.signupsAreOpen}
            onChange={(e) => onChange({ signupsAreOpen: e.target.checked })}
            className="mb-md-2"
          />
        </Col>
      </Row>
      <Form.Group controlId={`${id}-message`} className="mb-3">
        <Form.Label>Message</Form.Label>
        <Form.Control
          as="textarea"
          rows={4}
          value={values.message}
          maxLength={EVENT_LIMITS.message}
          onChange={(e) => onChange({ message: e.target.value })}
        />
      </Form.Group>
      <Form.Group controlId={`${id}-footer`} className="mb-3">
        <Form.Label>Footer</Form.Label>
        <Form.Control
          as="textarea"
          rows={3}
          value={values.footer}
          maxLength={EVENT_LIMITS.footer}
          onChange={(e) => onChange({ footer: e.target.value })}
        />
      </Form.Group>
    </>
  );
}
