import { memo, useState } from 'react';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Alert, Badge, Button, Card, Dropdown } from 'react-bootstrap';
import toast from 'react-hot-toast';
import type { Confirmation } from '@shared/domain';
import type { Signup } from '@shared/schemas/lineup';
import { hasPendingUpdate } from '@shared/dj-update';
import { formatHours } from '@shared/lineup';
import { paths } from '@shared/paths';
import { useStoredEvent } from '@client/shared/draft';
import { useSetConfirmation } from '@client/shared/events';
import { djLabel } from './draftOps';
import { ConfirmationBadge } from './ConfirmationBadge';
import { SignupDetails } from './SignupDetails';
import { StreamCheckFlag } from './StreamCheck';
import type { SlotView } from './useLineupView';
import { CardMenu } from './CardMenu';

export interface SlotCardProps {
  id: string;
  view: SlotView;
  /** Only the slot's line (time, name, length, badges) until it is opened. */
  compact: boolean;
  count: number;
  warnings: string[];
  onMove: (index: number, delta: number) => void;
  onSendBack: (view: SlotView) => void;
  /** 'Swap in standby': a standby takes over this slot (LineupColumn asks which). */
  onSwapIn: (view: SlotView) => void;
  onAddB2b: (uuid: string, name: string) => void;
}

/**
 * One slot of 'Lineup (Local Times)': a sortable card, its handle being the only drag start.
 * dnd-kit re-renders every sortable on each step of a drag, so only this frame (position, handle)
 * renders then; the heading and body are memoised and render when the slot itself changes.
 */
export function SlotCard(props: SlotCardProps) {
  const { id, view, compact, count, warnings, onMove, onSendBack, onSwapIn, onAddB2b } = props;
  const [open, setOpen] = useState(false);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const style = { transform: CSS.Transform.toString(transform), transition, zIndex: isDragging ? 2 : undefined, position: 'relative' as const };

  return (
    <Card ref={setNodeRef} style={style} className={`mb-3 slot-card${isDragging ? ' shadow' : ''}`} data-testid="slot-card" role="group" aria-label={`Slot ${view.index + 1}: ${view.label} at ${view.time}`}>
      <Card.Header className="slot-row">
        <button
          type="button"
          ref={setActivatorNodeRef}
          className="btn btn-sm btn-outline-secondary slot-handle"
          aria-label={`Drag ${view.label} to reorder`}
          {...attributes}
          {...listeners}
        >
          ⠿
        </button>
        <SlotHeading
          view={view}
          compact={compact}
          count={count}
          warningCount={warnings.length}
          onMove={onMove}
          onSendBack={onSendBack}
          onSwapIn={onSwapIn}
          onAddB2b={onAddB2b}
          open={open}
          onToggle={setOpen}
        />
      </Card.Header>
      {(!compact || open) && <SlotBody signup={view.signup} legacy={view.signup ? undefined : view} warnings={warnings} />}
    </Card>
  );
}

