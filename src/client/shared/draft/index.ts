// The event page's draft, for every tab of the event page (lineup, stream details, messaging …).
export { EventDraftProvider, useDraft, useDraftEdits, useDraftStatus, useEventDraft, useStoredEvent } from './EventDraftProvider';
export { DraftFields } from './DraftFields';
