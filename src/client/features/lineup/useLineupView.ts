import { useMemo, useState } from 'react';
import type { Dj } from '@shared/schemas/djs';
import type { LineupEvent } from '@shared/schemas/events';
import type { Slot } from '@shared/schemas/lineup';
import { type PlacedSlot, placeSlots, unnamedSlotError } from '@shared/lineup';
import { type StaffZones, staffClocks } from '@shared/time';
import { useDraft, useStoredEvent } from '@client/shared/draft';
import { useStaffZones } from '@client/lib/useZone';

export interface SlotView extends PlacedSlot {
  index: number;
  /** The slot's name, or the spec's error for a slot nothing names, so staff see which is broken. */
  label: string;
  /** The start, 'HH:mm' in the viewer's zone. */
  time: string;
  /** The end, 'HH:mm' in the viewer's zone. */
  endLabel: string;
  /** The start, and start–end, in the series' zone where its clock differs (decision 042); else null. */
  seriesTime: string | null;
  seriesRange: string | null;
  djs: Array<{ id: string; dj: Dj | undefined }>;
}

/**
 * The draft's slots as the Lineup and Stream Details tabs show them. A slot an edit leaves as it
 * was (same place, time and signup) keeps its view object, so its memoised parts do not render.
 */
export function useLineupView(): SlotView[] {
  const draft = useDraft();
  const { djs } = useStoredEvent();
  const zones = useStaffZones();
  // Each slot's last view, by the slot (a reorder keeps the slot objects).
  const [lastViews] = useState(() => new WeakMap<Slot, SlotView>());
  return useMemo(
    () =>
      slotViews(draft, djs, zones).map((slotView) => {
        const last = lastViews.get(slotView.slot);
        if (last && sameFields(last, slotView)) return last;
        lastViews.set(slotView.slot, slotView);
        return slotView;
      }),
    [draft, djs, zones, lastViews],
  );
}

function slotViews(draft: LineupEvent, djs: Record<string, Dj>, zones: StaffZones): SlotView[] {
  return placeSlots(draft, djs).map((placed, index) => {
    const start = staffClocks(placed.startTime, zones);
    const span = staffClocks({ start: placed.startTime, end: placed.endTime }, zones);
    return {
      ...placed,
      index,
      label: placed.name ?? unnamedSlotError(placed.slot),
      time: start.viewer,
      endLabel: staffClocks(placed.endTime, zones).viewer,
      seriesTime: start.series,
      seriesRange: span.series,
      djs: placed.djIds.map((id) => ({ id, dj: djs[id] })),
    };
  });
}

/** Field by field; arrays (the slot's DJs) item by item, each field by field. */
function sameFields(a: object, b: object): boolean {
  const keys = Object.keys(a) as Array<keyof typeof a>;
  return keys.length === Object.keys(b).length && keys.every((key) => sameValue(a[key], b[key]));
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  return a.every((item, i) => item === b[i] || (typeof item === 'object' && item !== null && typeof b[i] === 'object' && b[i] !== null && sameFields(item, b[i])));
}
