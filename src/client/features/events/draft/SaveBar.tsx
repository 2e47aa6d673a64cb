import { useDeferredValue, useMemo, useState } from 'react';
import { Button } from 'react-bootstrap';
import { lineupChangeMessages, lineupChanges } from '@shared/dj-posts';
import { paths, signupLink } from '@shared/paths';
import type { Dj } from '@shared/schemas/djs';
import type { LineupEvent } from '@shared/schemas/events';
import { ConfirmDialog } from '@client/components/ConfirmDialog';
import { stickyBottom } from '@client/lib/stickyBottom';
import { DjNoticeChoice, useDjNoticeDefaults } from '@client/shared/DjNoticeChoice';
import { useDraft, useDraftStatus, useStoredEvent } from '@client/shared/draft';

/** Sticky at the bottom of the event page while the draft differs from the stored event. */
export function SaveBar() {
  const { isDirty, saving, save, discard } = useDraftStatus();
  const { stored } = useStoredEvent();
  const [confirming, setConfirming] = useState(false);
  const notice = useLineupNotice(isDirty);
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

/** What the save would change in DJs' slots, and whether no day can be read yet (a date being typed). */
function slotChanges(stored: LineupEvent, draft: LineupEvent, djs: Record<string, Dj>) {
  try {
    return lineupChanges(stored, draft, djs);
  } catch {
    return { told: [], untold: [] };
  }
}

/**
 * The DJs whose slot the save makes new or moves (issue 35), the post that would tell them and
 * staff's choice to send it, which goes with the save.
 */
function useLineupNotice(active: boolean) {
  const { stored, djs } = useStoredEvent();
  // A beat behind the typing: laying the lineup out twice per keystroke is for nothing.
  const draft = useDeferredValue(useDraft());
  const changes = useMemo(() => (active ? slotChanges(stored, draft, djs) : { told: [], untold: [] }), [active, stored, draft, djs]);
  const defaults = useDjNoticeDefaults(stored.id, stored.published, changes.told.length > 0);
  const [choice, setChoice] = useState<boolean | null>(null);
  const tell = changes.told.length > 0 && defaults.webhookSet && (choice ?? defaults.proposed);
  const name = (djId: string) => djs[djId]?.djName || djs[djId]?.publicName || djId;
  const messages = useMemo(
    () => (changes.told.length ? lineupChangeMessages(draft, changes.told, { signup: signupLink(window.location.origin, draft.id), home: `${window.location.origin}${paths.home()}` }) : []),
    [changes.told, draft],
  );
  return {
    tell,
    choice:
      active && defaults.ready ? (
        <DjNoticeChoice
          what="of their new or moved slot"
          told={changes.told.map((change) => name(change.slot.djId))}
          untold={changes.untold}
          messages={messages}
          webhookSet={defaults.webhookSet}
          checked={tell}
          onChange={setChoice}
        />
      ) : null,
  };
}
