import { hydrate } from '@tanstack/react-query';
import { type ReactNode, StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { dropUnclaimedEarlyAnswers, keepEarlyAnswers } from '@client/lib/earlyAnswers';
import { followTheme } from '@client/lib/theme';
import { AppProviders } from './AppProviders';
import { queryClient } from './queryClient';
import { readRenderedState } from './renderedPage';
import { appRoutes, patchStaffRoutes } from './routes';

/**
 * Its effect runs after the app's first drawing of the page (a parent's after its children's). It
 * wraps rather than sits beside: a sibling would change the ids React gives the page's fields
 * (useId), and they would no longer match the ones the server wrote.
 */
function AfterFirstDrawing({ children }: { children: ReactNode }) {
  useEffect(dropUnclaimedEarlyAnswers, []);
  return children;
}

/**
 * Starts the app in `root`. A page the server rendered (sign-in, a DJ's signup pages) is
 * hydrated from the state it carries, and what is typed into it until its form has started is kept
 * for that form (lib/earlyAnswers.ts); any other address is rendered here from scratch.
 * `whenAnswersBack` runs once those answers are back in their fields (or there was no form for them).
 */
export async function startApp(root: HTMLElement, whenAnswersBack?: () => void) {
  keepEarlyAnswers(root, whenAnswersBack);
  followTheme();
  const rendered = readRenderedState();
  const routes = appRoutes(queryClient);
  if (rendered) {
    hydrate(queryClient, rendered.queries);
    // The router would otherwise render nothing until the page's lazy modules arrive.
    await Promise.all(
      (matchRoutes(routes, window.location) ?? []).map(async ({ route }) => {
        if (typeof route.lazy !== 'function') return;
        Object.assign(route, await route.lazy(), { lazy: undefined });
      }),
    );
  }
  const router = createBrowserRouter(routes, {
    patchRoutesOnNavigation: patchStaffRoutes(queryClient, routes),
    ...(rendered && { hydrationData: rendered.router }),
  });
  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient} fromServer={rendered !== null} renderedZone={rendered?.zone} appName={rendered?.appName} devSignIn={rendered?.devSignIn}>
        <AfterFirstDrawing>
          <RouterProvider router={router} />
        </AfterFirstDrawing>
      </AppProviders>
    </StrictMode>
  );
  // Hydrated in a transition, so React works in slices between which the browser stays free (a
  // tap, a scroll), rather than in one long task: the page is already painted (decision 036).
  if (rendered) {
    let hydrated: Root | undefined;
    startTransition(() => {
      hydrated = hydrateRoot(root, app);
    });
    return hydrated!;
  }
  const created = createRoot(root);
  created.render(app);
  return created;
}
