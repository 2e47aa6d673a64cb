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

/** The DJ's slot in the lineup and their answer to it: Confirm / I can't make it. */
export function SlotConfirmation({ area }: { area: SignupArea }) {
  const confirm = useConfirmSlot(area.event.id);
  const zone = useZone();
  const named = area.named;
  if (!named?.slot) return null;
  const answer = (confirmation: 'confirmed' | 'declined') =>
    confirm.mutate(confirmation, {
      onSuccess: () => void notify('success', confirmation === 'confirmed' ? 'Thanks! Your slot is confirmed.' : 'Thanks for letting the hosts know.'),
      onError: (error) => void notify('error', error.message),
    });
  const variant = named.confirmation === 'confirmed' ? 'success' : named.confirmation === 'declined' ? 'danger' : 'info';
  return (
    <Alert variant={variant} data-testid="slot-confirmation">
      <p className="mb-2">
        <strong>Your slot:</strong> {formatSlotForDj(named.slot, area.seriesZone, zone)}
      </p>
      {named.confirmation === 'confirmed' && <p className="mb-2">You confirmed this slot.</p>}
      {named.confirmation === 'declined' && <p className="mb-2">You said you can't make it. The hosts will be in touch.</p>}
      {named.updatePending && <p className="mb-2">Your update waits for the hosts: the slot stays as it is until they apply it.</p>}
      <div className="d-flex flex-wrap gap-2">
        {named.confirmation !== 'confirmed' && (
          <button type="button" className="btn btn-success" onClick={() => answer('confirmed')} disabled={confirm.isPending}>
            Confirm
          </button>
        )}
        {named.confirmation !== 'declined' && (
          <button type="button" className="btn btn-outline-danger" onClick={() => answer('declined')} disabled={confirm.isPending}>
            I can't make it
          </button>
        )}
      </div>
    </Alert>
  );
}
