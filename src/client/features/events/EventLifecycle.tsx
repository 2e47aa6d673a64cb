import { useState } from 'react';
import { Button } from 'react-bootstrap';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { pluralise } from '@shared/pluralise';
import { paths } from '@shared/paths';
import type { EventDetail } from '@shared/schemas/events';
import { staffTime } from '@shared/time';
import { ConfirmDialog } from '@client/components/ConfirmDialog';
import { useDraftStatus, useStoredEvent } from '@client/shared/draft';
import { useStaffZones } from '@client/lib/useZone';

type Asking = 'delete' | 'cancel' | 'restore' | null;

/** Only an event with nothing to lose is deleted; anything else is cancelled (issue 13). */
const deletable = (event: EventDetail) => !event.published && event.signups.length === 0 && event.slots.length === 0;

/** The event page's Delete Event, or Cancel Event / Restore Event, each behind a confirm dialog. */
export function EventLifecycle() {
  const { stored } = useStoredEvent();
  const { saving, setCancelled, remove } = useDraftStatus();
  const [asking, setAsking] = useState<Asking>(null);
  const navigate = useNavigate();
  const close = () => setAsking(null);
  const zones = useStaffZones();
  const named = `${stored.name} (${staffTime(stored.startDatetime, zones)})`;

  const confirmDelete = async () => {
    if (await remove()) {
      toast.success(`${stored.name} was deleted.`);
      navigate(paths.events(), { replace: true });
    } else close();
  };
  const confirmCancelled = async (cancelled: boolean) => {
    await setCancelled(cancelled);
    close();
  };

  return (
    <>
      {stored.cancelled ? (
        <Button variant="outline-primary" onClick={() => setAsking('restore')} disabled={saving}>
          Restore Event
        </Button>
      ) : deletable(stored) ? (
        <Button variant="outline-danger" onClick={() => setAsking('delete')} disabled={saving}>
          Delete Event
        </Button>
      ) : (
        <Button variant="outline-danger" onClick={() => setAsking('cancel')} disabled={saving}>
          Cancel Event
        </Button>
      )}

      <ConfirmDialog
        show={asking === 'delete'}
        title={`Delete ${stored.name}?`}
        confirmLabel="Delete Event"
        cancelLabel="Keep Event"
        busy={saving}
        onConfirm={() => void confirmDelete()}
        onCancel={close}
      >
        {named} has no signups and was never published, so nothing else goes with it. Deleting it cannot be undone.
      </ConfirmDialog>
      <ConfirmDialog
        show={asking === 'cancel'}
        title={`Cancel ${stored.name}?`}
        confirmLabel="Cancel Event"
        cancelLabel="Keep Event"
        busy={saving}
        onConfirm={() => void confirmCancelled(true)}
        onCancel={close}
      >
        <p>{named} is marked Cancelled and leaves the DJs' signup page: they can no longer sign up or change their signup.</p>
        <p className="mb-0">
          Its {pluralise(stored.signups.length, 'signup')}, lineup and plays are kept, and you can restore it at any time.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        show={asking === 'restore'}
        title={`Restore ${stored.name}?`}
        confirmLabel="Restore Event"
        cancelLabel="Keep Cancelled"
        confirmVariant="primary"
        busy={saving}
        onConfirm={() => void confirmCancelled(false)}
        onCancel={close}
      >
        {named} is back as it was, with its signups and lineup{stored.signupsAreOpen ? ', and DJs can sign up again' : ''}.
      </ConfirmDialog>
    </>
  );
}
