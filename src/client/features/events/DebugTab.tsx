import { Alert } from 'react-bootstrap';
import { useParams } from 'react-router';
import { useEventDraft } from '@client/shared/draft';

/** Debugging: the event as stored (and the draft when it differs), as JSON. */
export function DebugTab() {
  const { eventId } = useParams();
  const { stored, draft, isDirty } = useEventDraft();
  if (!eventId) return <Alert variant="danger">No Event Id Found</Alert>;
  return (
    <>
      <h2 className="h4">Stored event</h2>
      {/* Focusable, so keyboard users can scroll the long lines. */}
      <pre className="bg-body-tertiary border rounded p-2 small" tabIndex={0} aria-label="Stored event JSON">
        {JSON.stringify(stored, null, 2)}
      </pre>
      {isDirty && (
        <>
          <h2 className="h4">Unsaved draft</h2>
          <pre className="bg-body-tertiary border rounded p-2 small" tabIndex={0} aria-label="Unsaved draft JSON">
            {JSON.stringify(draft, null, 2)}
          </pre>
        </>
      )}
    </>
  );
}
