import { useMutation } from '@tanstack/react-query';
import { Alert } from '@client/components/Alert';
import { useLocation } from 'react-router';
import { paths } from '@shared/paths';
import { AUTH_MESSAGES } from '@shared/schemas/auth';
import { VinylRecord } from '@client/components/VinylLoader';
import { appName } from '@client/lib/api';
import { startSignIn } from '@client/shared/session';
import type { LoginLocationState } from './RequireAccess';

export function LoginPage() {
  const from = (useLocation().state as LoginLocationState | null)?.from;
  const start = useMutation({
    mutationFn: startSignIn,
    onSuccess: ({ url }) => window.location.assign(url),
  });
  return (
    <AuthScreen>
      <h1 className="h3 mb-4">Welcome to {appName()}</h1>
      {from && <WhyLogIn from={from} />}
      {start.isError && (
        <Alert variant="danger" className="text-start">
          {start.error.message}
        </Alert>
      )}
      <button
        type="button"
        className="btn btn-primary btn-lg btn-discord w-100"
        onClick={() => start.mutate()}
        disabled={start.isPending || start.isSuccess}
      >
        Login with Discord
      </button>
    </AuthScreen>
  );
}

/** Why the guard sent them here. A DJ who followed a signup link has done nothing wrong. */
function WhyLogIn({ from }: { from: string }) {
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
