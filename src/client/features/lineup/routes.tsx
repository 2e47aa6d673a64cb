import type { EventTabDefinition } from '@client/shared/eventTabs';

// The lineup's tabs of the event page (the app places them among the event's tabs). Each reads
// and edits the event page's draft.
export const lineupTabs: EventTabDefinition[] = [
  { tab: 'lineup', label: 'Lineup', load: async () => (await import('./LineupTab')).LineupTab },
  { tab: 'verifyDJs', label: 'Verify DJs', load: async () => (await import('./VerifyDjsTab')).VerifyDjsTab },
  { tab: 'technicalDetails', label: 'Stream Details', load: async () => (await import('./StreamDetailsTab')).StreamDetailsTab },
  { tab: 'announcements', label: 'Messaging', load: async () => (await import('./AnnouncementsTab')).AnnouncementsTab },
];
