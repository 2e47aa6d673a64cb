import type { RouteObject } from 'react-router';

export const settingsRoutes: RouteObject[] = [];
