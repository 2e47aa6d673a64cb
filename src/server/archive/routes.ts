import type { FastifyInstance } from 'fastify';
import * as api from '@shared/api/archive.js';
import { csvView } from '@shared/archive/views.js';
import type { AppContext } from '../context.js';
import { registerEndpoint } from '../http/endpoint.js';
import { ARCHIVE_BODY_LIMIT_BYTES, ROSTER_BODY_LIMIT_BYTES } from '../limits.js';
import { exportArchive } from './export.js';
import { importRoster, previewRosterImport } from './roster.js';
import { previewImport, runImport } from './service.js';

// Data in and out, for admins (the contracts' access): downloads and imports of Global Settings.

const day = (iso: string) => iso.slice(0, 10);

export function registerArchiveRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx.store;
  registerEndpoint(app, api.exportArchive, async ({ reply }) => {
    const archive = await exportArchive(db);
    reply.header('content-disposition', `attachment; filename="lineup-archive-${day(archive.exportedAt)}.json"`).header('cache-control', 'no-store');
    return archive;
  });
  registerEndpoint(app, api.exportCsv, async ({ params, reply }) => {
    const archive = await exportArchive(db);
    const csv = csvView(archive, params.view);
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="lineup-${params.view}-${day(archive.exportedAt)}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
    return csv;
  });
  registerEndpoint(app, api.previewArchiveImport, ({ body }) => previewImport({ db, source: body.source, text: body.text }), { bodyLimit: ARCHIVE_BODY_LIMIT_BYTES });
  registerEndpoint(app, api.importArchive, ({ body }) => runImport({ db, source: body.source, text: body.text }), { bodyLimit: ARCHIVE_BODY_LIMIT_BYTES });
  registerEndpoint(app, api.previewRosterImport, ({ body }) => previewRosterImport(db, body.text), { bodyLimit: ROSTER_BODY_LIMIT_BYTES });
  registerEndpoint(app, api.importRoster, ({ body }) => importRoster(db, body.text, body.planId), { bodyLimit: ROSTER_BODY_LIMIT_BYTES });
}
