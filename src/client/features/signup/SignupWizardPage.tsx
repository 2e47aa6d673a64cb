import { useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEvent, type MouseEvent, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { FormProvider, type Resolver, useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { WIZARD_STEPS } from '@shared/domain';
import { paths } from '@shared/paths';
import { WIZARD_STEP_FIELDS } from '@shared/schemas/signup-answers';
import { signupIntakeSchema, wizardStepSchema } from '@shared/schemas/signup-intake';
import { availabilityOptions } from '@shared/time';
import { Alert } from '@client/components/Alert';
import { useLeaveBlocker } from '@client/components/useLeaveBlocker';
import { ApiError } from '@client/lib/api';
import { useEarlyAnswers } from '@client/lib/earlyAnswers';
import type { SignupArea } from '@shared/schemas/signup';
import { signupAreaQuery, useSubmitSignup } from '@client/shared/signup';
import { useInBrowser } from '@client/lib/useInBrowser';
import { useZone } from '@client/lib/useZone';
import { eventDate } from './format';
import { SignupAreaGate, SignupCard } from './SignupAreaGate';
import { PartnerSignup } from './SignupSummaryPage';
import { LeaveWizardDialog } from './LeaveWizardDialog';
import { dropWizardDraft, keepWizardDraft, readWizardDraft } from './wizardDraft';
import { initialWizardValues, restoredWizardValues, sameAnswers, type WizardValues } from './wizardValues';
import { STEP_TITLES, WizardStep } from './WizardSteps';
import './signup.css';

/** /eventSignup/{eventId}/wizard: the four-step signup (spec §4, §5). */
export function SignupWizardPage() {
  // A back-to-back partner staff added cannot change the answers another DJ gave.
  const zone = useZone();
  return (
    <SignupAreaGate>
      {(area) => (area.named?.answersByOther ? <PartnerSignup area={area} /> : <KeptAnswers key={`${area.event.id} ${area.dj.id}`} area={area} zone={zone} />)}
    </SignupAreaGate>
  );
}

/**
 * Answers not sent yet, kept in the browser (wizardDraft.ts), start the wizard where the DJ left
 * it. The server knows none, so they are read once the page is the browser's own, and a wizard
 * that has some starts anew with them (no hydration to mismatch).
 */
function KeptAnswers({ area, zone }: { area: SignupArea; zone: string }) {
  const inBrowser = useInBrowser();
  const { id: eventId } = area.event;
  const { id: djId } = area.dj;
  // Read once in the browser: the wizard keeps writing them from then on. A page the server
  // rendered reads them right as it is hydrated, before the DJ can type into it: a wizard started
  // anew with them later (with the switch to what only the browser shows, a transition that waits
  // while the DJ types) would drop what they typed meanwhile. Without any, nothing re-renders.
  const [readOnce] = useState(() => {
    let read: { draft: unknown } | undefined;
    return () => (read ??= { draft: readWizardDraft(eventId, djId) }).draft;
  });
  const kept = useSyncExternalStore(noSubscription, readOnce, noDraftOnServer);
  // Not keyed by the zone: the zone changes right after hydration on a first visit (useZone), when
  // a DJ may already have typed; only the options' labels follow it, the answers stay.
  return <Wizard key={kept === null ? 'fresh' : 'kept'} area={area} zone={zone} kept={kept} keeping={inBrowser} />;
}

// Kept answers are read once, never followed (KeptAnswers).
const noSubscription = () => () => {};
const noDraftOnServer = () => null;

/** The resolver for one step; the form's values hold unchosen fields the step schema refuses. */
const stepResolver = (step: number, eventStart: string) => zodResolver(wizardStepSchema(step, eventStart)) as unknown as Resolver<WizardValues>;

/** How many steps the wizard itself pushed onto the browser's history below this entry. */
interface WizardHistory {
  wizardDepth?: number;
}

/**
 * The step an address asks for (`?step=3`), but never past a step whose answers are missing: a
 * step is reached only through the ones before it.
 */
function shownStep(asked: string | null, values: WizardValues, eventStart: string): number {
  const wanted = Math.min(Math.max(Number.parseInt(asked ?? '1', 10) || 1, 1), WIZARD_STEPS) - 1;
  const firstBad = WIZARD_STEP_FIELDS.findIndex((_, s) => s < wanted && !wizardStepSchema(s, eventStart).safeParse(values).success);
  return firstBad === -1 ? wanted : firstBad;
}

/** The second click of a double click (on Next, the Submit that took its place) is not a second press. */
const onePress = (event: MouseEvent) => {
  if (event.detail > 1) event.preventDefault();
};

/** `kept`: the answers kept in the browser; `keeping`: they have been read, so the wizard may write them. */
function Wizard({ area, zone, kept, keeping }: { area: SignupArea; zone: string; kept: unknown; keeping: boolean }) {
  const { event } = area;
  // The options' values are instants, the same in every zone: a new zone relabels them.
  const times = useMemo(() => availabilityOptions(event.startDatetime, zone), [event.startDatetime, zone]);
  const [start] = useState(() => initialWizardValues(event.id, area.dj.djName || area.dj.publicName, area.signup, times));
  const [restoredAnswers] = useState(() => (kept === null ? start : restoredWizardValues(kept, start, times)));
  const [restored, setRestored] = useState(() => !sameAnswers(restoredAnswers, start));
  const form = useForm<WizardValues>({
    defaultValues: restoredAnswers,
    // The resolver checks the step on screen: one slice of the intake schema per step.
    resolver: (values, context, options) => stepResolver(stepRef.current, event.startDatetime)(values, context, options),
  });
  // What a DJ typed or ticked on the page before the app had started on it (a phone on a slow
  // connection shows the page first), given back once this is the wizard the page keeps (with the
  // answers kept in the tab, if any) and its fields are at its own start.
  useEarlyAnswers(keeping);
  const values = useWatch({ control: form.control }) as WizardValues;
  // Each step is an entry in the browser's history (issue 34): the phone's Back gesture goes
  // back a step, keeping every answer, and Forward comes back to it.
  const [params] = useSearchParams();
  const location = useLocation();
  const step = shownStep(params.get('step'), values, event.startDatetime);
  const stepRef = useRef(step);
  useEffect(() => {
    stepRef.current = step;
  }, [step]);
  const [serverProblem, setServerProblem] = useState<string | null>(null);
  const stepHeadingRef = useRef<HTMLHeadingElement>(null);
  const submit = useSubmitSignup(event.id);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Set the moment the answers go out, so a second press before the button disables sends nothing.
  const sending = useRef(false);
  const [sent, setSent] = useState(false);

  const last = step === WIZARD_STEPS - 1;
  const busy = submit.isPending;
  const unsaved = !sent && !sameAnswers(values, start);
  const leaving = useLeaveBlocker(unsaved);

  // Answers not sent yet are kept in the browser until they are.
  useEffect(() => {
    if (sent || !keeping) return;
    if (unsaved) keepWizardDraft(event.id, area.dj.id, values);
    else dropWizardDraft(event.id, area.dj.id);
  }, [event.id, area.dj.id, values, unsaved, sent, keeping]);

  // A new step, however it came (Next, Back, the browser's history): its problems show only once
  // Next or Submit is tried on it, and keyboard and screen-reader users start at its title. Sent
  // back by Submit to a step with a problem, the problem shows at once.
  const shown = useRef(step);
  const problemsOnArrival = useRef(false);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    if (problemsOnArrival.current) {
      problemsOnArrival.current = false;
      void form.trigger(undefined, { shouldFocus: true });
      return;
    }
    form.reset(undefined, { keepValues: true, keepDefaultValues: true });
    window.scrollTo({ top: 0 });
    requestAnimationFrame(() => stepHeadingRef.current?.focus());
  }, [step, form]);

  // Once sent, to the summary: after this render, so the leave question knows nothing is unsaved.
  useEffect(() => {
    if (sent) void navigate(paths.eventSignup(event.id));
  }, [sent, navigate, event.id]);

  const depth = (location.state as WizardHistory | null)?.wizardDepth ?? 0;
  const goTo = (next: number) => {
    if (next === step) return;
    const search = `?step=${next + 1}`;
    // Back through the entries the wizard pushed, so the history stays one entry per step.
    if (next < step && depth >= step - next) void navigate(next - step);
    else if (next < step) void navigate({ search }, { replace: true, state: { wizardDepth: Math.max(depth - (step - next), 0) } satisfies WizardHistory });
    else void navigate({ search }, { state: { wizardDepth: depth + (next - step) } satisfies WizardHistory });
  };

  const startOver = () => {
    dropWizardDraft(event.id, area.dj.id);
    form.reset(start);
    setRestored(false);
    goTo(0);
  };

  const send = (answers: WizardValues) => {
    if (sending.current) return;
    // Every step again: an earlier step may have been left incomplete by going Back.
    const firstBad = WIZARD_STEP_FIELDS.findIndex((_, s) => !wizardStepSchema(s, event.startDatetime).safeParse(answers).success);
    const parsed = signupIntakeSchema.safeParse(answers);
    if (firstBad !== -1 && firstBad !== step) {
      problemsOnArrival.current = true;
      goTo(firstBad);
      return;
    }
    if (!parsed.success) {
      requestAnimationFrame(() => void form.trigger(undefined, { shouldFocus: true }));
      return;
    }
    sending.current = true;
    setServerProblem(null);
    submit.mutate(parsed.data, {
      onSuccess: () => {
        dropWizardDraft(event.id, area.dj.id);
        setSent(true);
      },
      onError: (error) => {
        sending.current = false;
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
    form.handleSubmit((answers) => {
      if (busy || sending.current) return;
      if (last) send(answers);
      else goTo(step + 1);
    })(e);

  // Leaving on purpose discards the answers, as the question says.
  const leave = () => {
    dropWizardDraft(event.id, area.dj.id);
    leaving.leave();
  };

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
      {/* method="dialog" outside a dialog submits nowhere: a Next tapped on the server's page before
          the app has started does nothing, rather than load the page again with the answers in its
          address (decision 061). The app's onSubmit handles every submit once it has started. */}
      <form noValidate method="dialog" onSubmit={onSubmit}>
        <h2 className="h5 mb-3 wizard-step-title" ref={stepHeadingRef} tabIndex={-1}>
          <span className="text-body-secondary fw-normal">
            Step {step + 1} of {WIZARD_STEPS}:
          </span>{' '}
          {STEP_TITLES[step]}
        </h2>
        <fieldset disabled={busy}>
          <WizardStep step={step} times={times} zone={zone} previousLinks={area.previousStreamLinks} />
        </fieldset>
        {restored && (
          <p className="small text-body-secondary" data-testid="answers-kept">
            Your answers from before are back: they are not sent yet.{' '}
            <button type="button" className="btn btn-link btn-sm p-0 align-baseline" onClick={startOver}>
              Start over
            </button>
          </p>
        )}
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
            <button type="submit" className="btn btn-success" disabled={busy} onClick={onePress}>
              {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
              {busy ? 'Submitting…' : 'Submit'}
            </button>
          ) : (
            <button type="submit" className="btn btn-primary" disabled={busy} onClick={onePress}>
              Next
            </button>
          )}
        </div>
      </form>
      </FormProvider>
      <LeaveWizardDialog open={leaving.asking} onLeave={leave} onStay={leaving.stay} />
    </SignupCard>
  );
}
