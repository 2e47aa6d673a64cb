import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { ConfirmDialog } from '@client/components/ConfirmDialog';
import { useDraftStatus, useStoredEvent } from '@client/shared/draft';

// Publish Event and Unpublish, the same in the event page's header and on the Preflight tab.

/**
 * Publish Event, in the colour of the Published badge wherever it is offered. With required
 * preflight steps open the server says which ('Requirements not met: …'), and the host may still
 * publish: Publish anyway, one more click, which the history records (the spec lets staff publish
 * any saved event).
 */
export function PublishButton() {
  const { stored } = useStoredEvent();
  const { publish, saving } = useDraftStatus();
  const [unmet, setUnmet] = useState<string | null>(null);
  const anyway = async () => {
    if ((await publish(true)) === null) setUnmet(null);
  };
  return (
    <>
      <Button variant="success" onClick={async () => setUnmet(await publish())} disabled={saving}>
        Publish Event
      </Button>
      <ConfirmDialog
        show={unmet !== null}
        title={`Publish ${stored.name} anyway?`}
        confirmLabel="Publish anyway"
        cancelLabel="Not yet"
        confirmVariant="success"
        busy={saving}
        onConfirm={() => void anyway()}
        onCancel={() => setUnmet(null)}
      >
        <p>{unmet}</p>
        <p className="mb-0">Its lineup goes public as it is now. The event's history records that it was published with these steps open.</p>
      </ConfirmDialog>
    </>
  );
}

/** Unpublish's question: the public page and feeds drop the event at once. */
export function UnpublishDialog({ show, onClose }: { show: boolean; onClose: () => void }) {
  const { stored } = useStoredEvent();
  const { unpublish, saving } = useDraftStatus();
  const confirm = async () => {
    await unpublish();
    onClose();
  };
  return (
    <ConfirmDialog
      show={show}
      title={`Unpublish ${stored.name}?`}
      confirmLabel="Unpublish"
      cancelLabel="Keep Published"
      busy={saving}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      Its public page, the feeds and the lineup image stop showing it until you publish it again. Its signups and lineup are kept.
    </ConfirmDialog>
  );
}

/** Unpublish, after asking (the Preflight tab's; the header has it in its menu). */
export function UnpublishButton() {
  const { saving } = useDraftStatus();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button variant="outline-danger" onClick={() => setAsking(true)} disabled={saving}>
        Unpublish
      </Button>
      <UnpublishDialog show={asking} onClose={() => setAsking(false)} />
    </>
  );
}
