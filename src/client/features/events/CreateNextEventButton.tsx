import type { ReactNode } from 'react';
import { Button } from 'react-bootstrap';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { paths } from '@shared/paths';
import { staffTime } from '@shared/time';
import { useStaffZones } from '@client/lib/useZone';
import { useCreateNextEvent } from '@client/shared/events';
import { useSameDayConfirm } from './useSameDayConfirm';

/**
 * 'Create next event': creates the series' next occurrence after this event (the server
 * computes it from the settings), asking first when that day already has an event, then opens it.
 * `blockedBecause`: a reason not to go ahead now (e.g. unsaved changes), shown instead. `dialog`
 * must be rendered for the same-day question.
 */
export function useCreateNext({ eventId, blockedBecause }: { eventId: string; blockedBecause?: string }): { createNext: () => void; pending: boolean; dialog: ReactNode } {
  const navigate = useNavigate();
  const next = useCreateNextEvent();
  const { createAskingSameDay, sameDayDialog } = useSameDayConfirm();
  const zones = useStaffZones();

  const createNext = async () => {
    if (blockedBecause) {
      toast.error(blockedBecause);
      return;
    }
    try {
      const created = await createAskingSameDay((confirmSameDay) => next.mutateAsync({ eventId, confirmSameDay }));
      if (!created) return;
      toast.success(`Created ${created.name} (${staffTime(created.startDatetime, zones)}).`);
      navigate(paths.event(created.id));
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Failed to create event');
    }
  };
  return { createNext: () => void createNext(), pending: next.isPending, dialog: sameDayDialog };
}

/** The events list's 'Create next event', one per row. */
export function CreateNextEventButton({ eventId, eventName }: { eventId: string; eventName: string }) {
  const { createNext, pending, dialog } = useCreateNext({ eventId });
  return (
    <>
      <Button
        variant="outline-primary"
        size="sm"
        className="text-nowrap"
        disabled={pending}
        onClick={createNext}
        // The list has one per row: each says which event it follows.
        aria-label={`Create next event after ${eventName}`}
      >
        Create next event
      </Button>
      {dialog}
    </>
  );
}
