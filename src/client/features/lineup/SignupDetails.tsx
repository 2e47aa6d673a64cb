import { Col, Form, Row } from 'react-bootstrap';
import { SIGNUP_TYPES, STAFF_DURATION_OPTIONS } from '@shared/domain';
import type { Signup } from '@shared/schemas/lineup';
import { type SignupFormData, shownAnswers } from '@shared/schemas/signup';
import { LINEUP_LIMITS } from '@shared/schemas/lineup';
import { useDraftEdits } from '@client/shared/draft';
import { browserZone } from '@client/lib/zone';
import { DjPanel } from './DjPanel';
import { SignupNotices } from './SignupNotices';
import { removeDjFromSignup, type SignupChanges, updateSignup } from './draftOps';

/** What a signup card and a lineup slot (`inLineup`) both show: the editor, the DJ's answers and the DJs. */
export function SignupDetails({ signup, inLineup = false }: { signup: Signup; inLineup?: boolean }) {
  const { setDraft } = useDraftEdits();
  const change = (changes: SignupChanges) => setDraft((draft) => updateSignup(draft, signup.uuid, changes));
  return (
    <>
      <SignupNotices signup={signup} inLineup={inLineup} />
      <SignupEditor signup={signup} onChange={change} />
      {signup.formData && <FormDataSummary data={signup.formData} />}
      {signup.djRefs.length === 0 && <div className="small text-body-secondary mb-2">No DJs on this signup yet.</div>}
      {signup.djRefs.map((djId) => (
        <DjPanel key={djId} djId={djId} onRemove={() => setDraft((draft) => removeDjFromSignup(draft, signup.uuid, djId))} />
      ))}
    </>
  );
}

function SignupEditor({ signup, onChange }: { signup: Signup; onChange: (changes: SignupChanges) => void }) {
  const id = (field: string) => `signup-${signup.uuid}-${field}`;
  return (
    <Row className="g-2 mb-2">
      <Col xs={12}>
        <Form.Group controlId={id('name')}>
          <Form.Label className="small mb-0">Name</Form.Label>
          <Form.Control
            size="sm"
            value={signup.name}
            maxLength={LINEUP_LIMITS.signupName}
            isInvalid={signup.name.trim() === ''}
            onChange={(event) => onChange({ name: event.target.value })}
          />
          <Form.Control.Feedback type="invalid">Signup name is required.</Form.Control.Feedback>
        </Form.Group>
      </Col>
      <Col xs={6}>
        <Form.Group controlId={id('type')}>
          <Form.Label className="small mb-0">Type</Form.Label>
          <Form.Select size="sm" value={signup.type} onChange={(event) => onChange({ type: event.target.value as Signup['type'] })}>
            {SIGNUP_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </Col>
      <Col xs={6}>
        <Form.Group controlId={id('duration')}>
          <Form.Label className="small mb-0 text-nowrap">Requested Duration</Form.Label>
          <Form.Select
            size="sm"
            value={String(signup.requestedDuration)}
            onChange={(event) => onChange({ requestedDuration: Number(event.target.value) as Signup['requestedDuration'] })}
          >
            {STAFF_DURATION_OPTIONS.map((option) => (
              <option key={option.value} value={String(option.value)}>
                {option.label}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </Col>
      <Col xs={12}>
        <Form.Check
          id={id('debut')}
          type="checkbox"
          label="Debut"
          checked={signup.isDebut}
          onChange={(event) => onChange({ isDebut: event.target.checked })}
        />
      </Col>
    </Row>
  );
}

/** The DJ's own answers from the signup wizard, readable at a glance. */
function FormDataSummary({ data }: { data: SignupFormData }) {
  const rows = shownAnswers(data, { zone: browserZone() }, { forStaff: true });
  return (
    <dl className="signup-form-data small mb-2">
      {rows.map(({ field, label, value }) => (
        <div key={field} className="d-flex gap-2">
          <dt className="fw-normal text-body-secondary text-nowrap">{label}:</dt>
          <dd className="mb-0 text-break">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
