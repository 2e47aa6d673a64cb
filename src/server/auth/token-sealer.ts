import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { DiscordTokens } from './discord.js';

// The Discord tokens a session keeps for its membership checks are stored encrypted
// (AES-256-GCM), so a copy of the database (a backup, a leaked dump) does not hand out
// working Discord tokens. The key is derived with HKDF from SESSION_SECRET (else the Discord
// client secret); each value is bound to its session row (the row's id hash is the additional
// authenticated data), so a sealed value copied into another row does not open.

export interface TokenSealer {
  seal(tokens: DiscordTokens, sessionIdHash: string): string;
  /** The tokens, or null when the value does not open (another key, another row, tampered). */
  open(sealed: string | null, sessionIdHash: string): DiscordTokens | null;
}

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function tokenSealer(secret: string): TokenSealer {
  if (!secret) throw new Error('A session secret is required to store Discord tokens.');
  const key = Buffer.from(hkdfSync('sha256', secret, 'lineup-sessions', 'discord tokens v1', 32));
  return {
    seal(tokens, sessionIdHash) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(sessionIdHash));
      const body = Buffer.concat([cipher.update(JSON.stringify(tokens), 'utf8'), cipher.final()]);
      return [VERSION, ...[iv, body, cipher.getAuthTag()].map((part) => part.toString('base64url'))].join('.');
    },
    open(sealed, sessionIdHash) {
      if (!sealed) return null;
      const [version, iv, body, tag, ...rest] = sealed.split('.');
      if (version !== VERSION || !iv || !body || !tag || rest.length > 0) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
        decipher.setAAD(Buffer.from(sessionIdHash));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        const json = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
        const value = JSON.parse(json) as Partial<DiscordTokens>;
        if (typeof value.accessToken !== 'string') return null;
        return {
          accessToken: value.accessToken,
          refreshToken: typeof value.refreshToken === 'string' ? value.refreshToken : null,
          accessExpiresAt: typeof value.accessExpiresAt === 'number' ? value.accessExpiresAt : null,
        };
      } catch {
        return null;
      }
    },
  };
}

const sealers = new Map<string, TokenSealer>();

/** The sealer for a secret, derived once per process (the key stays in memory, never logged). */
export function sessionSealer(secret: string): TokenSealer {
  let sealer = sealers.get(secret);
  if (!sealer) {
    sealer = tokenSealer(secret);
    sealers.set(secret, sealer);
  }
  return sealer;
}
