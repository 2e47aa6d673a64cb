import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { registerArchiveRoutes } from './archive/routes.js';
import { registerAuthRoutes } from './auth/routes.js';
import { registerGuard } from './auth/guard.js';
import { registerLinkOriginRule } from './auth/origin.js';
import type { TrustProxy } from './config.js';
import type { AppContext } from './context.js';
import { registerDiscordRoutes } from './discord/routes.js';
import type { SettableClock } from './dj-posts/clock.js';
import { registerDjPostRoutes, registerTestClockRoute } from './dj-posts/routes.js';
import { registerStreamCheckRoutes } from './stream-checks/routes.js';
import { registerDjRoutes } from './djs/routes.js';
import { registerEventRoutes } from './events/routes.js';
import { registerHealthRoutes } from './health/routes.js';
import { registerHistoryRoutes } from './history/routes.js';
import { registerLiveRoutes } from './live/routes.js';
import { registerMeRoutes } from './me/routes.js';
import { CompressibleBody, sendCompressible } from './http/compressed.js';
import { errorHandler } from './http/error-handler.js';
import { hashedAssets } from './http/hashed-assets.js';
import { clientErrorHandler, frameworkErrors } from './http/framework-errors.js';
import { LiveStreams } from './http/live-streams.js';
import type { Logger } from './log.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { rateLimitCounts } from './http/rate-limit-counts.js';
import { registerTextGuard } from './http/text-guard.js';
import { BODY_LIMIT_BYTES } from './limits.js';
import { readClientBuild } from './pages/client-build.js';
import { registerPages } from './pages/routes.js';
import { pageLook, themedHtml, themeHeaders } from './pages/theme.js';
import { registerPublicRoutes } from './public/routes.js';
import { registerSettingsRoutes } from './settings/routes.js';
import { registerSignupRoutes } from './signup/routes.js';
import { useStoredDataLog } from './stored-data-log.js';

export { BODY_LIMIT_BYTES } from './limits.js';

export interface BuildOptions {
  /** The built SPA; omitted in API-only tests. */
  clientDir?: string;
  /** TEST_CLOCK: the clock PUT /api/testing/clock sets (never in production: config.ts). */
  testClock?: SettableClock;
}

export async function buildApp(ctx: AppContext, options: BuildOptions & { log: Logger }): Promise<FastifyInstance> {
  const { limits } = ctx;
  const app = Fastify({
    // The process's logger (log.ts): request lines in the same JSON stream as start-up's.
    loggerInstance: options.log as FastifyBaseLogger,
    bodyLimit: BODY_LIMIT_BYTES,
    // Slow senders are cut off (408): the whole request within requestTimeout, its headers within
    // headersTimeout. Both count only until the request has arrived, so a live-update stream (a
    // GET whose answer lasts for hours) is not cut by them; no socket inactivity timeout is set
    // for the same reason (the streams' heartbeat keeps proxies from closing them).
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    http: { headersTimeout: limits.headersTimeoutMs, connectionsCheckingInterval: limits.timeoutCheckIntervalMs },
    frameworkErrors,
    clientErrorHandler,
    // Only the proxies TRUST_PROXY names (a hop count or addresses, never everyone) may decide the
    // client address (rate limits) and protocol through X-Forwarded-*.
    trustProxy: trustProxyOption(ctx.config.trustProxy),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  useStoredDataLog(app.log);

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https://cdn.discordapp.com'],
        connectSrc: ["'self'"],
        formAction: ["'self'", ...(ctx.config.discord.authorizeUrl ? [new URL(ctx.config.discord.authorizeUrl).origin] : [])],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: ctx.config.publicUrl?.startsWith('https://') ? [] : null,
      },
    },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: ctx.config.publicUrl?.startsWith('https://') ? undefined : false,
  });
  await app.register(cookie);
  // One store for every route's `rateLimit` config: in memory, shared by the instances while
  // several run on one PostgreSQL database (decision 037).
  const { databaseUrl, notices } = ctx.store;
  const rateLimits = rateLimitCounts(databaseUrl && notices ? { databaseUrl, otherInstances: () => notices.otherInstances() } : undefined, (counting) =>
    app.log.info({ counting }, counting === 'memory' ? 'rate limits counted in memory: no other instance on this database' : 'rate limits counted in the database: other instances share it'),
  );
  app.addHook('onClose', () => rateLimits.close());
  await app.register(rateLimit, { global: false, store: rateLimits.Store });
  const liveStreams = new LiveStreams(ctx.store.db, limits, app.log);
  app.decorate('liveStreams', liveStreams);
  // Open streams would keep close() waiting.
  app.addHook('preClose', async () => liveStreams.closeAll());
  registerGuard(app, ctx);
  registerTextGuard(app);
  registerLinkOriginRule(app);

  registerHealthRoutes(app, ctx);
  registerAuthRoutes(app, ctx);
  registerEventRoutes(app, ctx);
  registerDjRoutes(app, ctx);
  registerSettingsRoutes(app, ctx);
  registerSignupRoutes(app, ctx);
  registerMeRoutes(app, ctx);
  registerPublicRoutes(app, ctx);
  registerDiscordRoutes(app, ctx);
  registerHistoryRoutes(app, ctx);
  registerLiveRoutes(app, ctx);
  registerArchiveRoutes(app, ctx);
  registerDjPostRoutes(app, ctx);
  registerStreamCheckRoutes(app, ctx);
  if (options.testClock) registerTestClockRoute(app, ctx, options.testClock);

  if (options.clientDir) {
    const build = readClientBuild(options.clientDir, { appName: ctx.config.appName, devSignIn: ctx.config.discord.devProvider });
    await serveSpa(app, ctx, options.clientDir, await registerPages(app, ctx, build));
  }
  app.setNotFoundHandler((_request, reply) => {
    reply.code(404).send({ code: 'not_found', message: 'Not found.' });
  });
  return app;
}

