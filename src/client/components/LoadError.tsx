import type { ReactNode } from 'react';
import { Alert } from './Alert';

/**
 * What a screen, or a part of one, shows when its data could not be loaded: what failed, why, and
 * a Retry button (never an endless spinner; the queries give up after their retries, see
 * app/queryClient.ts). Plain Bootstrap markup: the sign-in guard shows it, so it is on every
 * first visit.
 */
export function LoadError({
  title,
  error,
  onRetry,
  heading: Heading = 'h1',
  className,
  children,
}: {
  /** What failed, as a sentence: 'Could not load the event.' */
  title: string;
  error: Error;
  onRetry: () => unknown;
  /** The heading level: h1 when the failure is the whole page; null inside a card (a paragraph). */
  heading?: 'h1' | 'h2' | 'h3' | null;
  className?: string;
  /** More ways on (a link back), after Retry. */
  children?: ReactNode;
}) {
  return (
    <Alert variant="danger" className={className}>
      {Heading ? <Heading className="alert-heading h5">{title}</Heading> : <p className="fw-semibold mb-1">{title}</p>}
      <p>{error.message}</p>
      <div className="d-flex flex-wrap align-items-center gap-3">
        <button type="button" className="btn btn-outline-danger" onClick={() => void onRetry()}>
          Retry
        </button>
        {children}
      </div>
    </Alert>
  );
}

/** Retry where a whole alert would be too much (a line in a card): a small button after the sentence that says what failed. */
export function RetryButton({ onRetry }: { onRetry: () => unknown }) {
  return (
    <button type="button" className="btn btn-sm btn-outline-danger ms-2" onClick={() => void onRetry()}>
      Retry
    </button>
  );
}
