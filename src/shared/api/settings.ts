import { settingsSchema } from '../schemas/settings.js';
import { setupChecklistSchema } from '../setup-checklist.js';
import { contract } from './contract.js';

// Global Settings (spec §2), for staff.

export const getSettings = contract({
  method: 'GET',
  path: '/api/settings',
  access: 'staff',
  response: settingsSchema,
  errors: [],
});

export const saveSettings = contract({
  method: 'PUT',
  path: '/api/settings',
  access: 'staff',
  body: settingsSchema,
  response: settingsSchema,
  errors: [],
});

/** Home's "Set up your community": the settings still unset or at their shipped placeholder. */
export const getSetupChecklist = contract({
  method: 'GET',
  path: '/api/settings/checklist',
  access: 'staff',
  response: setupChecklistSchema,
  errors: [],
});
