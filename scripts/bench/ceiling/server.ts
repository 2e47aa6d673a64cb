import path from 'node:path';
import Fastify from 'fastify';
import { loadConfig } from '@server/config.js';
import type { CeilingDb } from './db.js';
import { registerEventSave } from './event-save.js';
import { openPostgresCeiling } from './postgres.js';
import { Refusal } from './session.js';
import { registerSignupIntake } from './signup-intake.js';
import { openSqliteCeiling } from './sqlite.js';

// The ceiling of `npm run bench` (run with tsx by scripts/bench.mjs): the least a server on the
// app's stack must do for a request, to show how far the app is from it. Fastify 5 and the
// app's driver (better-sqlite3, or pg when DATABASE_URL is set), no query builder, no plugins;
// the app's own schema and rules from src/shared; the SQL the app issues, each statement
// prepared once. It runs on its own database (DATA_DIR/lineup.db or DATABASE_URL), which the
// bench has migrated with the app's migrations and seeds the way it seeds the app's.
//
// Extension point: one module per ceiling route, registered below, with its transaction in
// CeilingDb (db.ts, sqlite.ts, postgres.ts) and its statements in sql.ts. A bench scenario gets
// a ceiling row when it is marked `ceiling: true` (scripts/bench/scenarios.mjs): the bench then
// runs its setup and load a second time against this server and its database.
//
// Routes: the signup intake (signup-intake.ts) and the event save with the event page's read
// for its first base (event-save.ts, event-save-tx.ts).

const BODY_LIMIT_BYTES = 256 * 1024; // the app's (src/server/app.ts)

const sessionTtlMs = loadConfig({ SESSION_TTL_DAYS: process.env.SESSION_TTL_DAYS }).sessionTtlMs;
const databaseUrl = process.env.DATABASE_URL || undefined;
const db: CeilingDb = databaseUrl
  ? await openPostgresCeiling(databaseUrl)
  : openSqliteCeiling(path.resolve(process.env.DATA_DIR ?? '.', 'lineup.db'));

const app = Fastify({ logger: false, bodyLimit: BODY_LIMIT_BYTES });
app.decorateRequest('ceilingUser', null);
app.setErrorHandler((error, _request, reply) => {
  if (error instanceof Refusal) return reply.code(error.statusCode).send({ message: error.message });
  const status = (error as { statusCode?: number }).statusCode ?? 500;
  if (status < 500) return reply.code(status).send({ message: (error as Error).message || 'The request is not valid.' });
  console.error(error);
  return reply.code(500).send({ message: 'Something went wrong on the server. Please try again.' });
});
app.get('/healthz', async () => ({ status: 'ok', database: db.dialect }));

registerSignupIntake(app, db, sessionTtlMs);
registerEventSave(app, db, sessionTtlMs);

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
console.log(`Ceiling is running at http://127.0.0.1:${port} on ${db.dialect}`);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    app
      .close()
      .then(() => db.close())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  });
}
