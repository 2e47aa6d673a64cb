import type { RouteObject } from 'react-router';
import type { CrumbHandle } from '@client/components/Breadcrumbs';

export const homeRoutes: RouteObject[] = [
  {
    index: true,
    handle: { crumb: () => 'Home' } satisfies CrumbHandle,
    lazy: async () => ({ Component: (await import('./HomePage')).HomePage }),
  },
];
