import { useState } from 'react';
import { Button, Card, Form, Spinner } from 'react-bootstrap';
import toast from 'react-hot-toast';
import { ConfirmDialog } from '@client/components/ConfirmDialog';
import { CopyButton } from '@client/components/CopyButton';
import { useCalendarLink, useRevokeCalendarLink } from '@client/shared/public';
import { LoadError } from '@client/components/LoadError';

/** The DJ's private calendar feed of their own slots: copy the link, or revoke it for a new one. */
export function CalendarLinkCard() {
  const link = useCalendarLink();
  const revoke = useRevokeCalendarLink();
  const [confirming, setConfirming] = useState(false);

  const confirmRevoke = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast.success('Your old link no longer works. Add the new one to your calendar.');
      },
    });

  return (
    <div className="signup-page mt-3">
      <Card>
        <Card.Body className="p-3 p-sm-4">
          <h2 className="h5">Add your slots to your calendar</h2>
          <p className="small text-body-secondary">
            Subscribe to this private link in Google Calendar (Other calendars → From URL), Apple Calendar or Outlook: your
            slots in published lineups appear there and follow any change. Keep it to yourself.
          </p>
          {link.isPending && <Spinner size="sm" animation="border" role="status" aria-label="Loading your calendar link" />}
          {link.isError && <LoadError title="Could not load your calendar link." error={link.error} onRetry={link.refetch} heading={null} className="mb-0" />}
          {link.data && (
            <>
              <Form.Group controlId="calendar-link" className="mb-2">
                <Form.Label className="visually-hidden">Your calendar link</Form.Label>
                <Form.Control readOnly value={link.data.url} onFocus={(e) => e.currentTarget.select()} className="font-monospace small" />
              </Form.Group>
              <div className="d-flex flex-wrap gap-2">
                <CopyButton text={link.data.url} label="Copy" />
                <Button variant="outline-danger" size="sm" onClick={() => setConfirming(true)}>
                  Revoke link
                </Button>
              </div>
            </>
          )}
        </Card.Body>
      </Card>
      <ConfirmDialog
        show={confirming}
        title="Revoke your calendar link?"
        confirmLabel="Revoke link"
        busy={revoke.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={confirmRevoke}
      >
        Calendars that use the current link stop getting your slots. You get a new link to add instead.
        {revoke.isError && <div className="text-danger mt-2">Could not revoke the link: {revoke.error.message}</div>}
      </ConfirmDialog>
    </div>
  );
}
