import { Alert } from './Alert';

/**
 * What a screen shows when its data could not be loaded: what failed, why, and a way to try
 * again. Plain Bootstrap markup: the sign-in guard shows it, so it is on every first visit.
 */
export function LoadError({
  title,
  error,
  onRetry,
  heading: Heading = 'h1',
  className,
}: {
  title: string;
  error: Error;
  onRetry: () => unknown;
  /** The heading level: h1 when the failure is the whole page. */
  heading?: 'h1' | 'h2';
  className?: string;
}) {
  return (
    <Alert variant="danger" className={className}>
      <Heading className="alert-heading h5">{title}</Heading>
      <p>{error.message}</p>
      <button type="button" className="btn btn-outline-danger" onClick={() => void onRetry()}>
        Try again
      </button>
    </Alert>
  );
}
