// The event page and this feature's tabs of it, loaded as one: a host moves between the tabs
// all week, and one download is quicker than one per tab (decision 031).
export { DebugTab } from './DebugTab';
export { EventPage } from './EventPage';
export { HistoryTab } from './HistoryTab';
export { PreflightTab } from './PreflightTab';
export { SetupTab } from './SetupTab';
