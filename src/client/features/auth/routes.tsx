import type { RouteObject } from 'react-router';

export const authRoutes: RouteObject[] = [];
