import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, startTransition, Suspense, useEffect, useState } from 'react';
import { AppNameProvider } from '@client/lib/appName';
import { DevSignInProvider } from '@client/lib/devSignIn';
import { InBrowserProvider } from '@client/lib/useInBrowser';
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
  fromServer = false,
  children,
}: {
  queryClient: QueryClient;
  /** Given where no page's meta tag can be read (the server). */
  appName?: string | null;
  /** Given where no page's meta tag can be read (the server). */
  devSignIn?: boolean | null;
  /** The zone the server rendered the page's times in (lib/zone.ts). */
  renderedZone?: string | null;
  /** The page's HTML is the server's: rendering it there, or hydrating it in the browser (lib/useInBrowser.ts). */
  fromServer?: boolean;
  children: ReactNode;
}) {
  const [inBrowser, setInBrowser] = useState(!fromServer);
  useEffect(() => {
    startTransition(() => setInBrowser(true));
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <AppNameProvider value={appName}>
        <DevSignInProvider value={devSignIn}>
          <RenderedZoneProvider value={renderedZone}>
            <InBrowserProvider value={inBrowser}>
              {children}
              {inBrowser && (
                <Suspense fallback={null}>
                  <Toasts />
                </Suspense>
              )}
            </InBrowserProvider>
          </RenderedZoneProvider>
        </DevSignInProvider>
      </AppNameProvider>
    </QueryClientProvider>
  );
}
