import { useState } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { useDraftStatus } from '@client/shared/draft';

/** Shown when a save was refused because someone else saved this event first. */
export function ConflictAlert() {
  const { conflict, reload } = useDraftStatus();
  const [reloading, setReloading] = useState(false);
  if (!conflict) return null;
  return (
    <Alert variant="danger" className="d-flex flex-wrap align-items-center gap-2">
      <span className="me-auto">{conflict} Reloading discards your unsaved changes.</span>
      <Button
        variant="danger"
        disabled={reloading}
        onClick={async () => {
          setReloading(true);
          await reload();
          setReloading(false);
        }}
      >
        Reload
      </Button>
    </Alert>
  );
}
