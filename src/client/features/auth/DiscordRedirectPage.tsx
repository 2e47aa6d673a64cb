import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AUTH_MESSAGES } from '@shared/schemas/auth';
import { paths } from '@shared/paths';
import { MessageAlert } from '@client/components/MessageAlert';
import { VinylLoader } from '@client/components/VinylLoader';
import { ApiError } from '@client/lib/api';
import { rememberZone } from '@client/lib/zone';
import { AuthScreen } from './LoginPage';
import { takePostLoginRedirect, useCompleteSignIn } from '@client/shared/session';

/** Discord sends the browser back here with a code; the server finishes the sign-in. */
export function DiscordRedirectPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const callback = useCompleteSignIn(() => navigate(takePostLoginRedirect(), { replace: true }));
  const code = params.get('code');
  const state = params.get('state');
  const sent = useRef(false);
  useEffect(() => {
    // A code works once; StrictMode's second effect run must not spend it again.
    if (sent.current || !code || !state) return;
    sent.current = true;
    // The pages the server renders from now on (a DJ's signup page) show times in this zone.
    rememberZone();
    callback.mutate({ code, state, redirect_uri: `${window.location.origin}${paths.discordRedirect()}` });
  }, [code, state, callback]);

  const failed = !code || !state || callback.isError;
  if (!failed) return <VinylLoader fullPage label="Signing you in…" />;
  const message =
    callback.error instanceof ApiError && callback.error.code === 'not_authorized' ? AUTH_MESSAGES.notAuthorized : AUTH_MESSAGES.failed;
  return (
    <AuthScreen>
      <MessageAlert variant="danger" message={message} />
      <Link to={paths.login()} className="btn btn-secondary">
        Back to login
      </Link>
    </AuthScreen>
  );
}
