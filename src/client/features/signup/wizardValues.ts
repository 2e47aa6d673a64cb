import { readStoredAnswers, SIGNUP_ANSWERS, SIGNUP_FIELDS, type SignupField, type SignupFormData } from '@shared/schemas/signup-answers';
import { ANY_TIME, type AvailabilityOption } from '@shared/time';

/**
 * The wizard's form state: an answer per field, null while a choice is still unchosen. The step
 * schemas check it (shared/schemas/signup-intake.ts), so it is typed no tighter than a form holds it.
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

/** Whether two sets of answers are the same, field by field. */
export const sameAnswers = (a: WizardValues, b: WizardValues) => SIGNUP_FIELDS.every((field) => a[field] === b[field]);

/**
 * Answers kept in the browser (wizardDraft.ts) as the wizard can take them back: each answer the
 * wizard still offers, in the type its control holds; anything else (a time the event no longer
 * offers, an edited storage entry) is the starting answer instead.
 */
export function restoredWizardValues(kept: unknown, start: WizardValues, times: AvailabilityOption[]): WizardValues {
  if (typeof kept !== 'object' || kept === null) return start;
  const given = kept as Record<string, unknown>;
  const values = Object.fromEntries(
    SIGNUP_FIELDS.map((field) => {
      const value = given[field];
      return [field, field !== 'event_id' && takes(field, value, times) ? value : start[field]];
    }),
  );
  return values as WizardValues;
}

function takes(field: SignupField, value: unknown, times: AvailabilityOption[]): value is WizardValues[SignupField] {
  const control = SIGNUP_ANSWERS[field].control;
  switch (control?.kind) {
    case 'choice':
      return value === null || control.options.some((option) => option.value === value);
    case 'time':
      return value === '' || value === ANY_TIME || times.some((option) => option.value === value);
    case 'yesNo':
      return value === null || typeof value === 'boolean';
    case 'agree':
      return typeof value === 'boolean';
    case 'text':
    case 'notes':
    case 'streamLink':
      return typeof value === 'string' && value.length <= control.maxLength;
    default:
      return false;
  }
}
