import type { RouteObject } from 'react-router';

export const signupRoutes: RouteObject[] = [];
