import { useDeferredValue, useState } from 'react';
import { Button } from 'react-bootstrap';
import { ConfirmDialog } from '@client/components/ConfirmDialog';
import { stickyBottom } from '@client/lib/stickyBottom';
import { useLineupNotice } from '@client/shared/LineupNotice';
import { useDraft, useDraftStatus, useStoredEvent } from '@client/shared/draft';

/** Sticky at the bottom of the event page while the draft differs from the stored event. */
export function SaveBar() {
  const { isDirty, saving, save, discard } = useDraftStatus();
  const { stored } = useStoredEvent();
  const [confirming, setConfirming] = useState(false);
  // A beat behind the typing: laying the lineup out twice per keystroke is for nothing.
  const draft = useDeferredValue(useDraft());
  const notice = useLineupNotice(isDirty, draft);
  if (!isDirty) return null;
  return (
    <>
      <div
        className="border-top bg-body-tertiary shadow-sm py-2 px-3 mt-3 d-flex flex-wrap align-items-center gap-2"
        style={{ position: 'sticky', bottom: 0, zIndex: 1020 }}
        role="region"
        aria-label="Unsaved changes"
        {...stickyBottom}
      >
        <span className="me-auto">
          You have unsaved changes.
          {/* The server refuses them (issue 34): say so before Save is tried. */}
          {stored.cancelled && ' This event is cancelled: restore it to save them.'}
        </span>
        <div className="d-flex gap-2 ms-auto">
          <Button variant="outline-secondary" onClick={() => setConfirming(true)} disabled={saving}>
            Discard
          </Button>
          <Button variant="primary" onClick={() => void save({ notifyDjs: notice.tell })} disabled={saving || stored.cancelled}>
            {saving ? 'Saving...' : 'Save'}
          </Button>
        </div>
        {notice.choice}
      </div>
      <ConfirmDialog
        show={confirming}
        title="Are You sure?"
        onConfirm={() => {
          discard();
          setConfirming(false);
        }}
        onCancel={() => setConfirming(false)}
      >
        You are about to discard your unsaved changes to this event.
      </ConfirmDialog>
    </>
  );
}
