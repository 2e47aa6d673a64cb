import { saveSettingsSchema, settingsAnswerSchema } from '../schemas/settings.js';
import { setupChecklistSchema } from '../setup-checklist.js';
import { contract } from './contract.js';

// Global Settings (spec §2), for staff. The Discord webhooks are write-only: answers carry them masked.

export const getSettings = contract({
  method: 'GET',
  path: '/api/settings',
  access: 'staff',
  response: settingsAnswerSchema,
  errors: [],
});

export const saveSettings = contract({
  method: 'PUT',
  path: '/api/settings',
  access: 'staff',
  body: saveSettingsSchema,
  response: settingsAnswerSchema,
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
