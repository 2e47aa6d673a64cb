import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { AppNameProvider } from '@client/lib/appName';
import { DevSignInProvider } from '@client/lib/devSignIn';
import { useInBrowser } from '@client/lib/useInBrowser';
import { RenderedZoneProvider } from '@client/lib/useZone';

// Toasts answer what someone did, never the first frame: their library loads beside the page,
// and only in the browser (the server's HTML has none, so hydration has nothing to match).
const Toasts = lazy(async () => ({ default: (await import('./Toasts')).Toasts }));

/** What every page runs in, in the browser and on the server. */
export function AppProviders({
  queryClient,
  appName = null,
  devSignIn = null,
  renderedZone = null,
  onDrawn,
  children,
}: {
  queryClient: QueryClient;
  /** Given where no page's meta tag can be read (the server). */
  appName?: string | null;
  /** Given where no page's meta tag can be read (the server). */
  devSignIn?: boolean | null;
  /** The zone the server rendered the page's times in (lib/zone.ts). */
  renderedZone?: string | null;
  /** Runs once the page is the browser's: drawn, or for a page the server rendered, hydrated. No element of its own, so the tree (and its ids) is the server's. */
  onDrawn?: () => void;
  children: ReactNode;
}) {
  const inBrowser = useInBrowser();
  useEffect(() => onDrawn?.(), [onDrawn]);
  return (
    <QueryClientProvider client={queryClient}>
      <AppNameProvider value={appName}>
        <DevSignInProvider value={devSignIn}>
          <RenderedZoneProvider value={renderedZone}>
            {children}
            {inBrowser && (
              <Suspense fallback={null}>
                <Toasts />
              </Suspense>
            )}
          </RenderedZoneProvider>
        </DevSignInProvider>
      </AppNameProvider>
    </QueryClientProvider>
  );
}
