import type { FastifyInstance } from 'fastify';
import * as api from '@shared/api/settings.js';
import type { AppContext } from '../context.js';
import { registerEndpoint } from '../http/endpoint.js';
import { readSettingsAnswer, readSetupChecklist, saveSettings } from './service.js';

export function registerSettingsRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx.store;
  const { webhookOrigin } = ctx.config.discord;
  registerEndpoint(app, api.getSettings, () => readSettingsAnswer({ db, webhookOrigin }));
  registerEndpoint(app, api.saveSettings, ({ body }) => saveSettings({ db, dialect: ctx.store.dialect, body, webhookOrigin }));
  registerEndpoint(app, api.getSetupChecklist, () => readSetupChecklist(db));
}