/**
 * Fastify's own handling of a hop count trusts nobody (it cannot tell the proxy from a client
 * that connected directly), so a count becomes "the nearest N hops", as in Express: right only
 * when the app is reachable through the proxies alone (README says so).
 */
function trustProxyOption(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/**
 * The built client: its files by their path, and the app's page for every other GET, so a full
 * reload of a client route returns the app (the pages the server renders itself have routes of
 * their own: pages/routes.ts). One public route; what an address under /api (or /feeds) that
 * matched no route gets is a 404, whatever its spelling.
 *
 * Files are sent as the brotli or gzip copy made at build time (scripts/precompress.mjs) when the
 * browser accepts one (with `Vary: Accept-Encoding`). Those under /assets have the hash of their
 * content in their name, so browsers keep them for a year without asking again; everything else,
 * the page above all, is revalidated on each use so a new release is picked up at once; the page
 * goes out compressed too (http/compressed.ts). The hashed files are sent from memory (http/hashed-assets.ts).
 */
async function serveSpa(app: FastifyInstance, ctx: AppContext, clientDir: string, appPage: (path: string) => string) {
  const files = new Set(listFiles(clientDir).filter((file) => file !== 'index.html' && !/^\.vite\/|\.(br|gz)$/.test(file)));
  await app.register(fastifyStatic, { root: clientDir, serve: false, preCompressed: true });
  const assets = hashedAssets(clientDir);
  app.get('/*', { config: { access: 'public' } }, async (request, reply) => {
    const wanted = (request.params as { '*': string })['*'];
    if (files.has(wanted) && wanted.startsWith('assets/')) {
      const asset = assets(wanted);
      if (!asset) return reply.sendFile(wanted, { maxAge: ONE_YEAR_MS, immutable: true });
      return sendCompressible(request, reply.header('cache-control', `public, max-age=${ONE_YEAR_MS / 1000}, immutable`), asset);
    }
    if (files.has(wanted)) return reply.sendFile(wanted);
    if (/^(api|assets|feeds)(\/|$)/i.test(wanted)) return reply.code(404).send({ code: 'not_found', message: 'Not found.' });
    // Written in the browser's theme with the series' accent (decision 026): its tag names both.
    // The path as sent (still percent-encoded), as the browser's router will match it: `wanted` is decoded once already.
    const html = themedHtml(appPage(request.url.split('?')[0]!), await pageLook(ctx, request));
    themeHeaders(reply).header('cache-control', 'no-cache');
    return sendCompressible(request, reply, new CompressibleBody(html, 'text/html; charset=utf-8', 'once'));
  });
}

const ONE_YEAR_MS = 365 * 24 * 3_600_000;

/** Every file under `dir`, as paths relative to it with forward slashes. */
function listFiles(dir: string, prefix = ''): string[] {
  return fs.readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    return entry.isDirectory() ? listFiles(dir, relative) : [relative];
  });
}

export const defaultClientDir = () =>
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'client');
