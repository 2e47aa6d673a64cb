import type { RouteObject } from 'react-router';
import type { DjDetailsResponse, RosterResponse } from '@shared/schemas/djs';
import type { CrumbHandle } from '@client/components/Breadcrumbs';
import { CachedCrumb } from '@client/components/CachedCrumb';
import { djQuery, rosterQuery } from '@client/shared/djs';

/** The DJ's public name from the cache (their details, else the roster); the id when neither has it. */
const djCrumb: CrumbHandle = {
  crumb: ({ params }) => {
    const djId = params.djId ?? '';
    const fromRoster = (
      <CachedCrumb
        queryKey={rosterQuery().queryKey}
        render={(roster: RosterResponse) => roster.djs.find((dj) => dj.id === djId)?.publicName ?? djId}
        fallback={djId}
      />
    );
    return <CachedCrumb queryKey={djQuery(djId).queryKey} render={(details: DjDetailsResponse) => details.dj.publicName} fallback={fromRoster} />;
  },
};

// Staff screens, loaded on demand. `handle.crumb` names each level for the breadcrumbs.
export const djRoutes: RouteObject[] = [
  {
    path: 'djs',
    handle: { crumb: () => 'Dj Roster' } satisfies CrumbHandle,
    children: [
      { index: true, lazy: async () => ({ Component: (await import('./RosterPage')).RosterPage }) },
      {
        path: 'create',
        handle: { crumb: () => 'Create Dj' } satisfies CrumbHandle,
        lazy: async () => ({ Component: (await import('./CreateDjPage')).CreateDjPage }),
      },
      {
        path: ':djId',
        handle: djCrumb,
        lazy: async () => ({ Component: (await import('./DjDetailsPage')).DjDetailsPage }),
      },
    ],
  },
  {
    path: 'discordIdInfo',
    handle: { crumb: () => 'Finding a Discord ID' } satisfies CrumbHandle,
    lazy: async () => ({ Component: (await import('./DiscordIdInfoPage')).DiscordIdInfoPage }),
  },
];
