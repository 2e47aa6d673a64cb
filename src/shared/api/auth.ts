import { authCallbackBody, meResponse } from '../schemas/auth.js';
import { contract } from './contract.js';

// Sign-in (ARCHITECTURE.md "Sign-in contract"). It starts with a navigation, not a call: GET
// /login/discord (paths.signInWithDiscord) sends the browser on to Discord.

export const completeSignIn = contract({
  method: 'POST',
  path: '/api/auth/callback',
  access: 'public',
  body: authCallbackBody,
  response: meResponse,
  errors: ['auth_failed', 'not_authorized'],
});

/** Public: signing out must work with an expired or unknown session too. */
export const signOut = contract({
  method: 'POST',
  path: '/api/auth/logout',
  access: 'public',
  response: null,
  status: 204,
  errors: [],
});

export const getMe = contract({
  method: 'GET',
  path: '/api/me',
  access: 'signedIn',
  response: meResponse,
  errors: [],
});
