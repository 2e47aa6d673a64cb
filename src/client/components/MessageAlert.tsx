import type { ReactNode } from 'react';
import { Alert } from 'react-bootstrap';

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
      <Alert.Heading as="h1" className={`fs-6 fw-normal ${children ? 'mb-2' : 'mb-0'}`}>
        {message}
      </Alert.Heading>
      {children}
    </Alert>
  );
}
