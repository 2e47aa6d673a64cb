import { Link, useLocation } from 'react-router';
import { paths } from '@shared/paths';

export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <section className="py-4">
      <h1 className="h3">Page not found</h1>
      <p>
        There is nothing at <code>{pathname}</code>.
      </p>
      <Link to={paths.home()}>Go to the home page</Link>
    </section>
  );
}
