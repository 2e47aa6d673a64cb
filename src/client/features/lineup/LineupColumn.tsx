import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useCallback, useState } from 'react';
import { Alert } from 'react-bootstrap';
import { ConfirmDialog } from '@client/components/ConfirmDialog';
import { useDraft, useDraftEdits } from '@client/shared/draft';
import { moveSlotBy, removeSlotAt, reorderSlot, slotIds } from './draftOps';
import { SlotCard } from './SlotCard';
import type { SlotView } from './useLineupView';

/** 'Lineup (Local Times)': slots in order, reordered by buttons or drag and drop (mouse, touch, keyboard). */
export function LineupColumn({
  view,
  compact,
  conflicts,
  onAddB2b,
}: {
  view: SlotView[];
  compact: boolean;
  conflicts: Map<number, string[]>;
  onAddB2b: (uuid: string, name: string) => void;
}) {
  const { slots } = useDraft();
  const { setDraft } = useDraftEdits();
  const ids = slotIds(slots);
  const [removingLegacy, setRemovingLegacy] = useState<number | null>(null);
  const sensors = useSensors(
    // A small distance so a click on the handle is not a drag.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  // Screen readers hear slot names and positions, not internal ids.
  const label = (id: string | number) => {
    const index = ids.indexOf(String(id));
    return index >= 0 ? `${view[index]?.label ?? 'slot'} (slot ${index + 1})` : 'slot';
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${label(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `${label(active.id)} is over position ${ids.indexOf(String(over.id)) + 1}.` : undefined),
    onDragEnd: ({ active, over }) => (over ? `${label(active.id)} was dropped at position ${ids.indexOf(String(over.id)) + 1}.` : `${label(active.id)} was dropped.`),
    onDragCancel: ({ active }) => `Moving ${label(active.id)} was cancelled.`,
  };

  // The same functions for every slot and every render, so the memoised parts of the slots a
  // drop leaves in place do not render.
  const move = useCallback((index: number, delta: number) => setDraft((d) => moveSlotBy(d, index, delta)), [setDraft]);
  // A signup goes back to its column (undoable); a legacy slot would be gone, so ask.
  const sendBack = useCallback(
    ({ index, signup }: SlotView) => (signup ? setDraft((d) => removeSlotAt(d, index)) : setRemovingLegacy(index)),
    [setDraft],
  );

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0) setDraft((d) => reorderSlot(d, from, to));
  };

  if (view.length === 0) {
    return <Alert variant="secondary">The lineup is empty. Use Add to Lineup on a signup to give it a slot.</Alert>;
  }
  return (
    <>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements }}>
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <ol className="list-unstyled mb-0" aria-label="Lineup">
            {view.map((slotView) => (
              <li key={ids[slotView.index]}>
                <SlotCard
                  id={ids[slotView.index]!}
                  view={slotView}
                  compact={compact}
                  count={view.length}
                  warnings={conflicts.get(slotView.index) ?? []}
                  onMove={move}
                  onSendBack={sendBack}
                  onAddB2b={onAddB2b}
                />
              </li>
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <ConfirmDialog
        show={removingLegacy !== null}
        title="Are You sure?"
        onConfirm={() => {
          if (removingLegacy !== null) setDraft((d) => removeSlotAt(d, removingLegacy));
          setRemovingLegacy(null);
        }}
        onCancel={() => setRemovingLegacy(null)}
      >
        This legacy slot has no signup to go back to: removing it takes it out of the lineup for good once you save.
      </ConfirmDialog>
    </>
  );
}
