import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as api from '@shared/api/archive.js';
import type { AppContext } from '../context.js';
import { ownOrigin } from '../auth/origin.js';
import { registerEndpoint } from '../http/endpoint.js';
import { HttpError } from '../http/errors.js';
import { ARCHIVE_BODY_LIMIT_BYTES, ROSTER_BODY_LIMIT_BYTES } from '../limits.js';
import { archivePool } from './pool.js';
import { importRoster, previewRosterImport } from './roster.js';
import { filesOf } from './service.js';

// Data in and out, for admins (the contracts' access): downloads and imports of Global Settings.
// Archive imports and exports run on the archive pool's thread (pool.ts), their request bodies
// parsed there too: a 30 MB file never holds the event loop.

const day = (iso: string) => iso.slice(0, 10);

/**
 * A download starts only from the app's own pages (or an address typed in): a page of another
 * site must not make an admin's browser read the whole database (a cross-site navigation carries
 * the SameSite=Lax cookie). Browsers say where a request comes from in Sec-Fetch-Site, and Origin.
 */
function refuseCrossSite(request: FastifyRequest, ctx: AppContext) {
  const site = request.headers['sec-fetch-site'];
  const origin = request.headers.origin;
  if (site === 'cross-site' || site === 'same-site' || (origin !== undefined && origin !== ownOrigin(request, ctx))) {
    throw new HttpError(403, 'cross_site', 'Downloads start from Global Settings of this app: open it and download from there.');
  }
}

export function registerArchiveRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx.store;
  const pool = archivePool(ctx.store);
  app.addHook('onClose', () => pool.close());

  registerEndpoint(app, api.exportArchive, async ({ request, reply }) => {
    refuseCrossSite(request, ctx);
    const { body, exportedAt } = await pool.export('archive');
    reply
      .type('application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="lineup-archive-${day(exportedAt)}.json"`)
      .header('cache-control', 'no-store')
      .send(body);
    return undefined as never;
  });
  registerEndpoint(app, api.exportCsv, async ({ params, request, reply }) => {
    refuseCrossSite(request, ctx);
    const { body, exportedAt } = await pool.export(params.view);
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="lineup-${params.view}-${day(exportedAt)}.csv"`)
      .header('cache-control', 'no-store')
      .send(body);
    return body;
  });

  // The imports' bodies (the file's text inside JSON, up to 64 MB) are parsed on the thread.
  void app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: ARCHIVE_BODY_LIMIT_BYTES }, (_request: FastifyRequest, body: Buffer) => pool.parse(body));
    registerEndpoint(scope, api.previewArchiveImport, ({ body }) => pool.preview(body.source, filesOf(body)), { bodyLimit: ARCHIVE_BODY_LIMIT_BYTES });
    registerEndpoint(
      scope,
      api.importArchive,
      async ({ body, request }) => {
        const imported = await pool.import(body.source, filesOf(body));
        // The imported events' reminders are scheduled now, not at the next hourly pass (decision 043).
        await ctx.djPosts.keepAllInStep(ownOrigin(request, ctx)).catch((error: unknown) => request.log.warn({ err: error }, 'could not schedule the imported events’ posts to DJs'));
        return imported;
      },
      { bodyLimit: ARCHIVE_BODY_LIMIT_BYTES },
    );
  });
  registerEndpoint(app, api.previewRosterImport, ({ body }) => previewRosterImport(db, body), { bodyLimit: ROSTER_BODY_LIMIT_BYTES });
  registerEndpoint(app, api.importRoster, ({ body }) => importRoster(db, body), { bodyLimit: ROSTER_BODY_LIMIT_BYTES });
}
