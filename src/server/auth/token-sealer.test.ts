import type { DiscordTokens } from './discord.js';
import { tokenSealer } from './token-sealer.js';

const tokens: DiscordTokens = { accessToken: 'access-token-value-123', refreshToken: 'refresh-token-value-456', accessExpiresAt: 1_900_000_000_000 };
const secret = 'x'.repeat(40);

test('tokens sealed for a session open for that session only, with that key only', () => {
  const sealer = tokenSealer(secret);
  const sealed = sealer.seal(tokens, 'row-a');
  expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(sealed).not.toContain('access-token-value');
  expect(sealed).not.toContain('refresh-token-value');
  expect(sealer.open(sealed, 'row-a')).toEqual(tokens);
  expect(sealer.open(sealed, 'row-b')).toBeNull();
  expect(tokenSealer('y'.repeat(40)).open(sealed, 'row-a')).toBeNull();
  // A fresh IV each time: the same tokens never seal to the same text.
  expect(sealer.seal(tokens, 'row-a')).not.toBe(sealed);
});

test('tampered, truncated or foreign values do not open', () => {
  const sealer = tokenSealer(secret);
  const sealed = sealer.seal(tokens, 'row-a');
  const [version, iv, body, tag] = sealed.split('.');
  const flipped = body!.slice(0, -2) + (body!.endsWith('A') ? 'BB' : 'AA');
  for (const value of [`${version}.${iv}.${flipped}.${tag}`, `${version}.${iv}.${body}`, `v2.${iv}.${body}.${tag}`, 'plain-token', '', null]) {
    expect(sealer.open(value, 'row-a')).toBeNull();
  }
});
