import { type QueryKey, skipToken, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';

/**
 * A breadcrumb label from whatever the TanStack Query cache holds under `queryKey` (it never
 * fetches). While the cache misses, the fallback (usually the id) is shown and the miss logged,
 * as the spec asks; the label follows the cache once the page's own query fills it.
 *
 *   <CachedCrumb queryKey={['event', id]} render={(e: EventDetails) => `${e.name} (${date})`} fallback={id} />
 */
export function CachedCrumb<T>({
  queryKey,
  render,
  fallback,
}: {
  queryKey: QueryKey;
  render: (data: T) => ReactNode;
  fallback: ReactNode;
}) {
  const { data } = useQuery<T>({ queryKey, queryFn: skipToken });
  const missing = data === undefined;
  const keyText = JSON.stringify(queryKey);
  useEffect(() => {
    if (missing) console.info(`breadcrumb: ${keyText} is not in the cache yet; showing the id`);
  }, [missing, keyText]);
  return <>{missing ? fallback : render(data)}</>;
}
