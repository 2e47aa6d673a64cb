import type { RouteObject } from 'react-router';
import type { CrumbHandle } from '../../components/Breadcrumbs';

export const settingsRoutes: RouteObject[] = [
  {
    path: 'globalSettings',
    handle: { crumb: () => 'Global Settings' } satisfies CrumbHandle,
    lazy: async () => ({ Component: (await import('./GlobalSettingsPage')).GlobalSettingsPage }),
  },
];
