import type { ReactNode } from 'react';
import { Link, type UIMatch, useMatches } from 'react-router';

/**
 * What a route declares to appear in the breadcrumbs: `handle: { crumb: (match) => label }`.
 * The label is text or a small component (e.g. <CachedCrumb>); the trail links every level but
 * the last to its address.
 */
export interface CrumbHandle {
  crumb: (match: UIMatch) => ReactNode;
}

const hasCrumb = (match: UIMatch): match is UIMatch<unknown, CrumbHandle> =>
  typeof (match.handle as Partial<CrumbHandle> | undefined)?.crumb === 'function';

export function Breadcrumbs() {
  const crumbs = useMatches().filter(hasCrumb);
  // A lone crumb only repeats the page's own title.
  if (crumbs.length < 2) return null;
  return (
    <nav aria-label="breadcrumb" className="app-breadcrumbs">
      <ol className="breadcrumb mb-3">
        {crumbs.map((match, index) => {
          const last = index === crumbs.length - 1;
          const label = match.handle.crumb(match);
          return (
            <li key={match.id} className={`breadcrumb-item${last ? ' active' : ''}`} aria-current={last ? 'page' : undefined}>
              {last ? label : <Link to={match.pathname}>{label}</Link>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
