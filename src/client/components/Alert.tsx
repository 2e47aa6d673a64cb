import type { HTMLAttributes } from 'react';

/**
 * Bootstrap's alert as plain markup. react-bootstrap's Alert brings its fade and close button
 * (react-transition-group, dom-helpers) to every first visit; the pages people land on (sign-in,
 * a DJ's signup, the guard's messages) only need its look. Headings inside: `alert-heading`.
 */
export function Alert({
  variant,
  className,
  ...rest
}: { variant: 'danger' | 'warning' | 'info' | 'success' | 'secondary' } & HTMLAttributes<HTMLDivElement>) {
  return <div role="alert" className={`alert alert-${variant}${className ? ` ${className}` : ''}`} {...rest} />;
}
