import type { FastifyInstance } from 'fastify';
import * as api from '@shared/api/settings.js';
import type { AppContext } from '../context.js';
import { registerEndpoint } from '../http/endpoint.js';
import { readSettings, readSetupChecklist, saveSettings } from './service.js';

export function registerSettingsRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx.store;
  registerEndpoint(app, api.getSettings, () => readSettings(db));
  registerEndpoint(app, api.saveSettings, ({ body }) => saveSettings(db, body));
  registerEndpoint(app, api.getSetupChecklist, () => readSetupChecklist(db));
}
