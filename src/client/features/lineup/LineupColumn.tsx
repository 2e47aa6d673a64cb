import { useDndContext, useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { type ReactNode, useCallback, useState } from 'react';
import { Alert } from 'react-bootstrap';
import { ConfirmDialog } from '@client/components/ConfirmDialog';
import { useDraft, useDraftEdits } from '@client/shared/draft';
import { moveSlotBy, removeSlotAt, slotIds } from './draftOps';
import { draggedSignup, LINEUP_DROP_ID } from './LineupDnd';
import { SlotCard } from './SlotCard';
import { SwapInStandbyDialog } from './StandbyList';
import type { SlotView } from './useLineupView';

/**
 * 'Lineup (Local Times)': slots in order, reordered by buttons or drag and drop (mouse, touch,
 * keyboard), and where a signup is dragged to join it (LineupDnd.tsx).
 */
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
  const [swapping, setSwapping] = useState<SlotView | null>(null);
  // The same functions for every slot and every render, so the memoised parts of the slots a
  // drop leaves in place do not render.
  const move = useCallback((index: number, delta: number) => setDraft((d) => moveSlotBy(d, index, delta)), [setDraft]);
  // A signup goes back to its column (undoable); a legacy slot would be gone, so ask.
  const sendBack = useCallback(
    ({ index, signup }: SlotView) => (signup ? setDraft((d) => removeSlotAt(d, index)) : setRemovingLegacy(index)),
    [setDraft],
  );

  return (
    <>
      <LineupDropArea empty={view.length === 0}>
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
                  onSwapIn={setSwapping}
                  onAddB2b={onAddB2b}
                />
              </li>
            ))}
          </ol>
        </SortableContext>
      </LineupDropArea>
      <SwapInStandbyDialog slot={swapping} onClose={() => setSwapping(null)} />
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

/** The column a signup is dropped on: below the last slot it goes at the end; while one is dragged, it says so. */
function LineupDropArea({ empty, children }: { empty: boolean; children: ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id: LINEUP_DROP_ID });
  const signupDragged = draggedSignup(useDndContext().active) !== null;
  return (
    <div ref={setNodeRef} className={`lineup-drop-area${signupDragged ? ' lineup-drop-area-active' : ''}${isOver ? ' lineup-drop-area-over' : ''}`} data-testid="lineup-drop-area">
      {empty && <Alert variant="secondary">The lineup is empty. Use Add to Lineup on a signup, or drag it here, to give it a slot.</Alert>}
      {children}
      {signupDragged && <div className="lineup-drop-hint small text-body-secondary">Drop on a slot to put the signup there, or here to add it at the end.</div>}
    </div>
  );
}
