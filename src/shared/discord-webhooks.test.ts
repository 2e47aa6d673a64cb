import { describe, expect, it } from 'vitest';
import { maskWebhookUrl, parseWebhookUrl, webhookUrlProblem } from './discord-webhooks.js';

const DISCORD = 'https://discord.com';
const TOKEN = 'aB3_-xYz0123456789aB3_-xYz0123456789aB3_-xYz0123456789aB3_-xYz012345';
const GOOD = `https://discord.com/api/webhooks/123456789012345678/${TOKEN}`;

describe('webhookUrlProblem', () => {
  it("accepts Discord's webhook URLs, with or without an API version", () => {
    for (const url of [GOOD, `https://discord.com/api/v10/webhooks/1/${TOKEN}`, `  ${GOOD}  `]) {
      expect(webhookUrlProblem(url, DISCORD, 'Announcements webhook'), url).toBeNull();
    }
    // A fake Discord in tests lives at the root of its own origin.
    expect(webhookUrlProblem(`http://127.0.0.1:4000/webhooks/1/t`, 'http://127.0.0.1:4000', 'W')).toBeNull();
  });

  it('refuses other origins, http and look-alike hosts', () => {
    for (const url of [
      GOOD.replace('https:', 'http:'),
      GOOD.replace('discord.com', 'discord.com.evil.example'),
      GOOD.replace('discord.com', 'evil.example'),
      GOOD.replace('discord.com', 'discord.com:8443'),
      GOOD.replace('discord.com', 'canary.discord.com'),
    ]) {
      expect(webhookUrlProblem(url, DISCORD, 'Announcements webhook'), url).toBe(
        "Announcements webhook must start with https://discord.com/ (Discord's API): copy it in Discord with Copy Webhook URL.",
      );
    }
  });

  it('refuses other shapes: no token, a non-numeric id, extra parts, credentials, queries', () => {
    for (const url of [
      'https://discord.com/api/webhooks/123',
      `https://discord.com/api/webhooks/abc/${TOKEN}`,
      `https://discord.com/api/webhooks/123/${TOKEN}/messages/1`,
      `https://discord.com/api/webhooks/123/tok%2Fen`,
      `https://discord.com/api/webhooks/123/${TOKEN}?wait=true`,
      `https://discord.com/api/webhooks/123/${TOKEN}#x`,
      `https://user:pw@discord.com/api/webhooks/123/${TOKEN}`,
      `https://discord.com/api/users/@me`,
      `https://discord.com/api/webhooks/123/${TOKEN}/`,
    ]) {
      expect(webhookUrlProblem(url, DISCORD, 'W'), url).toBe('W must look like https://discord.com/api/webhooks/ID/TOKEN: copy it in Discord with Copy Webhook URL.');
    }
    expect(webhookUrlProblem('not a url', DISCORD, 'W')).toBe('W must be a Discord webhook URL, like https://discord.com/api/webhooks/ID/TOKEN.');
    expect(webhookUrlProblem('javascript:alert(1)', DISCORD, 'W')).toContain('must start with https://discord.com/');
  });
});

describe('parseWebhookUrl and maskWebhookUrl', () => {
  it('gives the id of a valid webhook and nothing for an invalid one', () => {
    expect(parseWebhookUrl(` ${GOOD} `, DISCORD)).toEqual({ url: GOOD, id: '123456789012345678' });
    expect(parseWebhookUrl(GOOD, 'https://evil.example')).toBeNull();
  });

  it('shows the origin and the start of the id, never the token', () => {
    expect(maskWebhookUrl(GOOD)).toBe('https://discord.com/api/webhooks/1234…/••••');
    expect(maskWebhookUrl(GOOD)).not.toContain(TOKEN.slice(0, 4));
    expect(maskWebhookUrl('garbage with a secret')).toBe('••••');
  });
});
