import { useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEvent, useRef, useState } from 'react';
import { FormProvider, type Resolver, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { WIZARD_STEPS } from '@shared/domain';
import { paths } from '@shared/paths';
import { signupIntakeSchema, WIZARD_STEP_FIELDS, wizardStepSchema } from '@shared/schemas/signup';
import { availabilityOptions } from '@shared/time';
import { Alert } from '@client/components/Alert';
import { ApiError } from '@client/lib/api';
import type { SignupArea } from '@shared/schemas/signup';
import { signupAreaQuery, useSubmitSignup } from '@client/shared/signup';
import { useZone } from '@client/lib/useZone';
import { eventDate } from './format';
import { SignupAreaGate, SignupCard } from './SignupAreaGate';
import { PartnerSignup } from './SignupSummaryPage';
import { initialWizardValues, type WizardValues } from './wizardValues';
import { STEP_TITLES, WizardStep } from './WizardSteps';
import './signup.css';

/** /eventSignup/{eventId}/wizard: the four-step signup (spec §4, §5). */
export function SignupWizardPage() {
  // A back-to-back partner staff added cannot change the answers another DJ gave.
  const zone = useZone();
  // Keyed by the zone: the availability options are the event's hours in it (see useZone).
  return (
    <SignupAreaGate>
      {(area) => (area.named?.answersByOther ? <PartnerSignup area={area} /> : <Wizard key={zone} area={area} zone={zone} />)}
    </SignupAreaGate>
  );
}

/** The resolver for one step; the form's values hold unchosen fields the step schema refuses. */
const stepResolver = (step: number, eventStart: string) => zodResolver(wizardStepSchema(step, eventStart)) as unknown as Resolver<WizardValues>;

function Wizard({ area, zone }: { area: SignupArea; zone: string }) {
  const { event } = area;
  const [times] = useState(() => availabilityOptions(event.startDatetime, zone));
  const [step, setStep] = useState(0);
  // The resolver checks the step on screen: one slice of the intake schema per step.
  const stepRef = useRef(0);
  const form = useForm<WizardValues>({
    defaultValues: initialWizardValues(event.id, area.dj.djName || area.dj.publicName, area.signup, times),
    resolver: (values, context, options) => stepResolver(stepRef.current, event.startDatetime)(values, context, options),
  });
  const [serverProblem, setServerProblem] = useState<string | null>(null);
  const stepHeadingRef = useRef<HTMLHeadingElement>(null);
  const submit = useSubmitSignup(event.id);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const last = step === WIZARD_STEPS - 1;
  const busy = submit.isPending;

  const showStep = (next: number) => {
    stepRef.current = next;
    setStep(next);
  };

  const goTo = (next: number) => {
    showStep(next);
    // Problems show only once Next or Submit is tried on the new step, then follow the typing.
    form.reset(undefined, { keepValues: true, keepDefaultValues: true });
    window.scrollTo({ top: 0 });
    // Keyboard and screen-reader users start the new step at its title, not at the buttons.
    requestAnimationFrame(() => stepHeadingRef.current?.focus());
  };

  const send = (values: WizardValues) => {
    // Every step again: an earlier step may have been left incomplete by going Back.
    const firstBad = WIZARD_STEP_FIELDS.findIndex((_, s) => !wizardStepSchema(s, event.startDatetime).safeParse(values).success);
    const parsed = signupIntakeSchema.safeParse(values);
    if (firstBad !== -1 || !parsed.success) {
      if (firstBad !== -1) showStep(firstBad);
      requestAnimationFrame(() => void form.trigger(undefined, { shouldFocus: true }));
      return;
    }
    setServerProblem(null);
    submit.mutate(parsed.data, {
      onSuccess: () => navigate(paths.eventSignup(event.id)),
      onError: (error) => {
        if (error instanceof ApiError) {
          // The spec's toast, and in words what happened.
          toast.error(`Response status: ${error.status}. ${error.message}`);
          setServerProblem(error.message);
          // Signups closed or filled up meanwhile: reload, so the page says so.
          if (error.code === 'signups_closed' || error.code === 'signups_full') {
            void queryClient.invalidateQueries({ queryKey: signupAreaQuery(event.id).queryKey });
          }
        } else {
          toast.error(
            (t) => (
              <button type="button" className="btn btn-link p-0 text-reset text-decoration-none" onClick={() => toast.dismiss(t.id)}>
                Submission failed
              </button>
            ),
            { id: 'signup-submission-failed' },
          );
        }
      },
    });
  };

  const onSubmit = (e: FormEvent) =>
    form.handleSubmit((values) => {
      if (busy) return;
      if (last) send(values);
      else goTo(step + 1);
    })(e);

  return (
    <SignupCard>
      <h1 className="h4">
        SignUp: {event.name} - {eventDate(event.startDatetime, zone)}
      </h1>
      {/* Bootstrap's progress bar (plain markup keeps react-bootstrap out of the wizard); the inner bar
          carries role="progressbar", so the name goes there, not on the track. */}
      <div className="progress my-3">
        <div
          className="progress-bar"
          role="progressbar"
          style={{ width: `${((step + 1) / WIZARD_STEPS) * 100}%` }}
          aria-valuenow={((step + 1) / WIZARD_STEPS) * 100}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-label={`Step ${step + 1} of ${WIZARD_STEPS}`}
        />
      </div>
      <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit}>
        <h2 className="h5 mb-3 wizard-step-title" ref={stepHeadingRef} tabIndex={-1}>
          <span className="text-body-secondary fw-normal">
            Step {step + 1} of {WIZARD_STEPS}:
          </span>{' '}
          {STEP_TITLES[step]}
        </h2>
        <fieldset disabled={busy}>
          <WizardStep step={step} times={times} zone={zone} previousLinks={area.previousStreamLinks} />
        </fieldset>
        {serverProblem && (
          <Alert variant="danger" className="mt-3">
            Your signup was not saved: {serverProblem}
          </Alert>
        )}
        <div className="d-flex justify-content-between gap-2 mt-4">
          <button type="button" className="btn btn-outline-secondary" disabled={step === 0 || busy} onClick={() => goTo(step - 1)}>
            Back
          </button>
          {last ? (
            <button type="submit" className="btn btn-success" disabled={busy}>
              {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
              {busy ? 'Submitting…' : 'Submit'}
            </button>
          ) : (
            <button type="submit" className="btn btn-primary" disabled={busy}>
              Next
            </button>
          )}
        </div>
      </form>
      </FormProvider>
    </SignupCard>
  );
}
