import { useMemo } from 'react';
import type { Dj, Signup, Slot } from '../../../shared/domain';
import { layoutSlots, slotDjIds, slotName } from '../../../shared/lineup';
import { formatLocalTime } from '../../../shared/time';
import { useEventDraft } from '../events/draft';
import { browserZone } from '../../lib/zone';

export interface SlotView {
  index: number;
  /** Laid out from the event start: its start time and length are the real ones. */
  slot: Slot;
  signup: Signup | undefined;
  name: string;
  /** 'HH:mm' in the browser's zone. */
  time: string;
  djs: Array<{ id: string; dj: Dj | undefined }>;
}

function nameOf(slot: Slot, signups: readonly Signup[]): string {
  try {
    return slotName(slot, signups);
  } catch (error) {
    // The spec's error, shown in place of the name so staff can see which slot is broken.
    return error instanceof Error ? error.message : String(error);
  }
}

/** The draft's slots as the Lineup and Stream Details tabs show them. */
export function useLineupView(): SlotView[] {
  const { draft, djs } = useEventDraft();
  return useMemo(() => {
    const zone = browserZone();
    return layoutSlots(draft.startDatetime, draft.slots, draft.signups).map((slot, index) => ({
      index,
      slot,
      signup: draft.signups.find((signup) => signup.uuid === slot.signupUuid),
      name: nameOf(slot, draft.signups),
      time: formatLocalTime(slot.startTime, zone),
      djs: slotDjIds(slot, draft.signups).map((id) => ({ id, dj: djs[id] })),
    }));
  }, [draft.startDatetime, draft.slots, draft.signups, djs]);
}