/** The header's time, name, badges, buttons and menu. */
const SlotHeading = memo(function SlotHeading({
  view,
  compact,
  count,
  warningCount,
  onMove,
  onSendBack,
  onSwapIn,
  onAddB2b,
  open,
  onToggle,
}: Pick<SlotCardProps, 'view' | 'compact' | 'count' | 'onMove' | 'onSendBack' | 'onSwapIn' | 'onAddB2b'> & {
  warningCount: number;
  open: boolean;
  onToggle: (open: boolean) => void;
}) {
  const { index, signup, label: name, time, djs } = view;
  const { stored } = useStoredEvent();
  const setConfirmation = useSetConfirmation(stored.id);
  const confirmAll = (confirmation: Confirmation) => {
    // Only DJs the stored event has on this signup can be confirmed: the rest come with Save.
    const storedDjs = stored.signups.find((candidate) => candidate.uuid === signup?.uuid)?.djRefs ?? [];
    if (storedDjs.length === 0) {
      toast.error('Save the lineup first: then the DJs of this slot can be confirmed.');
      return;
    }
    for (const djId of storedDjs) {
      setConfirmation.mutate({ djId, confirmation }, { onError: (error) => toast.error(`Could not record the confirmation: ${error.message}`) });
    }
  };

  return (
    <>
      <span className={`slot-time${compact ? ' slot-time--range' : ''}`}>
        {compact ? `${time}–${view.endLabel}` : time}
        {/* The series' clock under the viewer's, where it differs (the column's heading says so). */}
        {(compact ? view.seriesRange : view.seriesTime) && <span className="slot-time-series">{compact ? view.seriesRange : view.seriesTime}</span>}
      </span>
      <h3 className="h6 mb-0 slot-name">
        {compact ? (
          <button type="button" className="btn btn-link p-0 text-reset fw-semibold text-start" aria-expanded={open} onClick={() => onToggle(!open)}>
            {name}
          </button>
        ) : (
          name
        )}
        {compact && <span className="text-body-secondary fw-normal small">{formatHours(view.duration)}</span>}
        <span className="slot-badges">
          {compact && warningCount > 0 && (
            <Badge bg="warning" text="dark">
              {warningCount === 1 ? '1 warning' : `${warningCount} warnings`}
            </Badge>
          )}
          {/* Closed rows hide the Apply / Dismiss notice: say that one waits. */}
          {compact && signup && hasPendingUpdate(signup) && (
            <Badge bg="warning" text="dark" data-testid="pending-change-badge">
              Pending change
            </Badge>
          )}
          {view.isDebut && (
            <Badge bg="info" text="dark">
              Debut
            </Badge>
          )}
          <StreamCheckFlag signup={signup} onSwapIn={() => onSwapIn(view)} />
        </span>
      </h3>
      {signup && <ConfirmationBadge confirmations={Object.values(signup.confirmations)} />}
      <div className="slot-actions">
        <Button variant="outline-secondary" size="sm" onClick={() => onMove(index, -1)} disabled={index === 0} aria-label={`Move ${name} sooner`} title="Move sooner">
          ↑
        </Button>
        <Button variant="outline-secondary" size="sm" onClick={() => onMove(index, 1)} disabled={index === count - 1} aria-label={`Move ${name} later`} title="Move later">
          ↓
        </Button>
        <CardMenu label={`Slot menu for ${name}`} floating>
          {djs.map(({ id: djId, dj }) => (
            <Dropdown.Item key={djId} href={paths.dj(djId)} target="_blank" rel="noopener">
              {djs.length > 1 ? `Edit DJ: ${dj ? djLabel(dj) : djId}` : 'Edit DJ'}
            </Dropdown.Item>
          ))}
          {signup && <Dropdown.Item onClick={() => onAddB2b(signup.uuid, signup.name)}>Add DJ to Slot (B2B)</Dropdown.Item>}
          {signup && (
            <>
              <Dropdown.Divider />
              <Dropdown.Item onClick={() => confirmAll('confirmed')}>Mark as confirmed</Dropdown.Item>
              <Dropdown.Item onClick={() => confirmAll('declined')}>Mark as declined</Dropdown.Item>
              <Dropdown.Item onClick={() => confirmAll('proposed')}>Mark as proposed</Dropdown.Item>
              <Dropdown.Divider />
            </>
          )}
          <Dropdown.Item onClick={() => onSwapIn(view)}>Swap in standby</Dropdown.Item>
          <Dropdown.Item onClick={() => onSendBack(view)}>{signup ? 'Send Back to Signups' : 'Remove Slot'}</Dropdown.Item>
        </CardMenu>
      </div>
    </>
  );
});

interface SlotBodyProps {
  signup: Signup | undefined;
  /** The slot's view, for a legacy slot only: a signup's body shows no time, so it need not render when its slot moves. */
  legacy: SlotView | undefined;
  warnings: string[];
}

/** Renders when the slot's signup or warnings change (warnings are worked out afresh for each edit, so by their text). */
const SlotBody = memo(function SlotBody({ signup, legacy, warnings }: SlotBodyProps) {
  return (
    <Card.Body>
      {warnings.length > 0 && (
        <Alert variant="warning" className="py-2 small" data-testid="slot-warnings">
          <ul className="mb-0 ps-3">
            {warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </Alert>
      )}
      {signup ? <SignupDetails signup={signup} inLineup /> : legacy && <LegacySlot view={legacy} />}
    </Card.Body>
  );
}, sameBody);

function sameBody(a: SlotBodyProps, b: SlotBodyProps): boolean {
  return a.signup === b.signup && a.legacy === b.legacy && a.warnings.length === b.warnings.length && a.warnings.every((warning, i) => warning === b.warnings[i]);
}

/** A slot from before signups existed (or whose signup is gone): only what the slot kept. */
function LegacySlot({ view: { slot, duration, djs } }: { view: SlotView }) {
  return (
    <div className="small">
      <Badge bg="secondary" className="mb-1">
        Legacy slot
      </Badge>
      <div className="text-body-secondary">
        This slot has no signup{slot.signupUuid ? ` (${slot.signupUuid} is missing)` : ''}; it keeps its own name and length ({duration} h).
      </div>
      {djs.map(({ id, dj }) => (
        <div key={id}>DJ: {dj ? djLabel(dj) : 'No Dj Found'}</div>
      ))}
    </div>
  );
}
