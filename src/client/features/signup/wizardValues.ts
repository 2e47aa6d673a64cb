import { WIZARD_DURATION_OPTIONS, WIZARD_SIGNUP_TYPES } from '@shared/domain';
import type { SignupFormData, SignupIntake } from '@shared/schemas/signup';
import { ANY_TIME, type AvailabilityOption } from '@shared/time';

export type WizardSignupType = (typeof WIZARD_SIGNUP_TYPES)[number];

/** The wizard's form state: the intake's fields, but duration and type start unchosen. */
export type WizardValues = Omit<SignupIntake, 'requested_duration' | 'type' | 'confirm_expectations'> & {
  requested_duration: SignupIntake['requested_duration'] | null;
  type: WizardSignupType | '';
  confirm_expectations: boolean;
};

/**
 * Where the wizard starts: the DJ's existing signup when there is one, else the defaults of
 * spec §4 (name = the DJ's name, not B2B, available any time). Choices the wizard does not
 * offer (e.g. a time from before the event moved) start unchosen, so the DJ picks again.
 */
export function initialWizardValues(
  eventId: string,
  djName: string,
  signup: SignupFormData | null,
  times: AvailabilityOption[],
): WizardValues {
  const offered = (value: string | undefined) =>
    times.find((option) => value !== undefined && Date.parse(option.value) === Date.parse(value))?.value ??
    (value === ANY_TIME ? ANY_TIME : '');
  if (!signup) {
    return {
      event_id: eventId,
      name: djName,
      is_b2b: false,
      b2b_members_response: '',
      requested_duration: null,
      type: '',
      stream_link: '',
      available_from: ANY_TIME,
      available_to: ANY_TIME,
      confirm_expectations: false,
      dj_notes: '',
    };
  }
  return {
    event_id: eventId,
    name: signup.name,
    is_b2b: signup.is_b2b,
    b2b_members_response: signup.b2b_members_response,
    requested_duration: WIZARD_DURATION_OPTIONS.find((o) => o.value === signup.requested_duration)?.value ?? null,
    type: (WIZARD_SIGNUP_TYPES as readonly string[]).includes(signup.type) ? (signup.type as WizardSignupType) : '',
    stream_link: signup.stream_link,
    available_from: offered(signup.available_from),
    available_to: offered(signup.available_to),
    confirm_expectations: signup.confirm_expectations,
    dj_notes: signup.dj_notes,
  };
}
