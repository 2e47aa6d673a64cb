import {
  djDetailsResponseSchema,
  djIdParamsSchema,
  djInputSchema,
  djSchema,
  mergeDjSchema,
  rosterQuerySchema,
  rosterResponseSchema,
} from '../schemas/djs.js';
import { contract } from './contract.js';

// The DJ roster, for staff (spec §2 Dj Roster, Create Dj, Dj Details).

export const getRoster = contract({
  method: 'GET',
  path: '/api/djs',
  access: 'staff',
  query: rosterQuerySchema,
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

/** Hides the DJ from the roster's default view and the lineup's DJ search; nothing else changes. */
export const archiveDj = contract({
  method: 'POST',
  path: '/api/djs/:djId/archive',
  access: 'staff',
  params: djIdParamsSchema,
  response: djDetailsResponseSchema,
  errors: [],
});

export const restoreDj = contract({
  method: 'POST',
  path: '/api/djs/:djId/restore',
  access: 'staff',
  params: djIdParamsSchema,
  response: djDetailsResponseSchema,
  errors: [],
});

/**
 * Two records of one person: the DJ of the path is merged into `intoDjId`, which takes over its
 * plays, signups, answers, lineup slots and sign-ins (and its Discord ID if it has none); the
 * merged record is then deleted. Refused (409) when both are on signups of the same event.
 */
export const mergeDj = contract({
  method: 'POST',
  path: '/api/djs/:djId/merge',
  access: 'staff',
  params: djIdParamsSchema,
  body: mergeDjSchema,
  response: djDetailsResponseSchema,
  errors: ['conflict'],
});
