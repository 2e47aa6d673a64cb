import { readStoredAnswers, SIGNUP_ANSWERS, SIGNUP_FIELDS, type SignupField, type SignupFormData } from '@shared/schemas/signup';
import { ANY_TIME, type AvailabilityOption } from '@shared/time';

/**
 * The wizard's form state: an answer per field, null while a choice is still unchosen. The step
 * schemas check it (shared/schemas/signup.ts), so it is typed no tighter than a form holds it.
 */
export type WizardValues = Record<SignupField, string | number | boolean | null>;

/**
 * Where the wizard starts: the DJ's existing signup when there is one, else the defaults of
 * spec §4 (name = the DJ's name, not B2B, available any time) with the choices unchosen. An
 * answer the wizard does not offer (a time from before the event moved) starts unchosen, so the
 * DJ picks again.
 */
export function initialWizardValues(eventId: string, djName: string, signup: SignupFormData | null, times: AvailabilityOption[]): WizardValues {
  const start = signup ?? { ...readStoredAnswers({}).answers, name: djName };
  const values = Object.fromEntries(SIGNUP_FIELDS.map((field) => [field, startingAnswer(field, start[field], signup !== null, times)]));
  return { ...values, event_id: eventId } as WizardValues;
}

function startingAnswer(field: SignupField, value: SignupFormData[SignupField], given: boolean, times: AvailabilityOption[]) {
  const control = SIGNUP_ANSWERS[field].control;
  switch (control?.kind) {
    case 'choice':
      return given ? (control.options.find((option) => option.value === value)?.value ?? null) : null;
    case 'time':
      return value === ANY_TIME ? ANY_TIME : (times.find((option) => Date.parse(option.value) === Date.parse(String(value)))?.value ?? '');
    default:
      return value;
  }
}
