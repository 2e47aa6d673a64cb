import type { RouteObject } from 'react-router';

export const eventRoutes: RouteObject[] = [];
