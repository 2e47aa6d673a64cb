import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { type Access, hasAccess } from '@shared/policy';
import { AUTH_MESSAGES } from '@shared/schemas/auth';
import { paths } from '@shared/paths';
import { Breadcrumbs } from '@client/components/Breadcrumbs';
import { MessageAlert } from '@client/components/MessageAlert';
import { LoadError } from '@client/components/LoadError';
import { VinylLoader } from '@client/components/VinylLoader';
import { SeriesZoneProvider } from '@client/lib/useZone';
import { savePostLoginRedirect, useLogout, useMe } from '@client/shared/session';
import { NoRolesPage } from './NoRolesPage';

/** The guard sends someone who is not signed in to /login, saying where they were going. */
export interface LoginLocationState {
  from?: string;
}

/**
 * The route table's guard (spec §2, §6), mirroring the server's policy table. A member without
 * roles is told how to get one instead. `crumbs={false}` for a guard inside another, which
 * already shows the breadcrumbs.
 */
export function RequireAccess({ access, crumbs = true }: { access: Access; crumbs?: boolean }) {
  const me = useMe();
  const location = useLocation();
  if (me.isPending) return <VinylLoader fullPage label="Checking who you are…" />;
  if (me.isError) {
    return <LoadError title="Could not check your sign-in" error={me.error} onRetry={me.refetch} heading="h2" className="mt-3" />;
  }
  if (!me.data) return <RedirectToLogin from={location.pathname + location.search + location.hash} />;
  if (me.data.roles.length === 0) return <NoRolesPage me={me.data} />;
  if (!hasAccess(me.data.roles, access)) return <NoPermission />;
  return (
    <SeriesZoneProvider value={me.data.seriesZone}>
      {crumbs && <Breadcrumbs />}
      <Outlet />
    </SeriesZoneProvider>
  );
}

function RedirectToLogin({ from }: { from: string }) {
  useEffect(() => savePostLoginRedirect(from), [from]);
  const state: LoginLocationState = { from };
  return <Navigate to={paths.login()} replace state={state} />;
}

function NoPermission() {
  const logout = useLogout();
  return (
    <MessageAlert variant="warning" className="mt-3" message={AUTH_MESSAGES.noPermission}>
      {logout.isError && <p className="text-danger">Logout failed: {logout.error.message}</p>}
      <button type="button" className="btn btn-outline-dark" onClick={() => logout.mutate()} disabled={logout.isPending}>
        Log Out
      </button>
    </MessageAlert>
  );
}
