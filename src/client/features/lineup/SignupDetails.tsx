import { Col, Row } from 'react-bootstrap';
import { SIGNUP_TYPE_LABELS, SIGNUP_TYPES, STAFF_DURATION_OPTIONS } from '@shared/domain';
import type { Signup } from '@shared/schemas/lineup';
import { shownAnswers, type SignupFormData } from '@shared/schemas/signup-answers';
import { LINEUP_LIMITS } from '@shared/schemas/lineup';
import { CheckField, SelectField, TextField } from '@client/components/form/fields';
import { DraftFields, useDraftEdits } from '@client/shared/draft';
import { useStaffZones } from '@client/lib/useZone';
import { DjPanel } from './DjPanel';
import { SignupNotices } from './SignupNotices';
import { removeDjFromSignup, type SignupChanges, updateSignup } from './draftOps';
import { answerStoredProblems } from '@shared/schemas/signup-answers';
import { MaskedLink } from '@client/components/StreamLink';

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

const TYPE_OPTIONS = SIGNUP_TYPES.map((type) => ({ value: type, label: SIGNUP_TYPE_LABELS[type] }));

function SignupEditor({ signup, onChange }: { signup: Signup; onChange: (changes: SignupChanges) => void }) {
  return (
    <DraftFields values={signup} onChange={onChange} problemsAt={`signups.${signup.uuid}`}>
      <Row className="g-2 mb-2">
        <Col xs={12}>
          <TextField<Signup> name="name" label="Name" size="sm" maxLength={LINEUP_LIMITS.signupName} className="" />
        </Col>
        <Col xs={6}>
          <SelectField<Signup> name="type" label="Type" size="sm" options={TYPE_OPTIONS} className="" />
        </Col>
        <Col xs={6}>
          <SelectField<Signup> name="requestedDuration" label={<span className="text-nowrap">Requested Duration</span>} size="sm" numeric options={STAFF_DURATION_OPTIONS} className="" />
        </Col>
        <Col xs={12}>
          <CheckField<Signup> name="isDebut" label="Debut" className="" />
        </Col>
      </Row>
    </DraftFields>
  );
}

/**
 * The DJ's own answers from the signup wizard, readable at a glance: a stream link with a key
 * masked (Reveal beside it), an answer today's rules refuse shown as given with why (the DJ fixes
 * it by updating their signup).
 */
function FormDataSummary({ data }: { data: SignupFormData }) {
  const zones = useStaffZones();
  const rows = shownAnswers(data, { zone: zones.viewer, seriesZone: zones.series }, { forStaff: true });
  const problems = answerStoredProblems(data);
  return (
    <dl className="signup-form-data small mb-2">
      {rows.map(({ field, label, value }) => (
        <div key={field} className="d-flex gap-2">
          <dt className="fw-normal text-body-secondary text-nowrap">{label}:</dt>
          <dd className="mb-0 text-break">
            {field === 'stream_link' ? <MaskedLink link={value} /> : value}
            {problems[field] && <div className="text-warning-emphasis">{problems[field]}</div>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
