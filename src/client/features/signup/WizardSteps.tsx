import type { ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { isAsked, SIGNUP_ANSWERS, type SignupField, WIZARD_STEP_FIELDS } from '@shared/schemas/signup-answers';
import { normaliseStreamLink } from '@shared/streams';
import type { AvailabilityOption } from '@shared/time';
import { CheckField, ChoiceField, SelectField, TextField } from '@client/components/form/fields';
import { StreamLinkNotes } from '@client/components/StreamLink';
import type { WizardValues } from './wizardValues';

// The four steps of the wizard (spec §4): each asks the answers whose definition names its step
// (shared/schemas/signup-answers.ts), drawn by their kind of control, after what the step says first.

export interface StepProps {
  times: AvailabilityOption[];
  zone: string;
  /** The DJ's own earlier stream links, newest first: one tap fills the stream link. */
  previousLinks: string[];
}

export const STEP_TITLES = ['Performance Details', 'Availability', 'Stream Details', 'Expectations and Notes'];

/** What a step says before its questions. */
const STEP_INTROS: Record<number, (props: StepProps) => ReactNode> = {
  1: ({ zone }) => <p>When could you play? Times are in your time zone ({zone}).</p>,
  3: () => (
    <>
      <p className="mb-2">What we expect from every performer:</p>
      <ul>
        <li>Be ready, with your stream running or your recording delivered, before your slot starts.</li>
        <li>Keep to the set length you asked for.</li>
        <li>Tell the hosts as soon as you can if you can no longer play.</li>
      </ul>
    </>
  ),
};

export function WizardStep({ step, ...props }: StepProps & { step: number }) {
  const values = useWatch<WizardValues>() as Partial<WizardValues>;
  const intro = STEP_INTROS[step];
  return (
    <>
      {intro?.(props)}
      {WIZARD_STEP_FIELDS[step]!.filter((field) => isAsked(field, values)).map((field) => (
        <Answer key={field} field={field} values={values} {...props} />
      ))}
    </>
  );
}

const YES_NO = [
  { value: false, label: 'No' },
  { value: true, label: 'Yes' },
];

function Answer({ field, values, times, previousLinks }: StepProps & { field: SignupField; values: Partial<WizardValues> }) {
  const { label, question = label, control } = SIGNUP_ANSWERS[field];
  switch (control?.kind) {
    case 'text':
      return <TextField<WizardValues> name={field} label={question} maxLength={control.maxLength} autoComplete="off" help={control.help} />;
    case 'notes':
      return <TextField<WizardValues> name={field} label={question} as="textarea" rows={4} maxLength={control.maxLength} />;
    case 'yesNo':
      return <ChoiceField<WizardValues, boolean> name={field} label={question} options={YES_NO} />;
    case 'choice':
      return <ChoiceField<WizardValues, string | number> name={field} label={question} options={control.options} />;
    case 'time':
      // A time the event no longer offers starts unchosen, so the DJ picks again.
      return <SelectField<WizardValues> name={field} label={question} options={times} placeholder={values[field] === '' ? 'Choose a time' : undefined} />;
    case 'agree':
      return <CheckField<WizardValues> name={field} label={question} />;
    case 'streamLink':
      return <StreamLinkAnswer field={field} live={values.type === 'LIVE'} maxLength={control.maxLength} previousLinks={previousLinks} />;
    default:
      return null;
  }
}

function StreamLinkAnswer({ field, live, maxLength, previousLinks }: { field: SignupField; live: boolean; maxLength: number; previousLinks: string[] }) {
  const { setValue, formState } = useFormContext<WizardValues>();
  const link = normaliseStreamLink(String(useWatch<WizardValues>({ name: field }) ?? ''));
  const choose = (previous: string) => setValue(field, previous, { shouldDirty: true, shouldValidate: formState.isSubmitted });
  return (
    <>
      <TextField<WizardValues>
        name={field}
        label={`${SIGNUP_ANSWERS[field].label}${live ? '' : ' (optional)'}`}
        type="url"
        inputMode="url"
        placeholder="rtspt://stream.vrcdn.live/live/… or twitch.tv/…"
        maxLength={maxLength}
        autoComplete="off"
        normalise={normaliseStreamLink}
        help={
          live
            ? 'Required for a live set: the link people watch your stream at. Your VRCDN link in any form (rtspt://stream.vrcdn.live/live/NAME, …live.ts or vrcdn:NAME), your Twitch channel or username, a YouTube live link, or an rtmp, rtsp, srt or https address.'
            : 'For a prerecorded set you may leave this empty, or give a link to your recording.'
        }
      />
      <StreamLinkNotes link={link} />
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
                className={`btn btn-sm ${link === previous ? 'btn-secondary' : 'btn-outline-secondary'} text-break text-start previous-link`}
                aria-pressed={link === previous}
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
