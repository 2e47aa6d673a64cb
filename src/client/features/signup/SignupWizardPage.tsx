import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Alert, Button, Form, ProgressBar, Spinner } from 'react-bootstrap';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { WIZARD_STEPS } from '@shared/domain';
import { paths } from '@shared/paths';
import { type SignupField, signupIntakeSchema, wizardStepErrors, type WizardErrors } from '@shared/schemas/signup';
import { availabilityOptions } from '@shared/time';
import { ApiError } from '@client/lib/api';
import type { SignupArea } from '@shared/schemas/signup';
import { signupAreaQuery, useSubmitSignup } from '@client/shared/signup';
import { browserZone } from '@client/lib/zone';
import { eventDate } from './format';
import { SignupAreaGate, SignupCard } from './SignupAreaGate';
import { initialWizardValues, type WizardValues } from './wizardValues';
import { STEP_TITLES, WIZARD_STEP_VIEWS } from './WizardSteps';
import './signup.css';

/** /eventSignup/{eventId}/wizard: the four-step signup (spec §4, §5). */
export function SignupWizardPage() {
  return <SignupAreaGate>{(area) => <Wizard area={area} />}</SignupAreaGate>;
}

function Wizard({ area }: { area: SignupArea }) {
  const { event } = area;
  const zone = browserZone();
  const [times] = useState(() => availabilityOptions(event.startDatetime, zone));
  const [values, setValues] = useState(() =>
    initialWizardValues(event.id, area.dj.djName || area.dj.publicName, area.signup, times),
  );
  const [step, setStep] = useState(0);
  // Problems show only once Next or Submit was tried on this step, then follow the typing.
  const [validated, setValidated] = useState(false);
  const [serverProblem, setServerProblem] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const stepHeadingRef = useRef<HTMLHeadingElement>(null);
  const submit = useSubmitSignup(event.id);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const errors: WizardErrors = validated ? wizardStepErrors(step, values, event.startDatetime) : {};
  const last = step === WIZARD_STEPS - 1;
  const busy = submit.isPending;

  const set = <F extends SignupField>(field: F, value: WizardValues[F]) =>
    setValues((old) => ({ ...old, [field]: value }));

  const goTo = (next: number) => {
    setStep(next);
    setValidated(false);
    window.scrollTo({ top: 0 });
    // Keyboard and screen-reader users start the new step at its title, not at the buttons.
    requestAnimationFrame(() => stepHeadingRef.current?.focus());
  };

  const showProblems = () => {
    setValidated(true);
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('.is-invalid')?.focus());
  };

  const send = () => {
    // Every step again: an earlier step may have been left incomplete by going Back.
    const firstBad = [0, 1, 2, 3].find((s) => Object.keys(wizardStepErrors(s, values, event.startDatetime)).length > 0);
    const parsed = signupIntakeSchema.safeParse(values);
    if (firstBad !== undefined || !parsed.success) {
      if (firstBad !== undefined && firstBad !== step) setStep(firstBad);
      showProblems();
      return;
    }
    setServerProblem(null);
    submit.mutate(parsed.data, {
      onSuccess: () => navigate(paths.eventSignup(event.id)),
      onError: (error) => {
        if (error instanceof ApiError) {
          toast.error(`Response status: ${error.status}`);
          setServerProblem(error.message);
          // Signups closed meanwhile: reload, so the page shows the closed state.
          if (error.status === 409) void queryClient.invalidateQueries({ queryKey: signupAreaQuery(event.id).queryKey });
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

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (Object.keys(wizardStepErrors(step, values, event.startDatetime)).length > 0) return showProblems();
    if (last) send();
    else goTo(step + 1);
  };

  const StepView = WIZARD_STEP_VIEWS[step]!;
  return (
    <SignupCard>
      <h1 className="h4">
        SignUp: {event.name} - {eventDate(event.startDatetime)}
      </h1>
      {/* The inner bar carries role="progressbar", so the name goes there, not on the track. */}
      <ProgressBar className="my-3">
        <ProgressBar now={((step + 1) / WIZARD_STEPS) * 100} aria-label={`Step ${step + 1} of ${WIZARD_STEPS}`} />
      </ProgressBar>
      <Form ref={formRef} noValidate onSubmit={onSubmit} data-validated={validated || undefined}>
        <h2 className="h5 mb-3 wizard-step-title" ref={stepHeadingRef} tabIndex={-1}>
          <span className="text-body-secondary fw-normal">
            Step {step + 1} of {WIZARD_STEPS}:
          </span>{' '}
          {STEP_TITLES[step]}
        </h2>
        <fieldset disabled={busy}>
          <StepView values={values} errors={errors} set={set} times={times} zone={zone} />
        </fieldset>
        {serverProblem && (
          <Alert variant="danger" className="mt-3">
            Your signup was not saved: {serverProblem}
          </Alert>
        )}
        <div className="d-flex justify-content-between gap-2 mt-4">
          <Button type="button" variant="outline-secondary" disabled={step === 0 || busy} onClick={() => goTo(step - 1)}>
            Back
          </Button>
          {last ? (
            <Button type="submit" variant="success" disabled={busy}>
              {busy && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
              {busy ? 'Submitting…' : 'Submit'}
            </Button>
          ) : (
            <Button type="submit" disabled={busy}>
              Next
            </Button>
          )}
        </div>
      </Form>
    </SignupCard>
  );
}
