// What other features may use from djs (the lineup's 'Onboard New Dj' reuses the form).
export { DjForm, type DjFormProps } from './DjForm';
export { djQueryKey, djsQueryKey, useCreateDj, useDjDetails, useRoster } from './api';
