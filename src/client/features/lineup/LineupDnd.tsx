import {
  type Active,
  type Announcements,
  closestCenter,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  type DragOverEvent,
  DragOverlay,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  type UniqueIdentifier,
  useDraggable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { createContext, type KeyboardEvent, type PointerEvent, type ReactNode, type RefObject, useContext, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useDraft, useDraftEdits, useStoredEvent } from '@client/shared/draft';
import { addToLineup, reorderSlot, slotIds } from './draftOps';
import { SignupSummary } from './SignupSummary';
import type { SlotView } from './useLineupView';

// Drag and drop on the Lineup tab, one context for both columns: slots are reordered within the
// lineup, and a signup is dragged from the Signups column into it, onto a slot (it takes that
// place) or below the last one. 'Add to Lineup' stays, and is the way without a pointer.

/** The lineup column as a whole: a signup dropped here, not on a slot, goes at the end. */
export const LINEUP_DROP_ID = 'lineup-drop';
/**
 * The waiting signups share one draggable (WaitingSignupsDrag): its handle and card are the ones
 * a host presses, and its data says whose. One rather than one per card, because dnd-kit draws
 * every draggable again as a drag starts and as it passes each slot: 48 waiting signups made a
 * slot's pick-up a frame of over 50 ms.
 */
const WAITING_SIGNUP = 'waiting-signup';
/** The signup being dragged; null for a slot. */
export const draggedSignup = (active: Pick<Active, 'id' | 'data'> | null | undefined) =>
  active?.id === WAITING_SIGNUP ? ((active.data.current as RefObject<string | null> | undefined)?.current ?? null) : null;
const isSignup = (id: UniqueIdentifier | undefined) => id === WAITING_SIGNUP;

/**
 * Reordering compares slots by their centres; a signup lands where the pointer is (on a slot, else
 * on the column), so letting go over the Signups column adds nothing.
 */
const collisions: CollisionDetection = (args) => {
  if (!isSignup(args.active.id)) {
    return closestCenter({ ...args, droppableContainers: args.droppableContainers.filter((container) => container.id !== LINEUP_DROP_ID) });
  }
  const hits = args.pointerCoordinates ? pointerWithin(args) : rectIntersection(args);
  const onSlot = hits.find((hit) => hit.id !== LINEUP_DROP_ID);
  return onSlot ? [onSlot] : hits;
};

/**
 * The keyboard's moves: a slot among the slots (dnd-kit's sortable moves); a signup from place to
 * place in the lineup, each slot in order and then its end, an arrow key at a time (down or right
 * onwards, up or left back), which sortable's moves cannot do for a draggable that is not sortable.
 */
const keyboardCoordinates: KeyboardCoordinateGetter = (event, args) => {
  const { active, droppableRects, droppableContainers, over } = args.context;
  if (!isSignup(active?.id)) return sortableKeyboardCoordinates(event, args);
  const step = ({ ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 } as Record<string, number>)[event.code];
  if (!step) return undefined;
  event.preventDefault();
  const top = (id: UniqueIdentifier) => (id === LINEUP_DROP_ID ? Infinity : droppableRects.get(id)!.top);
  const places = droppableContainers
    .getEnabled()
    .map((container) => container.id)
    .filter((id) => droppableRects.has(id))
    .sort((a, b) => top(a) - top(b));
  const at = over ? places.indexOf(over.id) : -1;
  const next = places[Math.max(0, Math.min(places.length - 1, at + step))];
  const rect = next === undefined ? undefined : droppableRects.get(next);
  if (!rect) return undefined;
  // Onto the slot's top corner; for the end, just inside the bottom of the column, below every slot.
  return next === LINEUP_DROP_ID ? { x: rect.left + 8, y: rect.bottom - 8 } : { x: rect.left + 8, y: rect.top + 8 };
};

/** Whether the lineup column stays put while the page scrolls (a wide screen: lineup.css). */
const isSticky = (column: HTMLElement | null) => column !== null && getComputedStyle(column).position === 'sticky';

export function LineupDnd({ view, lineupColumn, children }: { view: SlotView[]; lineupColumn: RefObject<HTMLElement | null>; children: ReactNode }) {
  const { slots, signups } = useDraft();
  const { setDraft } = useDraftEdits();
  const { djs } = useStoredEvent();
  const ids = slotIds(slots);
  /** The signup being dragged, for the preview that follows the pointer. */
  const [dragging, setDragging] = useState<string | null>(null);
  const draggedSignupNow = dragging === null ? undefined : signups.find((signup) => signup.uuid === dragging);
  const sensors = useSensors(
    // A small distance so a click on the handle is not a drag.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: keyboardCoordinates }),
  );

  // Screen readers hear slot and signup names and positions, not internal ids.
  const label = (active: Active) => {
    const uuid = draggedSignup(active);
    if (uuid) return signups.find((signup) => signup.uuid === uuid)?.name || 'the signup';
    const index = ids.indexOf(String(active.id));
    return index >= 0 ? `${view[index]?.label ?? 'slot'} (slot ${index + 1})` : 'slot';
  };
  const place = (id: UniqueIdentifier) => (id === LINEUP_DROP_ID ? 'the end of the lineup' : `position ${ids.indexOf(String(id)) + 1}`);
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${label(active)}.`,
    onDragOver: ({ active, over }) => (over ? `${label(active)} is over ${place(over.id)}.` : undefined),
    onDragEnd: ({ active, over }) => (over ? `${label(active)} was dropped at ${place(over.id)}.` : `${label(active)} was dropped.`),
    onDragCancel: ({ active }) => `Moving ${label(active)} was cancelled.`,
  };

  // Every place to drop is in the lineup column. While the pointer is over it and the column is
  // sticky, scrolling the page (the pointer near the window's top or bottom) would only slide the
  // column away from under the pointer once the page reaches its top; the column scrolls itself.
  const overLineup = useRef(false);
  const canScroll = (element: Element) => !(overLineup.current && element === document.scrollingElement && isSticky(lineupColumn.current));

  const onDragStart = ({ active }: DragStartEvent) => setDragging(draggedSignup(active));
  const onDragOver = ({ over }: DragOverEvent) => {
    overLineup.current = over !== null;
  };
  const endDrag = () => {
    setDragging(null);
    overLineup.current = false;
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    endDrag();
    if (!over || active.id === over.id) return;
    const uuid = draggedSignup(active);
    if (uuid) {
      const at = over.id === LINEUP_DROP_ID ? slots.length : ids.indexOf(String(over.id));
      if (at >= 0) setDraft((d) => addToLineup(d, uuid, djs, at));
      return;
    }
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0) setDraft((d) => reorderSlot(d, from, to));
  };

  const handlers = { onDragStart, onDragOver, onDragEnd, onDragCancel: endDrag };
  return (
    <DndContext sensors={sensors} collisionDetection={collisions} {...handlers} autoScroll={{ canScroll }} accessibility={{ announcements }}>
      {children}
      {/* As wide as the signup's card (the draggable node), so its name reads on one line. In the
          body, not beside the page's content: an element put among the content's children as a
          drag starts made the browser restyle the whole page in the frame that picks the card up. */}
      {createPortal(
        <DragOverlay dropAnimation={null}>
          {draggedSignupNow && (
            <div className="card signup-drag-preview">
              <div className="card-header">
                <div className="fw-semibold text-break">{draggedSignupNow.name.trim() || 'Unnamed signup'}</div>
                <SignupSummary signup={draggedSignupNow} />
              </div>
            </div>
          )}
        </DragOverlay>,
        document.body,
      )}
    </DndContext>
  );
}

/** What every waiting signup's handle needs from the one draggable: its description, and whose drag it is. */
const WaitingSignupDrag = createContext<{ describedBy: string | undefined; dragging: string | null }>({ describedBy: undefined, dragging: null });

/**
 * The Signups column's cards, dragged through one draggable: a press on a card's handle (pointer,
 * or Space and Enter) makes that card the draggable's node and its handle the activator, then
 * hands the press to dnd-kit. A card is what is dragged (dnd-kit measures it, so the preview is
 * the card's width).
 */
export function WaitingSignupsDrag({ children }: { children: ReactNode }) {
  // The draggable's data: whose card was pressed, set as the press starts the drag.
  const picked = useRef<string | null>(null);
  // The last handle whose press dnd-kit took: a press it turns away (another still waiting for its
  // 4 px, a right click) must not leave its card in the draggable's place.
  const taken = useRef<HTMLButtonElement | null>(null);
  const { active, attributes, listeners, setNodeRef, setActivatorNodeRef } = useDraggable({ id: WAITING_SIGNUP, data: picked });
  const aim = (handle: HTMLButtonElement) => {
    picked.current = handle.dataset.signupDrag ?? null;
    setNodeRef(handle.closest<HTMLElement>('.signup-card'));
    setActivatorNodeRef(handle);
  };
  const press = (event: PointerEvent | KeyboardEvent, listener: 'onPointerDown' | 'onKeyDown') => {
    const handle = event.target instanceof Element ? event.target.closest<HTMLButtonElement>('button[data-signup-drag]') : null;
    if (!handle || handle.disabled || active) return;
    aim(handle);
    listeners?.[listener]?.(event);
    // dnd-kit marks the event it takes.
    if ((event.nativeEvent as { dndKit?: unknown }).dndKit) taken.current = handle;
    else if (taken.current) aim(taken.current);
  };
  const describedBy = attributes['aria-describedby'];
  const dragging = draggedSignup(active);
  const shared = useMemo(() => ({ describedBy, dragging }), [describedBy, dragging]);
  return (
    <div onPointerDown={(event) => press(event, 'onPointerDown')} onKeyDown={(event) => press(event, 'onKeyDown')}>
      <WaitingSignupDrag.Provider value={shared}>{children}</WaitingSignupDrag.Provider>
    </div>
  );
}

/** A waiting signup's drag handle (WaitingSignupsDrag picks its card up). */
export function SignupDragHandle({ uuid, name, disabled }: { uuid: string; name: string; disabled: boolean }) {
  const { describedBy, dragging } = useContext(WaitingSignupDrag);
  return (
    <button
      type="button"
      className="btn btn-sm btn-outline-secondary slot-handle"
      data-signup-drag={uuid}
      aria-label={`Drag ${name} into the lineup`}
      aria-roledescription="draggable"
      aria-describedby={describedBy}
      aria-pressed={dragging === uuid ? true : undefined}
      title={disabled ? 'Add a DJ to this signup first' : 'Drag into the lineup'}
      disabled={disabled}
    >
      ⠿
    </button>
  );
}
