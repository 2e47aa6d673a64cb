import { useMemo, useState } from 'react';
import { cancellationMessages, djSlots } from '@shared/dj-posts';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { pluralise } from '@shared/pluralise';
import { paths } from '@shared/paths';
import type { EventDetail } from '@shared/schemas/events';
import { staffTime } from '@shared/time';
import { ConfirmDialog } from '@client/components/ConfirmDialog';
import { DjNoticeChoice, useDjNoticeDefaults } from '@client/shared/DjNoticeChoice';
import { useDraftStatus, useStoredEvent } from '@client/shared/draft';
import { useStaffZones } from '@client/lib/useZone';

/** What the lifecycle dialogs ask about. */
export type LifecycleQuestion = 'delete' | 'cancel' | 'restore';

/** Only an event with nothing to lose is deleted; anything else is cancelled (issue 13). */
export const deletable = (event: EventDetail) => !event.published && event.signups.length === 0 && event.slots.length === 0;

/** Delete Event, Cancel Event and Restore Event's questions: the event page's actions (EventActions) open them. */
export function LifecycleDialogs({ asking, onClose }: { asking: LifecycleQuestion | null; onClose: () => void }) {
  const { stored } = useStoredEvent();
  const { saving, setCancelled, remove } = useDraftStatus();
  const navigate = useNavigate();
  const zones = useStaffZones();
  const named = `${stored.name} (${staffTime(stored.startDatetime, zones)})`;

  const confirmDelete = async () => {
    if (await remove()) {
      toast.success(`${stored.name} was deleted.`);
      navigate(paths.events(), { replace: true });
    } else onClose();
  };
  const notice = useCancellationNotice(asking === 'cancel');
  const confirmCancelled = async (cancelled: boolean) => {
    await setCancelled(cancelled, { notifyDjs: cancelled && notice.tell });
    onClose();
  };

  return (
    <>
      <ConfirmDialog
        show={asking === 'delete'}
        title={`Delete ${stored.name}?`}
        confirmLabel="Delete Event"
        cancelLabel="Keep Event"
        busy={saving}
        onConfirm={() => void confirmDelete()}
        onCancel={onClose}
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
        onCancel={onClose}
      >
        <p>{named} is marked Cancelled and leaves the DJs' signup page: they can no longer sign up or change their signup.</p>
        <p className={notice.choice ? undefined : 'mb-0'}>
          Its {pluralise(stored.signups.length, 'signup')}, lineup and plays are kept, and you can restore it at any time.
        </p>
        {notice.choice}
      </ConfirmDialog>
      <ConfirmDialog
        show={asking === 'restore'}
        title={`Restore ${stored.name}?`}
        confirmLabel="Restore Event"
        cancelLabel="Keep Cancelled"
        confirmVariant="primary"
        busy={saving}
        onConfirm={() => void confirmCancelled(false)}
        onCancel={onClose}
      >
        {named} is back as it was, with its signups and lineup{stored.signupsAreOpen ? ', and DJs can sign up again' : ''}.
      </ConfirmDialog>
    </>
  );
}

/** The lineup's DJs a cancellation can tell in Discord (issue 35), and staff's choice to. */
function useCancellationNotice(asking: boolean) {
  const { stored, djs } = useStoredEvent();
  const slots = useMemo(() => (asking ? [...djSlots(stored, djs).values()] : []), [asking, stored, djs]);
  const mentioned = slots.filter((slot) => slot.discordId !== null);
  const defaults = useDjNoticeDefaults(stored.id, stored.published, mentioned.length > 0);
  const [choice, setChoice] = useState<boolean | null>(null);
  const tell = mentioned.length > 0 && defaults.webhookSet && (choice ?? defaults.proposed);
  const name = (djId: string) => djs[djId]?.djName || djs[djId]?.publicName || djId;
  return {
    tell,
    choice:
      asking && defaults.ready ? (
        <DjNoticeChoice
          what="that the event is cancelled"
          told={mentioned.map((slot) => name(slot.djId))}
          untold={slots.filter((slot) => slot.discordId === null).map((slot) => name(slot.djId))}
          messages={cancellationMessages(stored, slots)}
          webhookSet={defaults.webhookSet}
          checked={tell}
          onChange={setChoice}
        />
      ) : null,
  };
}
