import { saveSettingsSchema, settingsAnswerSchema } from '../schemas/settings.js';
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
