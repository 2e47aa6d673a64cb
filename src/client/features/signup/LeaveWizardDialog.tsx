import { useEffect, useId, useRef } from 'react';

/**
 * 'Are You sure?' before a DJ leaves the wizard with answers not sent yet: the browser's own modal
 * dialog (focus kept inside, Escape to stay), in plain markup, so the wizard loads no dialog library.
 */
export function LeaveWizardDialog({ open, onLeave, onStay }: { open: boolean; onLeave: () => void; onStay: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="wizard-leave"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onStay();
      }}
    >
      <h2 id={titleId} className="h5">
        Are You sure?
      </h2>
      <p>Your signup is not sent yet. Leaving now discards your answers.</p>
      <div className="d-flex flex-wrap justify-content-end gap-2">
        <button type="button" className="btn btn-outline-secondary" onClick={onStay} autoFocus>
          Stay
        </button>
        <button type="button" className="btn btn-danger" onClick={onLeave}>
          Leave
        </button>
      </div>
    </dialog>
  );
}
