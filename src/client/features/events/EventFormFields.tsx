import { Col, Row } from 'react-bootstrap';
import { EVENT_LIMITS, type EventFormValues } from '@shared/schemas/events';
import { DateTimeField } from '@client/components/form/DateTimeField';
import { CheckField, OptionalNumberField, TextField } from '@client/components/form/fields';

/** The event form's fields: Create Event's react-hook-form form, or Setup's draft (DraftFields). */
export function EventFormFields() {
  return (
    <>
      <Row className="g-3 mb-3">
        <Col md={6}>
          <TextField<EventFormValues> name="name" label="Event Name" maxLength={EVENT_LIMITS.name} className="" />
        </Col>
        <Col md={6}>
          <DateTimeField<EventFormValues> name="startDatetime" label="Date / Time" />
        </Col>
        <Col md={6}>
          <TextField<EventFormValues> name="host" label="Host" maxLength={EVENT_LIMITS.host} className="" />
        </Col>
        <Col md={6} className="d-flex align-items-md-end">
          <CheckField<EventFormValues> name="signupsAreOpen" label="Signups Open" type="switch" className="mb-md-2" />
        </Col>
        <Col md={6}>
          <DateTimeField<EventFormValues> name="signupsCloseAt" label="Signups close at (optional)" optional help="Signups close by themselves then; DJs see when." />
        </Col>
        <Col md={6}>
          <OptionalNumberField<EventFormValues>
            name="signupCap"
            label="Maximum signups (optional)"
            min={1}
            max={EVENT_LIMITS.signupCap}
            className=""
            help="Once this many DJs signed up, the signup page says the event is full."
          />
        </Col>
      </Row>
      <TextField<EventFormValues> name="message" label="Message" as="textarea" rows={4} maxLength={EVENT_LIMITS.message} />
      <TextField<EventFormValues> name="footer" label="Footer" as="textarea" rows={3} maxLength={EVENT_LIMITS.footer} />
    </>
  );
}
