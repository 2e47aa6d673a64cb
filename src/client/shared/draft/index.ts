// The event page's draft, for every tab of the event page (lineup, stream details, messaging …).
export { type EventDraft, EventDraftProvider, useEventDraft } from './EventDraftProvider';
