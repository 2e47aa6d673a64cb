import type { FastifyInstance } from 'fastify';
import type { SignupFormData } from '@shared/schemas/signup-answers.js';
import { submitSignup } from '@shared/api/signup.js';
import { canonicalAvailability, signupIntakeSchema } from '@shared/schemas/signup-intake.js';
import { type CeilingDb, worthRetrying } from './db.js';
import { containsNul, guard, Refusal, userOf } from './session.js';

// POST /api/signup, the same work as the app's intake (src/server/signup/routes.ts, service.ts)
// with nothing around it: guard (session, renewal, cross-site check, policy), the NUL guard, the
// app's zod schema, one transaction with the app's statements, one retry of a lost race, the
// change notice, and the same answer body { signup }. Not done: the per-DJ rate limit and
// helmet's response headers (plugins, part of what the ratio to this ceiling measures).

export function registerSignupIntake(app: FastifyInstance, db: CeilingDb, sessionTtlMs: number) {
  app.post(
    '/api/signup',
    {
      onRequest: guard(db, sessionTtlMs, submitSignup.access),
      preValidation: async (request) => {
        if (containsNul(request.query) || containsNul(request.body)) throw new Refusal(400, 'Text must not contain the NUL character (\\u0000).');
      },
    },
    async (request) => {
      const user = userOf(request);
      const parsed = signupIntakeSchema.safeParse(request.body);
      if (!parsed.success) {
        throw new Refusal(400, parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
      }
      const intake = parsed.data;
      const form: SignupFormData = {
        ...intake,
        available_from: canonicalAvailability(intake.available_from),
        available_to: canonicalAvailability(intake.available_to),
      };
      let version: number;
      try {
        version = await db.signupIntake(form, user);
      } catch (error) {
        if (!worthRetrying(error)) throw error;
        version = await db.signupIntake(form, user);
      }
      await db.publish({ eventId: form.event_id, version });
      return { signup: form };
    },
  );
}
