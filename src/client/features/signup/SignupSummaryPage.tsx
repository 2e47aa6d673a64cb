import { Fragment, lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { paths } from '@shared/paths';
import type { SignupArea } from '@shared/schemas/signup';
import { shownAnswers, type SignupFormData } from '@shared/schemas/signup-answers';
import { formatLocalTime, zoneName } from '@shared/time';
import { useInBrowser } from '@client/lib/useInBrowser';
import { useZone } from '@client/lib/useZone';
import { eventDate } from './format';
import { SignupAreaGate, SignupCard } from './SignupAreaGate';
import { SlotConfirmation } from './SlotConfirmation';
import { StreamTest } from './StreamTest';
import { WithdrawSignup } from './WithdrawSignup';
import './signup.css';
import { answerStoredProblems } from '@shared/schemas/signup-answers';
import { isStreamKeyLink, STREAM_KEY_WARNING } from '@shared/streams';

// Below the signup and with a dialog of its own: loaded after the page, off the first visit, and
// shown in the browser only (its dialog is a portal, which the server does not render).
const CalendarLinkCard = lazy(async () => ({ default: (await import('./CalendarLinkCard')).CalendarLinkCard }));

function CalendarLink() {
  return useInBrowser() ? (
    <Suspense fallback={null}>
      <CalendarLinkCard />
    </Suspense>
  ) : null;
}

/** /eventSignup/{eventId}: the DJ's signup, or the invitation to start one. */
export function SignupSummaryPage() {
  return <SignupAreaGate closed={(area) => <ClosedSummary area={area} />}>{(area) => <Summary area={area} />}</SignupAreaGate>;
}

/** After signups close the DJ can still read what they sent and where they play. */
function ClosedSummary({ area }: { area: SignupArea }) {
  const { signup, named } = area;
  const zone = useZone();
  if (!named) return null;
  const slot = named.slot ? `, ${slotTime(named.slot, zone)}` : '';
  return (
    <>
      {area.event.cancelled ? (
        <p className="mt-3">
          You were on <strong>{named.signupName}</strong>
          {slot}: nobody plays, the event is off.
        </p>
      ) : (
        <p className="mt-3">
          You are on <strong>{named.signupName}</strong>
          {slot}.
        </p>
      )}
      {signup && (
        <>
          <h2 className="h5 mt-4">Your submission</h2>
          <Submission signup={signup} />
        </>
      )}
      <p className="mb-0">If there are questions, please contact {area.contactHostName}.</p>
    </>
  );
}

function Summary({ area }: { area: SignupArea }) {
  const { event, signup, named } = area;
  const zone = useZone();
  const title = `${event.name} (${eventDate(event.startDatetime, zone)})`;
  const wizard = paths.signupWizard(event.id);

  if (named?.answersByOther) return <PartnerSignup area={area} />;
  if (!signup) {
    return (
      <SignupCard>
        <h1 className="h3">Sign up for {title}</h1>
        {named && (
          <p>
            The hosts have already put you on <strong>{named.signupName}</strong>
            {named.slot ? ` (${slotTime(named.slot, zone)})` : ''}: tell them about your set.
          </p>
        )}
        {area.closesAt && <p>Signups close {eventDate(area.closesAt, zone)}.</p>}
        <p>Ready to get started? Click the button below to begin the signup process.</p>
        <Link to={wizard} className="btn btn-primary btn-lg">
          Get Started
        </Link>
      </SignupCard>
    );
  }
  // Withdrawn by the DJ before the lineup (issue 34): the hosts were told; the wizard takes it back.
  if (named && !named.slot && named.confirmation === 'declined') {
    return (
      <SignupCard>
        <h1 className="h3">You withdrew your signup for {title}</h1>
        <div className="alert alert-secondary" data-testid="withdrawn">
          The hosts have been told you are out. Changed your mind? While signups are open you can sign up again.
        </div>
        {event.signupsAreOpen && area.closesAt && <p>Signups close {eventDate(area.closesAt, zone)}.</p>}
        <h2 className="h5 mt-4">Your submission</h2>
        <Submission signup={signup} />
        <Link to={wizard} className="btn btn-primary mb-3">
          Sign up again
        </Link>
        <p className="mb-0">If there are questions, please contact {area.contactHostName}.</p>
      </SignupCard>
    );
  }
  const update = (
    <Link to={wizard} className="btn btn-primary">
      Update Signup
    </Link>
  );
  return (
    <>
      <SignupCard>
        <h1 className="h3">You are signed up for {title}!</h1>
        <SlotConfirmation area={area} />
        <StreamTest area={area} />
        {event.signupsAreOpen && area.closesAt && <p>Signups close {eventDate(area.closesAt, zone)}.</p>}
        <h2 className="h5 mt-4">Your submission</h2>
        <Submission signup={signup} />
        {/* In the lineup, the slot's "I can't make it" is how a DJ drops out. */}
        {named?.slot ? <div className="mb-3">{update}</div> : <WithdrawSignup area={area}>{update}</WithdrawSignup>}
        <p className="mb-0">If there are questions, please contact {area.contactHostName}.</p>
      </SignupCard>
      <CalendarLink />
    </>
  );
}

/** A back-to-back partner staff added: the signup's shared basics, never the other DJ's answers. */
export function PartnerSignup({ area }: { area: SignupArea }) {
  const { event, named } = area;
  const zone = useZone();
  return (
    <>
      <SignupCard>
        <h1 className="h3">
          You are signed up for {event.name} ({eventDate(event.startDatetime, zone)})!
        </h1>
        <p>
          You play in <strong>{named?.signupName}</strong> as a back-to-back partner
          {named?.slot ? `, ${slotTime(named.slot, zone)}` : ''}. The DJ who signed it up manages its details.
        </p>
        <SlotConfirmation area={area} />
        <StreamTest area={area} />
        <p className="mb-0">If there are questions, please contact {area.contactHostName}.</p>
      </SignupCard>
      <CalendarLink />
    </>
  );
}

/** '20:00–21:00 Sydney time', in the DJ's own zone. */
const slotTime = ({ startTime, endTime }: { startTime: string; endTime: string }, zone: string) =>
  `${formatLocalTime(startTime, zone)}–${formatLocalTime(endTime, zone)} ${zoneName(zone)}`;

/**
 * The DJ's answers; one today's rules refuse (given before a rule changed, or imported) says why,
 * to fix with Update Signup. A stream link carrying a key is not shown (the wizard shows it, to replace it).
 */
function Submission({ signup }: { signup: SignupFormData }) {
  const zone = useZone();
  const problems = answerStoredProblems(signup);
  return (
    <dl className="signup-summary row mb-4">
      {shownAnswers(signup, { zone }).map(({ field, label, value }) => (
        <Fragment key={field}>
          <dt className="col-sm-4">{label}</dt>
          <dd className="col-sm-8 text-break">
            {field === 'stream_link' && isStreamKeyLink(value) ? (
              <div className="text-warning-emphasis">Hidden here: {STREAM_KEY_WARNING}</div>
            ) : (
              value
            )}
            {problems[field] && <div className="small text-warning-emphasis">{problems[field]} Please update your signup.</div>}
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}
