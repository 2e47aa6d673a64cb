import type { RouteObject } from 'react-router';

export const djRoutes: RouteObject[] = [];
