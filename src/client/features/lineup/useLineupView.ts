import { useMemo, useState } from 'react';
import type { Dj } from '@shared/schemas/djs';
import type { LineupEvent } from '@shared/schemas/events';
import type { Slot } from '@shared/schemas/lineup';
import { type PlacedSlot, placeSlots, unnamedSlotError } from '@shared/lineup';
import { formatLocalTime } from '@shared/time';
import { useDraft, useStoredEvent } from '@client/shared/draft';
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

/**
 * The draft's slots as the Lineup and Stream Details tabs show them. A slot an edit leaves as it
 * was (same place, time and signup) keeps its view object, so its memoised parts do not render.
 */
export function useLineupView(): SlotView[] {
  const draft = useDraft();
  const { djs } = useStoredEvent();
  // Each slot's last view, by the slot (a reorder keeps the slot objects).
  const [lastViews] = useState(() => new WeakMap<Slot, SlotView>());
  return useMemo(
    () =>
      slotViews(draft, djs).map((slotView) => {
        const last = lastViews.get(slotView.slot);
        if (last && sameFields(last, slotView)) return last;
        lastViews.set(slotView.slot, slotView);
        return slotView;
      }),
    [draft, djs, lastViews],
  );
}

function slotViews(draft: LineupEvent, djs: Record<string, Dj>): SlotView[] {
  const zone = browserZone();
  return placeSlots(draft, djs).map((placed, index) => ({
    ...placed,
    index,
    label: placed.name ?? unnamedSlotError(placed.slot),
    time: formatLocalTime(placed.startTime, zone),
    endLabel: formatLocalTime(placed.endTime, zone),
    djs: placed.djIds.map((id) => ({ id, dj: djs[id] })),
  }));
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
