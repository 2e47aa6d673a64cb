import type { ReactNode } from 'react';
import { Breadcrumb } from 'react-bootstrap';
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
    <Breadcrumb className="app-breadcrumbs" listProps={{ className: 'mb-3' }}>
      {crumbs.map((match, index) => {
        const last = index === crumbs.length - 1;
        return (
          <Breadcrumb.Item
            key={match.id}
            active={last}
            linkAs={last ? undefined : Link}
            linkProps={last ? undefined : { to: match.pathname }}
          >
            {match.handle.crumb(match)}
          </Breadcrumb.Item>
        );
      })}
    </Breadcrumb>
  );
}
