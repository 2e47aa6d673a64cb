import { eventIdParamsSchema } from '../schemas/events.js';
import {
  djPostParamsSchema,
  djPostSchema,
  eventDjPostsSchema,
  myRemindersBodySchema,
  myRemindersSchema,
  reminderSettingsAnswerSchema,
  reminderSettingsSchema,
} from '../schemas/dj-posts.js';
import { contract } from './contract.js';

// Posts the app sends DJs on its own (issue 35): an event's list of them with Retry, Global
// Settings' Reminders section, and a DJ's own choice on their Home.

/** The event's posts to DJs (reminders, lineup changes, cancellation) with their state. */
export const getEventDjPosts = contract({
  method: 'GET',
  path: '/api/events/:eventId/dj-posts',
  access: 'staff',
  params: eventIdParamsSchema,
  response: eventDjPostsSchema,
  errors: [],
});

/** Sends a failed or skipped post again, now. */
export const retryDjPost = contract({
  method: 'POST',
  path: '/api/events/:eventId/dj-posts/:postId/retry',
  access: 'staff',
  params: djPostParamsSchema,
  response: djPostSchema,
  errors: ['conflict'],
});

export const getReminderSettings = contract({
  method: 'GET',
  path: '/api/settings/reminders',
  access: 'staff',
  response: reminderSettingsAnswerSchema,
  errors: [],
});

/** Saves the Reminders section; every upcoming event's reminders follow at once. */
export const saveReminderSettings = contract({
  method: 'PUT',
  path: '/api/settings/reminders',
  access: 'staff',
  body: reminderSettingsSchema,
  response: reminderSettingsAnswerSchema,
  errors: [],
});

/** The caller's own choice: whether the app reminds them before their slots. */
export const getMyReminders = contract({
  method: 'GET',
  path: '/api/me/reminders',
  access: 'signup',
  response: myRemindersSchema,
  errors: [],
});

export const saveMyReminders = contract({
  method: 'PUT',
  path: '/api/me/reminders',
  access: 'signup',
  body: myRemindersBodySchema,
  response: myRemindersSchema,
  errors: [],
});
