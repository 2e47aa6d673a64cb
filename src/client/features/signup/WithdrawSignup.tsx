import { type ReactNode, useState } from 'react';
import type { SignupArea } from '@shared/schemas/signup';
import { useWithdrawSignup } from '@client/shared/signup';

/** The toast library loads after the page (app/Toasts.tsx): this page is on every DJ's first visit. */
async function notify(kind: 'success' | 'error', message: string) {
  const { toast } = await import('react-hot-toast');
  toast[kind](message);
}

/**
 * Withdraw signup (issue 34), while signups are open and the signup is not in the lineup yet (in
 * it, the slot's "I can't make it" says the same): asked again first, in place, since the hosts
 * are told at once. Plain markup: this page is a first visit and carries no dialog library.
 */
export function WithdrawSignup({ area, children }: { area: SignupArea; children: ReactNode }) {
  const withdraw = useWithdrawSignup(area.event.id);
  const [asking, setAsking] = useState(false);
  const confirm = () =>
    withdraw.mutate(undefined, {
      onSuccess: () => {
        setAsking(false);
        void notify('success', 'Your signup is withdrawn. The hosts have been told.');
      },
      onError: (error) => void notify('error', error.message),
    });
  return (
    <>
      <div className="d-flex flex-wrap gap-2 mb-3">
        {children}
        {!asking && (
          <button type="button" className="btn btn-outline-danger" onClick={() => setAsking(true)}>
            Withdraw signup
          </button>
        )}
      </div>
      {asking && <Question area={area} confirm={confirm} cancel={() => setAsking(false)} busy={withdraw.isPending} />}
    </>
  );
}

function Question({ area, confirm, cancel, busy }: { area: SignupArea; confirm: () => void; cancel: () => void; busy: boolean }) {
  return (
    <div className="alert alert-warning" role="group" aria-label="Withdraw your signup?">
      <p className="mb-2 fw-semibold">Withdraw your signup for {area.event.name}?</p>
      <p className="mb-2">The hosts are told you are out. While signups are open you can sign up again.</p>
      <div className="d-flex flex-wrap gap-2">
        <button type="button" className="btn btn-danger" onClick={confirm} disabled={busy}>
          Yes, withdraw
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={cancel} disabled={busy}>
          Keep my signup
        </button>
      </div>
    </div>
  );
}
