import { type ReactNode, useId } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { useDialogPresence } from './useDialogPresence';

/** A yes/cancel question before something that cannot be undone (spec: 250 ms fade). */
export function ConfirmDialog({
  show,
  title,
  children,
  confirmLabel = 'Yes',
  cancelLabel = 'Cancel',
  confirmVariant = 'danger',
  busy = false,
  onConfirm,
  onCancel,
}: {
  show: boolean;
  title: ReactNode;
  children: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** 'primary' for a question whose answer undoes something (restore), 'success' for publishing. */
  confirmVariant?: 'danger' | 'primary' | 'success';
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const titleId = useId();
  const { present, onExited } = useDialogPresence(show);
  if (!present) return null;
  return (
    <Modal
      show={show}
      onExited={onExited}
      onHide={onCancel}
      centered
      className="confirm-dialog"
      backdropClassName="confirm-dialog-backdrop"
      aria-labelledby={titleId}
    >
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5" id={titleId}>
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{children}</Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button variant={confirmVariant} onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
