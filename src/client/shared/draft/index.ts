// The event page's draft, for every tab of the event page (lineup, stream details, messaging …).
export { EventDraftProvider, useEventDraft } from './EventDraftProvider';
