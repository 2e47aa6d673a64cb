import { archiveSchema } from '../archive/schema.js';
import { z } from 'zod';
import {
  archiveImportPreviewSchema,
  archiveImportResultSchema,
  archiveImportSchema,
  csvViewParamsSchema,
  rosterImportBodySchema,
  rosterImportPreviewBodySchema,
  rosterImportPreviewSchema,
  rosterImportResultSchema,
} from '../schemas/archive.js';
import { contract } from './contract.js';

// Data in and out (issue 28), for admins only: the archive and spreadsheet views to download,
// and imports that preview what they would do before they write anything.

// Imports and exports run one at a time on a thread of their own: 503 `busy` when a few wait already.
// Downloads answer only requests from the app's own pages (403 cross_site otherwise).

/** The whole archive, as a file to download. */
export const exportArchive = contract({
  method: 'GET',
  path: '/api/archive/export',
  access: 'admin',
  response: archiveSchema,
  errors: ['busy'],
});

/** A spreadsheet view (CSV), as a file to download. */
export const exportCsv = contract({
  method: 'GET',
  path: '/api/archive/csv/:view',
  access: 'admin',
  params: csvViewParamsSchema,
  response: z.string(),
  errors: ['busy'],
});

export const previewArchiveImport = contract({
  method: 'POST',
  path: '/api/archive/import/preview',
  access: 'admin',
  body: archiveImportSchema,
  response: archiveImportPreviewSchema,
  errors: ['busy'],
});

/** 409 when the install is not new (it has events, or took in an import) or the file names its people. */
export const importArchive = contract({
  method: 'POST',
  path: '/api/archive/import',
  access: 'admin',
  body: archiveImportSchema,
  response: archiveImportResultSchema,
  errors: ['conflict', 'busy'],
});

export const previewRosterImport = contract({
  method: 'POST',
  path: '/api/archive/roster/preview',
  access: 'admin',
  body: rosterImportPreviewBodySchema,
  response: rosterImportPreviewSchema,
  errors: [],
});

/** 409 when the roster changed since the preview the admin saw. */
export const importRoster = contract({
  method: 'POST',
  path: '/api/archive/roster/import',
  access: 'admin',
  body: rosterImportBodySchema,
  response: rosterImportResultSchema,
  errors: ['conflict'],
});
