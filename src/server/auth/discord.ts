import { CodeChallengeMethod, OAuth2Client } from 'arctic';
import { ROLES, type Role } from '@shared/domain.js';
import { DISCORD_SCOPES } from '@shared/schemas/auth.js';
import type { Config } from '../config.js';
import { fetchWithin, isObject, jsonOf, OutboundFailure } from '../http/outbound.js';

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

/** What Discord's token endpoint hands out. */
export interface DiscordTokens {
  accessToken: string;
  /** Null when Discord gave none: the session cannot outlive its access token. */
  refreshToken: string | null;
  /** When the access token expires (epoch ms); null when Discord did not say. */
  accessExpiresAt: number | null;
}

export class DiscordFailure extends Error {
  constructor(
    /** What went wrong, for the log. */
    readonly reason: string,
    /**
     * notMember: Discord says so (404 on the member call); rejected: the token endpoint refused the
     * code or the refresh token; revoked: Discord refused the access token (401/403); unavailable:
     * anything else (network, timeout, 5xx, 429, an answer that is not what Discord sends).
     */
    readonly kind: 'notMember' | 'rejected' | 'revoked' | 'unavailable' = 'unavailable',
  ) {
    super(reason);
  }
}

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

/**
 * Discord's token endpoint and the two API calls sign-in and the membership check make. Every
 * call, the reading of its answer included, is bounded by one timeout: the requests are made
 * here rather than through arctic's OAuth2Client, whose token requests take no AbortSignal (a
 * Discord that answered the headers and then stalled would hold the request open).
 */
export class DiscordClient {
  constructor(
    private readonly discord: DiscordConfig,
    private readonly endpoints: DiscordEndpoints,
    private readonly timeoutMs: number,
  ) {}

  exchangeCode(redirectUri: string, code: string, codeVerifier: string): Promise<DiscordTokens> {
    return this.tokenRequest(
      { grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: codeVerifier },
      'token exchange',
    );
  }

  /** A new access token (and, as Discord rotates them, a new refresh token). */
  refresh(refreshToken: string): Promise<DiscordTokens> {
    return this.tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken }, 'token refresh');
  }

  async fetchUser(accessToken: string): Promise<DiscordUser> {
    const user = await this.get(`${this.endpoints.apiUrl}/users/@me`, accessToken, 'profile');
    if (!isObject(user) || typeof user.id !== 'string' || !/^\d+$/.test(user.id) || typeof user.username !== 'string') {
      throw new DiscordFailure('profile response has no valid id or username');
    }
    return user as unknown as DiscordUser;
  }

  async fetchMember(accessToken: string): Promise<DiscordMember> {
    const url = `${this.endpoints.apiUrl}/users/@me/guilds/${encodeURIComponent(this.discord.guildId)}/member`;
    const member = await this.get(url, accessToken, 'guild membership');
    if (!isObject(member) || !Array.isArray(member.roles) || !member.roles.every((id) => typeof id === 'string')) {
      throw new DiscordFailure('guild membership response has no roles');
    }
    return member as unknown as DiscordMember;
  }

  private async tokenRequest(form: Record<string, string>, what: string): Promise<DiscordTokens> {
    const credentials = Buffer.from(`${this.discord.clientId}:${this.discord.clientSecret}`).toString('base64');
    const answer = await this.send(`${this.endpoints.apiUrl}/oauth2/token`, what, {
      method: 'POST',
      headers: {
        authorization: `Basic ${credentials}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams(form).toString(),
    });
    if (answer.status === 400 || answer.status === 401) {
      const error = jsonOf(answer.text);
      const code = isObject(error) && typeof error.error === 'string' ? error.error.slice(0, 64) : `status ${answer.status}`;
      throw new DiscordFailure(`${what} refused: ${code}`, 'rejected');
    }
    if (answer.status !== 200) throw new DiscordFailure(`${what} answered ${answer.status}`);
    const tokens = parseJson(answer.text, what);
    if (!isObject(tokens) || typeof tokens.access_token !== 'string' || tokens.access_token === '') {
      throw new DiscordFailure(`${what} answer has no access token`);
    }
    return {
      accessToken: tokens.access_token,
      refreshToken: typeof tokens.refresh_token === 'string' && tokens.refresh_token !== '' ? tokens.refresh_token : null,
      accessExpiresAt: typeof tokens.expires_in === 'number' ? Date.now() + tokens.expires_in * 1000 : null,
    };
  }

  private async get(url: string, accessToken: string, what: string): Promise<unknown> {
    const answer = await this.send(url, what, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    });
    if (answer.status === 404 && what === 'guild membership') throw new DiscordFailure('not a member of the guild', 'notMember');
    if (answer.status === 401 || answer.status === 403) {
      throw new DiscordFailure(`${what} request answered ${answer.status}`, 'revoked');
    }
    if (answer.status !== 200) throw new DiscordFailure(`${what} request answered ${answer.status}`);
    return parseJson(answer.text, what);
  }

  /** One request and its whole answer, within the timeout. */
  private async send(
    url: string,
    what: string,
    init: { method?: string; headers: Record<string, string>; body?: string },
  ): Promise<{ status: number; text: string }> {
    try {
      return await fetchWithin(url, init, this.timeoutMs);
    } catch (error) {
      if (error instanceof OutboundFailure) throw new DiscordFailure(`${what} request failed: ${error.reason}`);
      throw error;
    }
  }
}

function parseJson(text: string, what: string): unknown {
  const json = jsonOf(text);
  if (json === undefined) throw new DiscordFailure(`${what} answer is not valid JSON`);
  return json;
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
