import type { Me } from '@shared/schemas/auth';
import { AUTH_MESSAGES } from '@shared/schemas/auth';
import { useAppName } from '@client/lib/appName';
import { useLogout } from '@client/shared/session';
import { useMemberContact } from '@client/shared/me';

/**
 * A member of the Discord server without a role: since it is not an error but a step they have
 * not taken yet, a welcome and whom to ask (Global Settings) first, then the spec's sentence and
 * Log Out.
 */
export function NoRolesPage({ me }: { me: Me }) {
  const contact = useMemberContact();
  const logout = useLogout();
  const appName = useAppName();
  return (
    <div className="card no-roles mt-3 mx-auto">
      <div className="card-body p-3 p-sm-4">
        <h1 className="h4">Welcome, {me.publicName}!</h1>
        <p>
          You are signed in, but your Discord account does not have a role in {appName} yet. DJs get the DJ role in our Discord
          server, and then they can sign up for events here.
        </p>
        {contact.isPending ? (
          <p className="d-flex align-items-center gap-2 text-body-secondary">
            <span className="spinner-border spinner-border-sm" role="status" /> Loading whom to ask…
          </p>
        ) : (
          <p>
            To get the DJ role, ask <strong>{contact.data?.contactHostName || 'the event host'}</strong>
            {contact.data?.chatServerUrl ? (
              <>
                {' '}
                on{' '}
                <a href={contact.data.chatServerUrl} target="_blank" rel="noopener noreferrer">
                  our Discord server
                </a>
              </>
            ) : (
              ' on our Discord server'
            )}
            , then sign in again.
          </p>
        )}
        <hr className="my-4" />
        <p className="text-body-secondary">{AUTH_MESSAGES.noPermission}</p>
        {logout.isError && <p className="text-danger">Logout failed: {logout.error.message}</p>}
        <button type="button" className="btn btn-outline-secondary" onClick={() => logout.mutate()} disabled={logout.isPending}>
          Log Out
        </button>
      </div>
    </div>
  );
}
