import { Alert, Button } from 'react-bootstrap';

/** What a screen shows when its data could not be loaded: what failed, why, and a way to try again. */
export function LoadError({
  title,
  error,
  onRetry,
  heading = 'h1',
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
      <Alert.Heading as={heading} className="h5">
        {title}
      </Alert.Heading>
      <p>{error.message}</p>
      <Button variant="outline-danger" onClick={() => void onRetry()}>
        Try again
      </Button>
    </Alert>
  );
}
