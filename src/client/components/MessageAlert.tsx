import type { ReactNode } from 'react';
import { Alert } from './Alert';

/**
 * A screen that is one message (not found, no permission, a failed sign-in): the message is
 * the page's heading, so screen readers announce and list it, styled as ordinary alert text.
 */
export function MessageAlert({
  variant,
  message,
  children,
  className,
}: {
  variant: 'danger' | 'warning';
  message: ReactNode;
  /** What the reader can do next: a link or a button under the message. */
  children?: ReactNode;
  className?: string;
}) {
  return (
    <Alert variant={variant} className={className}>
      <h1 className={`alert-heading fs-6 fw-normal ${children ? 'mb-2' : 'mb-0'}`}>
        {message}
      </h1>
      {children}
    </Alert>
  );
}
