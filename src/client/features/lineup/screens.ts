// The lineup's tabs of the event page, loaded as one (decision 031).
export { AnnouncementsTab } from './AnnouncementsTab';
export { LineupTab } from './LineupTab';
export { StreamDetailsTab } from './StreamDetailsTab';
export { VerifyDjsTab } from './VerifyDjsTab';
