import { Form } from 'react-bootstrap';
import { WIZARD_DURATION_OPTIONS, WIZARD_SIGNUP_TYPES } from '@shared/domain';
import { SIGNUP_LIMITS, type SignupField, type WizardErrors } from '@shared/schemas/signup';
import type { AvailabilityOption } from '@shared/time';
import { TYPE_LABELS } from './format';
import type { WizardValues } from './wizardValues';

export interface StepProps {
  values: WizardValues;
  errors: WizardErrors;
  set: <F extends SignupField>(field: F, value: WizardValues[F]) => void;
  times: AvailabilityOption[];
  zone: string;
}

export const STEP_TITLES = ['Performance Details', 'Availability', 'Stream Details', 'Expectations and Notes'];

export const WIZARD_STEP_VIEWS = [PerformanceStep, AvailabilityStep, StreamStep, ExpectationsStep];

function PerformanceStep({ values, errors, set }: StepProps) {
  return (
    <>
      <Form.Group className="mb-3" controlId="signup-name">
        <Form.Label>Name</Form.Label>
        <Form.Control
          value={values.name}
          onChange={(e) => set('name', e.target.value)}
          isInvalid={Boolean(errors.name)}
          maxLength={SIGNUP_LIMITS.name}
          autoComplete="off"
          required
        />
        <Form.Control.Feedback type="invalid">{errors.name}</Form.Control.Feedback>
        <Form.Text>The name to show in the lineup.</Form.Text>
      </Form.Group>
      <Choice
        name="is_b2b"
        legend="Is this a back to back (B2B) set?"
        options={[
          { value: false, label: 'No' },
          { value: true, label: 'Yes' },
        ]}
        selected={values.is_b2b}
        onChange={(value) => set('is_b2b', value)}
        error={errors.is_b2b}
      />
      {values.is_b2b && (
        <Form.Group className="mb-3" controlId="signup-b2b-members">
          <Form.Label>Other B2B members</Form.Label>
          <Form.Control
            as="textarea"
            rows={2}
            value={values.b2b_members_response}
            onChange={(e) => set('b2b_members_response', e.target.value)}
            isInvalid={Boolean(errors.b2b_members_response)}
            maxLength={SIGNUP_LIMITS.b2bMembers}
            required
          />
          <Form.Control.Feedback type="invalid">{errors.b2b_members_response}</Form.Control.Feedback>
          <Form.Text>The DJ names of everyone playing with you.</Form.Text>
        </Form.Group>
      )}
      <Choice
        name="requested_duration"
        legend="How long would you like to play?"
        options={WIZARD_DURATION_OPTIONS}
        selected={values.requested_duration}
        onChange={(value) => set('requested_duration', value)}
        error={errors.requested_duration}
      />
      <Choice
        name="type"
        legend="Live or prerecorded?"
        options={WIZARD_SIGNUP_TYPES.map((type) => ({ value: type, label: TYPE_LABELS[type] ?? type }))}
        selected={values.type}
        onChange={(value) => set('type', value)}
        error={errors.type}
      />
    </>
  );
}

function AvailabilityStep({ values, errors, set, times, zone }: StepProps) {
  const select = (field: 'available_from' | 'available_to', label: string) => (
    <Form.Group className="mb-3" controlId={`signup-${field}`}>
      <Form.Label>{label}</Form.Label>
      <Form.Select
        value={values[field]}
        onChange={(e) => set(field, e.target.value)}
        isInvalid={Boolean(errors[field])}
        required
      >
        {values[field] === '' && (
          <option value="" disabled>
            Choose a time
          </option>
        )}
        {times.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Form.Select>
      <Form.Control.Feedback type="invalid">{errors[field]}</Form.Control.Feedback>
    </Form.Group>
  );
  return (
    <>
      <p>When could you play? Times are in your time zone ({zone}).</p>
      {select('available_from', 'Available from')}
      {select('available_to', 'Available to')}
    </>
  );
}

function StreamStep({ values, errors, set }: StepProps) {
  const live = values.type === 'LIVE';
  return (
    <Form.Group className="mb-3" controlId="signup-stream-link">
      <Form.Label>Stream link{live ? '' : ' (optional)'}</Form.Label>
      <Form.Control
        type="url"
        inputMode="url"
        placeholder="rtmp://… or https://…"
        value={values.stream_link}
        onChange={(e) => set('stream_link', e.target.value)}
        isInvalid={Boolean(errors.stream_link)}
        maxLength={SIGNUP_LIMITS.streamLink}
        autoComplete="off"
        required={live}
      />
      <Form.Control.Feedback type="invalid">{errors.stream_link}</Form.Control.Feedback>
      <Form.Text>
        {live
          ? 'Required for a live set: the address we take your stream from (http, https, rtmp or rtmps).'
          : 'For a prerecorded set you may leave this empty, or give a link to your recording.'}
      </Form.Text>
    </Form.Group>
  );
}

function ExpectationsStep({ values, errors, set }: StepProps) {
  return (
    <>
      <p className="mb-2">What we expect from every performer:</p>
      <ul>
        <li>Be ready, with your stream running or your recording delivered, before your slot starts.</li>
        <li>Keep to the set length you asked for.</li>
        <li>Tell the hosts as soon as you can if you can no longer play.</li>
      </ul>
      <Form.Group className="mb-3" controlId="signup-confirm-expectations">
        <Form.Check
          type="checkbox"
          label="I have read and agree to these expectations."
          checked={values.confirm_expectations}
          onChange={(e) => set('confirm_expectations', e.target.checked)}
          isInvalid={Boolean(errors.confirm_expectations)}
          feedback={errors.confirm_expectations}
          feedbackType="invalid"
          required
        />
      </Form.Group>
      <Form.Group className="mb-3" controlId="signup-notes">
        <Form.Label>Notes for the hosts (optional)</Form.Label>
        <Form.Control
          as="textarea"
          rows={4}
          value={values.dj_notes}
          onChange={(e) => set('dj_notes', e.target.value)}
          isInvalid={Boolean(errors.dj_notes)}
          maxLength={SIGNUP_LIMITS.notes}
        />
        <Form.Control.Feedback type="invalid">{errors.dj_notes}</Form.Control.Feedback>
      </Form.Group>
    </>
  );
}

interface ChoiceProps<T> {
  name: string;
  legend: string;
  options: readonly { value: T; label: string }[];
  selected: T | null | '';
  onChange: (value: T) => void;
  error?: string;
}

/** A required pick-one as radio buttons: big touch targets, the problem shown under the group. */
function Choice<T extends string | number | boolean>({ name, legend, options, selected, onChange, error }: ChoiceProps<T>) {
  return (
    <fieldset className="mb-3" aria-describedby={error ? `signup-${name}-error` : undefined}>
      <legend className="form-label fs-6 mb-1">{legend}</legend>
      {options.map((option) => (
        <Form.Check
          key={String(option.value)}
          inline
          type="radio"
          name={name}
          id={`signup-${name}-${String(option.value)}`}
          label={option.label}
          checked={selected === option.value}
          onChange={() => onChange(option.value)}
          isInvalid={Boolean(error)}
          className="me-4 py-1"
        />
      ))}
      {error && (
        <div id={`signup-${name}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </fieldset>
  );
}
