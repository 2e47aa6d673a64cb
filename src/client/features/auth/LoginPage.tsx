import { Alert } from '@client/components/Alert';
import { useLocation } from 'react-router';
import { paths } from '@shared/paths';
import { AUTH_MESSAGES } from '@shared/schemas/auth';
import { VinylRecord } from '@client/components/VinylLoader';
import { useAppName } from '@client/lib/appName';
import { useDevSignIn } from '@client/lib/devSignIn';
import { useInBrowser } from '@client/lib/useInBrowser';
import type { LoginLocationState } from './RequireAccess';

const DEV_SIGN_IN_NOTE = 'dev-sign-in-note';

export function LoginPage() {
  const appName = useAppName();
  const devSignIn = useDevSignIn();
  // The guard's reason lives in the tab's history, which the server rendering the page cannot see.
  const inBrowser = useInBrowser();
  const from = (useLocation().state as LoginLocationState | null)?.from;
  return (
    <AuthScreen>
      <h1 className="h3 mb-4">Welcome to {appName}</h1>
      {inBrowser && from && <WhyLogIn from={from} />}
      {devSignIn && <DevSignInNote />}
      {/* A plain form: it works before the page's script has run, or without it. */}
      <form method="get" action={paths.signInWithDiscord()}>
        <button type="submit" className="btn btn-primary btn-lg btn-discord w-100" aria-describedby={devSignIn ? DEV_SIGN_IN_NOTE : undefined}>
          Login with Discord
        </button>
      </form>
    </AuthScreen>
  );
}

/** Where the button leads when no Discord application is configured, said before it is pressed. */
function DevSignInNote() {
  return (
    <div id={DEV_SIGN_IN_NOTE} className="alert alert-secondary text-start small">
      <strong className="d-block">Development sign-in</strong>
      No Discord application is configured: the button lists demo accounts (admin, host, DJs) to sign in as. For trying Lineup
      out, never for a real community.
    </div>
  );
}

/**
 * Why the guard sent them here. A first visit to the home page needs no reason (the sign-in page
 * is where everyone starts); a DJ who followed a signup link has done nothing wrong.
 */
function WhyLogIn({ from }: { from: string }) {
  if (from.split(/[?#]/)[0] === paths.home()) return null;
  if (from.startsWith(paths.eventSignup(''))) {
    return (
      <Alert variant="info" className="text-start">
        Log in with Discord to sign up for this event. You will come straight back to it.
      </Alert>
    );
  }
  return (
    <Alert variant="warning" className="text-start">
      <h2 className="alert-heading h6">
        Authentication Error
      </h2>
      {AUTH_MESSAGES.notAuthenticated}
    </Alert>
  );
}

/** The centred card of the public sign-in screens. */
export function AuthScreen({ children }: { children: React.ReactNode }) {
  return (
    <main className="auth-screen">
      <div className="card auth-card shadow">
        <div className="card-body p-4">
          <div className="mb-3">
            <VinylRecord size={88} />
          </div>
          {children}
        </div>
      </div>
    </main>
  );
}
