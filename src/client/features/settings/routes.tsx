import type { RouteObject } from 'react-router';
import type { CrumbHandle } from '@client/components/Breadcrumbs';

export const settingsRoutes: RouteObject[] = [
  {
    path: 'globalSettings',
    handle: { crumb: () => 'Global Settings' } satisfies CrumbHandle,
    lazy: async () => ({ Component: (await import('./GlobalSettingsPage')).GlobalSettingsPage }),
  },
];
