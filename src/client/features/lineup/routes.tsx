import type { EventTabDefinition } from '@client/shared/eventTabs';

/** The four tabs' one module, as the build's manifest names it (decision 031). */
const SCREENS = 'features/lineup/screens.ts';

// The lineup's tabs of the event page (the app places them among the event's tabs). Each reads
// and edits the event page's draft.
export const lineupTabs: EventTabDefinition[] = [
  { tab: 'lineup', label: 'Lineup', module: SCREENS, load: async () => (await import('./screens')).LineupTab },
  { tab: 'verifyDJs', label: 'Verify DJs', module: SCREENS, load: async () => (await import('./screens')).VerifyDjsTab },
  { tab: 'technicalDetails', label: 'Stream Details', module: SCREENS, load: async () => (await import('./screens')).StreamDetailsTab },
  { tab: 'announcements', label: 'Messaging', module: SCREENS, load: async () => (await import('./screens')).AnnouncementsTab },
  // The live board: one tap from the event page's header (its Live button), not in the nav. A
  // module of its own: only the night needs it, and the other tabs do not carry it.
  { tab: 'live', label: 'Live', hidden: true, module: 'features/lineup/LiveTab.tsx', load: async () => (await import('./LiveTab')).LiveTab },
];
