import { useState } from 'react';
import { Alert } from '@client/components/Alert';
import type { SignupArea } from '@shared/schemas/signup';
import { formatSlotForDj } from '@shared/time';
import { useZone } from '@client/lib/useZone';
import { useConfirmSlot } from '@client/shared/signup';

/** The toast library loads after the page (app/Toasts.tsx): this page is on every DJ's first visit. */
async function notify(kind: 'success' | 'error', message: string) {
  const { toast } = await import('react-hot-toast');
  toast[kind](message);
}

const FIELD_LABELS = { name: 'Name', length: 'Length', type: 'Live / prerecord' } as const;

/**
 * The DJ's slot in the lineup and their answer to it: Confirm / I can't make it (asked again
 * first, since the hosts then look for someone else); and what became of their update.
 */
export function SlotConfirmation({ area }: { area: SignupArea }) {
  const confirm = useConfirmSlot(area.event.id);
  const zone = useZone();
  const [askingDecline, setAskingDecline] = useState(false);
  const named = area.named;
  if (!named?.slot) return null;
  const answer = (confirmation: 'confirmed' | 'declined') =>
    confirm.mutate(confirmation, {
      onSuccess: () => {
        setAskingDecline(false);
        void notify('success', confirmation === 'confirmed' ? 'Thanks! Your slot is confirmed.' : 'Thanks for letting the hosts know.');
      },
      onError: (error) => void notify('error', error.message),
    });
  const variant = named.confirmation === 'confirmed' ? 'success' : named.confirmation === 'declined' ? 'danger' : 'info';
  return (
    <>
      <Alert variant={variant} data-testid="slot-confirmation">
        <p className="mb-2">
          <strong>Your slot:</strong> {named.signupName}, {formatSlotForDj(named.slot, area.seriesZone, zone)}
        </p>
        {named.confirmation === 'confirmed' && <p className="mb-2">You confirmed this slot.</p>}
        {named.confirmation === 'declined' && <p className="mb-2">You said you can't make it. The hosts will be in touch.</p>}
        {named.updatePending && <p className="mb-2">Your update waits for the hosts: the slot stays as it is until they apply it.</p>}
        {askingDecline ? (
          <div className="border-top pt-2" role="group" aria-label="Tell the hosts you can't make it?">
            <p className="mb-2 fw-semibold">Tell the hosts you can't make it? They will look for someone else for this slot.</p>
            <div className="d-flex flex-wrap gap-2">
              <button type="button" className="btn btn-danger" onClick={() => answer('declined')} disabled={confirm.isPending}>
                Yes, I can't make it
              </button>
              <button type="button" className="btn btn-outline-secondary" onClick={() => setAskingDecline(false)} disabled={confirm.isPending}>
                Keep my slot
              </button>
            </div>
          </div>
        ) : (
          <div className="d-flex flex-wrap gap-2">
            {named.confirmation !== 'confirmed' && (
              <button type="button" className="btn btn-success" onClick={() => answer('confirmed')} disabled={confirm.isPending}>
                Confirm
              </button>
            )}
            {named.confirmation !== 'declined' && (
              <button type="button" className="btn btn-outline-danger" onClick={() => setAskingDecline(true)} disabled={confirm.isPending}>
                I can't make it
              </button>
            )}
          </div>
        )}
      </Alert>
      {named.dismissedChanges.length > 0 && (
        <div className="alert alert-warning" data-testid="update-dismissed">
          <p className="mb-2">
            <strong>The hosts kept your slot as it is.</strong> Your update was not applied:
          </p>
          <ul className="mb-2 ps-3">
            {named.dismissedChanges.map((change) => (
              <li key={change.field}>
                {FIELD_LABELS[change.field]}: the slot stays {change.from}; your answer was {change.to}.
              </li>
            ))}
          </ul>
          <p className="mb-0">If there are questions, please contact {area.contactHostName}.</p>
        </div>
      )}
    </>
  );
}
