import type { RouteObject } from 'react-router';

// The lineup's tabs of the event page (the app places them under the event's route), loaded
// on demand. Each reads and edits the event page's draft.
export const lineupTabRoutes: RouteObject[] = [
  {
    path: 'lineup',
    handle: { crumb: () => 'Lineup' },
    lazy: async () => ({ Component: (await import('./LineupTab')).LineupTab }),
  },
  {
    path: 'verifyDJs',
    handle: { crumb: () => 'Verify DJs' },
    lazy: async () => ({ Component: (await import('./VerifyDjsTab')).VerifyDjsTab }),
  },
  {
    path: 'technicalDetails',
    handle: { crumb: () => 'Stream Details' },
    lazy: async () => ({ Component: (await import('./StreamDetailsTab')).StreamDetailsTab }),
  },
  {
    path: 'announcements',
    handle: { crumb: () => 'Messaging' },
    lazy: async () => ({ Component: (await import('./AnnouncementsTab')).AnnouncementsTab }),
  },
];
