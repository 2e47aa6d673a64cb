import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import * as api from '@shared/api/auth';
import { type BodyOf, urlOf } from '@shared/api/contract';
import type { Me } from '@shared/schemas/auth';
import { ApiError, call, queryKeyOf } from '@client/lib/api';

// Who is signed in. The me query holds the profile, or null when nobody is (a 401 is an answer,
// not an error).

export const meQueryKey = queryKeyOf(api.getMe);

async function fetchMe(): Promise<Me | null> {
  try {
    return await call(api.getMe);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** The me query's options: the app shell's route starts it (routes.tsx); `url` is what it fetches. */
export const meQuery = { queryKey: meQueryKey, queryFn: fetchMe, staleTime: 5 * 60_000, url: () => urlOf(api.getMe) };

export function useMe() {
  return useQuery(meQuery);
}

/** Ends the session and goes to /login, forgetting everything cached for this person. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => call(api.signOut),
    onSuccess: async () => {
      // Leave the guarded page first, so the guard does not treat this as an expired session.
      await navigate('/login', { replace: true });
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
      queryClient.setQueryData(meQueryKey, null);
    },
  });
}

/** Finishes signing in with what Discord handed back; the profile becomes the me query's. */
export function useCompleteSignIn(onSignedIn: (me: Me) => void | Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof api.completeSignIn>) => call(api.completeSignIn, { body }),
    onSuccess: async (me) => {
      queryClient.setQueryData(meQueryKey, me);
      await onSignedIn(me);
    },
  });
}

/** A session that expires while the app is open: any 401 means nobody is signed in any more. */
export function useSignOutOnExpiredSession() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const expired = (error: unknown) => error instanceof ApiError && error.status === 401;
    const forget = () => {
      if (queryClient.getQueryData(meQueryKey)) queryClient.setQueryData(meQueryKey, null);
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && expired(event.action.error)) forget();
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && expired(event.action.error)) forget();
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient]);
}

const REDIRECT_KEY = 'lineup.postLoginRedirect';

/** Where to go after signing in, remembered across the trip to Discord (same tab). */
export function savePostLoginRedirect(path: string) {
  sessionStorage.setItem(REDIRECT_KEY, path);
}

/** The saved address, if it is one of ours (never another site), else '/'. */
export function takePostLoginRedirect(): string {
  const saved = sessionStorage.getItem(REDIRECT_KEY);
  sessionStorage.removeItem(REDIRECT_KEY);
  return saved && saved.startsWith('/') && !saved.startsWith('//') && !saved.startsWith('/\\') ? saved : '/';
}
