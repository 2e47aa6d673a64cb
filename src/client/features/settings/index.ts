// What other features may use from settings.
export { contactHostName, settingsQueryKey, useSettings } from './api';
