// What other features may use from auth.
export { RequireAccess } from './RequireAccess';
export { meQueryKey, useLogout, useMe, useSignOutOnExpiredSession } from './session';
