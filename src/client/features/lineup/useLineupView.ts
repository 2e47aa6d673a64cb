import { useMemo } from 'react';
import type { Dj } from '@shared/schemas/djs';
import { type PlacedSlot, placeSlots, unnamedSlotError } from '@shared/lineup';
import { formatLocalTime } from '@shared/time';
import { useEventDraft } from '@client/shared/draft';
import { browserZone } from '@client/lib/zone';

export interface SlotView extends PlacedSlot {
  index: number;
  /** The slot's name, or the spec's error for a slot nothing names, so staff see which is broken. */
  label: string;
  /** 'HH:mm' in the browser's zone. */
  time: string;
  /** The end, 'HH:mm' in the browser's zone. */
  endLabel: string;
  djs: Array<{ id: string; dj: Dj | undefined }>;
}

/** The draft's slots as the Lineup and Stream Details tabs show them. */
export function useLineupView(): SlotView[] {
  const { draft, djs } = useEventDraft();
  return useMemo(() => {
    const zone = browserZone();
    return placeSlots(draft, djs).map((placed, index) => ({
      ...placed,
      index,
      label: placed.name ?? unnamedSlotError(placed.slot),
      time: formatLocalTime(placed.startTime, zone),
      endLabel: formatLocalTime(placed.endTime, zone),
      djs: placed.djIds.map((id) => ({ id, dj: djs[id] })),
    }));
  }, [draft, djs]);
}
