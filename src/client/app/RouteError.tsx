import { Alert } from '../components/Alert';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { paths } from '@shared/paths';
import { NotFoundPage } from './NotFoundPage';

/** A screen that failed to render or load: say so and offer a way on, never a blank page. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <div className="container py-4">
      <Alert variant="danger">
        <h1 className="alert-heading h4">
          Something went wrong
        </h1>
        <p>{message}</p>
        <p className="mb-0">If the app was just updated, reloading the page usually fixes this.</p>
      </Alert>
      <div className="d-flex gap-2">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>Reload</button>
        <Link to={paths.home()} className="btn btn-outline-secondary">
          Go to the home page
        </Link>
      </div>
    </div>
  );
}
