import { djHomeSchema, memberContactSchema } from '../schemas/me.js';
import { contract } from './contract.js';

// The signed-in person's own Home (issue 14).

/** A DJ's Home: only the caller's own signups and plays, and the events open to everyone. */
export const getDjHome = contract({
  method: 'GET',
  path: '/api/me/home',
  access: 'signup',
  response: djHomeSchema,
  errors: [],
});

/** For a member without roles: whom to ask for one. */
export const getMemberContact = contract({
  method: 'GET',
  path: '/api/me/contact',
  access: 'signedIn',
  response: memberContactSchema,
  errors: [],
});
