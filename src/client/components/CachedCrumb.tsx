import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useSyncExternalStore } from 'react';

/**
 * A breadcrumb label from whatever the TanStack Query cache holds under `queryKey` (it never
 * fetches). While the cache misses, the fallback (usually the id) is shown and the miss logged,
 * as the spec asks; the label follows the cache once the page's own query fills it.
 *
 * It reads the cache without observing the query: an observer that cannot fetch, created before
 * the page's own, would leave the query without its fetch, and the page's next refetch would fail
 * with "Missing queryFn".
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
  const queryClient = useQueryClient();
  const subscribe = useCallback((onChange: () => void) => queryClient.getQueryCache().subscribe(onChange), [queryClient]);
  const read = () => queryClient.getQueryData<T>(queryKey);
  const data = useSyncExternalStore(subscribe, read, read);
  const missing = data === undefined;
  const keyText = JSON.stringify(queryKey);
  useEffect(() => {
    if (missing) console.info(`breadcrumb: ${keyText} is not in the cache yet; showing the id`);
  }, [missing, keyText]);
  return <>{missing ? fallback : render(data)}</>;
}
