import { CodeChallengeMethod, OAuth2Client, OAuth2RequestError } from 'arctic';
import { ROLES, type Role } from '@shared/domain.js';
import { DISCORD_SCOPES } from '@shared/schemas/auth.js';
import type { Config } from '../config.js';

// Talks to Discord (or the development provider, which answers the same way). Failures are
// thrown as DiscordFailure with a reason that is safe to log: never a token, code or secret.

export interface DiscordEndpoints {
  apiUrl: string;
  authorizeUrl: string;
}

export interface DiscordUser {
  id: string;
  username: string;
  global_name?: string | null;
  avatar?: string | null;
  discriminator?: string;
}

export interface DiscordMember {
  nick?: string | null;
  avatar?: string | null;
  roles: string[];
}

export class DiscordFailure extends Error {
  constructor(
    /** What went wrong, for the log. */
    readonly reason: string,
    /** notMember: Discord says so; rejected: Discord refused the code; unavailable: anything else. */
    readonly kind: 'notMember' | 'rejected' | 'unavailable' = 'unavailable',
  ) {
    super(reason);
  }
}

const TIMEOUT_MS = 10_000;

type DiscordConfig = Config['discord'];

export function authorizationUrl(
  discord: DiscordConfig,
  endpoints: DiscordEndpoints,
  redirectUri: string,
  state: string,
  codeVerifier: string,
): string {
  const client = new OAuth2Client(discord.clientId, discord.clientSecret, redirectUri);
  return client
    .createAuthorizationURLWithPKCE(endpoints.authorizeUrl, state, CodeChallengeMethod.S256, codeVerifier, [
      ...DISCORD_SCOPES,
    ])
    .toString();
}

export async function exchangeCode(
  discord: DiscordConfig,
  endpoints: DiscordEndpoints,
  redirectUri: string,
  code: string,
  codeVerifier: string,
): Promise<string> {
  const client = new OAuth2Client(discord.clientId, discord.clientSecret, redirectUri);
  try {
    // arctic's fetch takes no signal, so the timeout races it.
    const tokens = await withTimeout(
      client.validateAuthorizationCode(`${endpoints.apiUrl}/oauth2/token`, code, codeVerifier),
    );
    return tokens.accessToken();
  } catch (error) {
    if (error instanceof OAuth2RequestError) throw new DiscordFailure(`token exchange refused: ${error.code}`, 'rejected');
    throw new DiscordFailure(`token exchange failed: ${(error as Error).name}: ${(error as Error).message}`);
  }
}

export async function fetchUser(endpoints: DiscordEndpoints, accessToken: string): Promise<DiscordUser> {
  const response = await discordGet(`${endpoints.apiUrl}/users/@me`, accessToken, 'profile');
  const user = (await response.json()) as DiscordUser;
  if (typeof user?.id !== 'string' || !/^\d+$/.test(user.id) || typeof user.username !== 'string') {
    throw new DiscordFailure('profile response has no valid id or username');
  }
  return user;
}

export async function fetchMember(
  endpoints: DiscordEndpoints,
  accessToken: string,
  guildId: string,
): Promise<DiscordMember> {
  const response = await discordGet(
    `${endpoints.apiUrl}/users/@me/guilds/${encodeURIComponent(guildId)}/member`,
    accessToken,
    'guild membership',
  );
  const member = (await response.json()) as DiscordMember;
  if (!Array.isArray(member?.roles)) throw new DiscordFailure('guild membership response has no roles');
  return member;
}

async function discordGet(url: string, accessToken: string, what: string): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new DiscordFailure(`${what} request failed: ${(error as Error).name}: ${(error as Error).message}`);
  }
  if (response.status === 404 && what === 'guild membership') {
    await response.body?.cancel();
    throw new DiscordFailure('not a member of the guild', 'notMember');
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new DiscordFailure(`${what} request answered ${response.status}`);
  }
  return response;
}

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Admin and host roles include dj (ARCHITECTURE.md); overlapping guild roles merge. */
export function mapRoles(guildRoleIds: readonly string[], discord: DiscordConfig): Role[] {
  const granted = new Set<Role>();
  const has = (ids: readonly string[]) => ids.some((id) => guildRoleIds.includes(id));
  if (has(discord.adminRoleIds)) granted.add('admin').add('dj');
  if (has(discord.hostRoleIds)) granted.add('host').add('dj');
  if (has(discord.djRoleIds)) granted.add('dj');
  return ROLES.filter((role) => granted.has(role));
}

export function publicNameOf(user: DiscordUser, member: DiscordMember): string {
  return member.nick?.trim() || user.global_name?.trim() || user.username;
}

const CDN = 'https://cdn.discordapp.com';

/** A URL that resolves for everyone: guild avatar, else user avatar, else Discord's default avatar. */
export function avatarUrlOf(user: DiscordUser, member: DiscordMember, guildId: string): string {
  if (isHash(member.avatar)) return `${CDN}/guilds/${guildId}/users/${user.id}/avatars/${member.avatar}.png?size=128`;
  if (isHash(user.avatar)) return `${CDN}/avatars/${user.id}/${user.avatar}.png?size=128`;
  return `${CDN}/embed/avatars/${defaultAvatarIndex(user)}.png`;
}

const isHash = (hash: string | null | undefined): hash is string => !!hash && /^(a_)?[0-9a-f]{1,64}$/.test(hash);

/** Discord's rule: legacy usernames use discriminator mod 5, new usernames (id >> 22) mod 6. */
function defaultAvatarIndex(user: DiscordUser): number {
  const discriminator = Number(user.discriminator ?? '0');
  if (discriminator > 0) return discriminator % 5;
  try {
    return Number((BigInt(user.id) >> 22n) % 6n);
  } catch {
    return 0;
  }
}
