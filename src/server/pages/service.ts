import * as authApi from '@shared/api/auth.js';
import * as signupApi from '@shared/api/signup.js';
import type { Me } from '@shared/schemas/auth.js';
import { hasAccess } from '@shared/policy.js';
import type { SignupArea } from '@shared/schemas/signup.js';
import { isTimeZone } from '@shared/time.js';
import { currentMe } from '../auth/service.js';
import type { SessionUser } from '../auth/sessions.js';
import type { AppContext } from '../context.js';
import { HttpError } from '../http/errors.js';
import { shape } from '../http/endpoint.js';
import { readSettings } from '../settings/service.js';
import { loadSignupArea } from '../signup/service.js';

// What the pages the server renders are rendered from: the same answers the API gives the
// browser for them, shaped by the same contracts.

/** The zone a page's times are written in: the browser's (its `tz` cookie, when valid), else the series'. */
export async function pageZone({ ctx, cookie }: { ctx: AppContext; cookie: string | undefined }): Promise<string> {
  if (cookie && cookie.length <= 64 && isTimeZone(cookie)) return cookie;
  return (await readSettings(ctx.store.db)).defaultZone;
}

export interface SignupPageData {
  me: Me;
  signupArea: { eventId: string; area: SignupArea };
}

/**
 * A DJ's signup page's data, as /api/me and /api/signup answer them; null when the browser should
 * render the page itself (nobody signed in, no access, an event it cannot show), as it would then
 * send them to sign in or say what went wrong.
 */
export async function signupPageData({ ctx, user, eventId }: { ctx: AppContext; user: SessionUser | null; eventId: string }): Promise<SignupPageData | null> {
  if (!user || !hasAccess(user.roles, signupApi.getSignupArea.access)) return null;
  try {
    const area = await loadSignupArea({ ctx, user, eventId });
    return {
      me: shape(authApi.getMe.response, await currentMe({ db: ctx.store.db, user })) as Me,
      signupArea: { eventId, area: shape(signupApi.getSignupArea.response, area) as SignupArea },
    };
  } catch (error) {
    if (error instanceof HttpError && error.statusCode < 500) return null;
    throw error;
  }
}
