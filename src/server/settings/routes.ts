import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { settingsSchema } from '../../shared/schemas/settings.js';
import type { AppContext } from '../context.js';
import { readSettings, saveSettings } from './service.js';

export function registerSettingsRoutes(app: FastifyInstance, ctx: AppContext) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx.store;

  typed.get('/api/settings', () => readSettings(db));

  typed.put('/api/settings', { schema: { body: settingsSchema } }, (request) => saveSettings(db, request.body));
}
