import { useFormContext, useWatch } from 'react-hook-form';
import { WIZARD_DURATION_OPTIONS, WIZARD_SIGNUP_TYPES } from '@shared/domain';
import { SIGNUP_LIMITS } from '@shared/schemas/signup';
import { normaliseStreamLink } from '@shared/streams';
import type { AvailabilityOption } from '@shared/time';
import { CheckField, ChoiceField, SelectField, TextField } from '@client/components/form/fields';
import { TYPE_LABELS } from './format';
import type { WizardValues } from './wizardValues';

// The four steps of the wizard (spec §4), each inside the wizard's react-hook-form form.

export interface StepProps {
  times: AvailabilityOption[];
  zone: string;
  /** The DJ's own earlier stream links, newest first: one tap fills the stream link. */
  previousLinks: string[];
}

export const STEP_TITLES = ['Performance Details', 'Availability', 'Stream Details', 'Expectations and Notes'];

export const WIZARD_STEP_VIEWS = [PerformanceStep, AvailabilityStep, StreamStep, ExpectationsStep];

function PerformanceStep() {
  const isB2b = useWatch<WizardValues, 'is_b2b'>({ name: 'is_b2b' });
  return (
    <>
      <TextField<WizardValues> name="name" label="Name" maxLength={SIGNUP_LIMITS.name} autoComplete="off" help="The name to show in the lineup." />
      <ChoiceField<WizardValues, boolean>
        name="is_b2b"
        label="Is this a back to back (B2B) set?"
        options={[
          { value: false, label: 'No' },
          { value: true, label: 'Yes' },
        ]}
      />
      {isB2b && (
        <TextField<WizardValues>
          name="b2b_members_response"
          label="Other B2B members"
          maxLength={SIGNUP_LIMITS.b2bMembers}
          help="The DJ names of everyone playing with you, on one line."
        />
      )}
      <ChoiceField<WizardValues, number> name="requested_duration" label="How long would you like to play?" options={WIZARD_DURATION_OPTIONS} />
      <ChoiceField<WizardValues, string>
        name="type"
        label="Live or prerecorded?"
        options={WIZARD_SIGNUP_TYPES.map((type) => ({ value: type, label: TYPE_LABELS[type] ?? type }))}
      />
    </>
  );
}

function AvailabilityStep({ times, zone }: StepProps) {
  const [from, to] = useWatch<WizardValues, ['available_from', 'available_to']>({ name: ['available_from', 'available_to'] });
  // A time the event no longer offers starts unchosen, so the DJ picks again.
  const choose = (value: string) => (value === '' ? 'Choose a time' : undefined);
  return (
    <>
      <p>When could you play? Times are in your time zone ({zone}).</p>
      <SelectField<WizardValues> name="available_from" label="Available from" options={times} placeholder={choose(from)} />
      <SelectField<WizardValues> name="available_to" label="Available to" options={times} placeholder={choose(to)} />
    </>
  );
}

function StreamStep({ previousLinks }: StepProps) {
  const [type, link] = useWatch<WizardValues, ['type', 'stream_link']>({ name: ['type', 'stream_link'] });
  const live = type === 'LIVE';
  const { setValue, formState } = useFormContext<WizardValues>();
  const choose = (previous: string) => setValue('stream_link', previous, { shouldDirty: true, shouldValidate: formState.isSubmitted });
  return (
    <>
      <TextField<WizardValues>
        name="stream_link"
        label={`Stream link${live ? '' : ' (optional)'}`}
        type="url"
        inputMode="url"
        placeholder="rtmp://… or https://…"
        maxLength={SIGNUP_LIMITS.streamLink}
        autoComplete="off"
        normalise={normaliseStreamLink}
        help={
          live
            ? 'Required for a live set: the address we take your stream from (rtmp, rtmps, srt or https). A Twitch username becomes your channel link.'
            : 'For a prerecorded set you may leave this empty, or give a link to your recording.'
        }
      />
      {previousLinks.length > 0 && (
        <div role="group" aria-labelledby="previous-links-label" className="mb-3">
          <div id="previous-links-label" className="form-label mb-1">
            Links you used before
          </div>
          <div className="d-flex flex-wrap gap-2">
            {previousLinks.map((previous) => (
              <button
                type="button"
                key={previous}
                className={`btn btn-sm ${normaliseStreamLink(link) === previous ? 'btn-secondary' : 'btn-outline-secondary'} text-break text-start previous-link`}
                aria-pressed={normaliseStreamLink(link) === previous}
                onClick={() => choose(previous)}
              >
                {previous}
              </button>
            ))}
          </div>
        </div>
      )}
    </>
  );
}

function ExpectationsStep() {
  return (
    <>
      <p className="mb-2">What we expect from every performer:</p>
      <ul>
        <li>Be ready, with your stream running or your recording delivered, before your slot starts.</li>
        <li>Keep to the set length you asked for.</li>
        <li>Tell the hosts as soon as you can if you can no longer play.</li>
      </ul>
      <CheckField<WizardValues> name="confirm_expectations" label="I have read and agree to these expectations." />
      <TextField<WizardValues> name="dj_notes" label="Notes for the hosts (optional)" as="textarea" rows={4} maxLength={SIGNUP_LIMITS.notes} />
    </>
  );
}
