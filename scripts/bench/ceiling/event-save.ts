import type { FastifyInstance } from 'fastify';
import { getEvent, saveEvent } from '@shared/api/events.js';
import { draftProblem } from '@shared/lineup-save.js';
import { eventIdParamsSchema, saveEventSchema } from '@shared/schemas/events.js';
import type { ZodType } from 'zod';
import { djDetailsCache } from '@server/events/dj-details-cache.js';
import type { CeilingDb } from './db.js';
import { readEventDetail, saveEventInTx } from './event-save-tx.js';
import { containsNul, guard, Refusal, userOf } from './session.js';

// PUT /api/events/:eventId, the same work as the app's event save (src/server/events/routes.ts,
// service.ts saveEvent) with nothing around it: guard (session, renewal, cross-site check,
// policy), the NUL guard, the app's zod schemas, the draft's own checks, one transaction with
// the app's statements and diff, the change notice, and the same answer (the saved event).
// GET /api/events/:eventId gives the bench its first base, read as the app reads it.

function parse<T>(schema: ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new Refusal(400, parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
  return parsed.data;
}

const UNIQUE_VIOLATIONS = new Set(['23505', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY']);

export function registerEventSave(app: FastifyInstance, db: CeilingDb, sessionTtlMs: number) {
  // As the app keeps them (events/dj-details-cache.ts), where the driver has the version (SQLite).
  const djDetails = djDetailsCache(db);
  app.get('/api/events/:eventId', { onRequest: guard(db, sessionTtlMs, getEvent.access) }, async (request) => {
    const { eventId } = parse(eventIdParamsSchema, request.params);
    return db.read((tx) => readEventDetail(tx, eventId));
  });

  app.put(
    '/api/events/:eventId',
    {
      onRequest: guard(db, sessionTtlMs, saveEvent.access),
      preValidation: async (request) => {
        if (containsNul(request.params) || containsNul(request.body)) throw new Refusal(400, 'Text must not contain the NUL character (\\u0000).');
      },
    },
    async (request) => {
      const { eventId } = parse(eventIdParamsSchema, request.params);
      const body = parse(saveEventSchema, request.body);
      const problem = draftProblem(body);
      if (problem) throw new Refusal(problem.status, problem.message);
      const now = Date.now();
      let result;
      try {
        result = await db.transaction((tx) => saveEventInTx(tx, userOf(request), eventId, body, now, djDetails));
      } catch (error) {
        if (!UNIQUE_VIOLATIONS.has((error as { code?: string } | null)?.code ?? '')) throw error;
        throw new Refusal(409, 'A DJ on this draft already has another signup for this event. Reload and try again.');
      }
      const { saved, version } = result;
      djDetails.set(eventId, version, { djs: saved.djs, otherEventsByDj: saved.otherEventsByDj });
      await db.publish({ eventId, version: saved.version });
      return saved;
    },
  );
}
