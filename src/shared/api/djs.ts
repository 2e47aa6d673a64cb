import { djDetailsResponseSchema, djIdParamsSchema, djInputSchema, djSchema, rosterResponseSchema } from '../schemas/djs.js';
import { contract } from './contract.js';

// The DJ roster, for staff (spec §2 Dj Roster, Create Dj, Dj Details).

export const getRoster = contract({
  method: 'GET',
  path: '/api/djs',
  access: 'staff',
  response: rosterResponseSchema,
  errors: [],
});

export const createDj = contract({
  method: 'POST',
  path: '/api/djs',
  access: 'staff',
  body: djInputSchema,
  response: djSchema,
  status: 201,
  errors: ['duplicate_discord_id'],
});

export const getDj = contract({
  method: 'GET',
  path: '/api/djs/:djId',
  access: 'staff',
  params: djIdParamsSchema,
  response: djDetailsResponseSchema,
  errors: [],
});

export const updateDj = contract({
  method: 'PUT',
  path: '/api/djs/:djId',
  access: 'staff',
  params: djIdParamsSchema,
  body: djInputSchema,
  response: djSchema,
  errors: ['duplicate_discord_id'],
});
