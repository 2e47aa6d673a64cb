import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PageLook } from '@shared/pages.js';
import { accentStyle, pageTheme, parsePreference, SCHEME_COOKIE, SCHEME_HINT, THEME_COOKIE } from '@shared/theme.js';
import type { AppContext } from '../context.js';
import { escapeHtml } from '../http/html.js';
import { readSettings } from '../settings/service.js';

// Every page the server sends is written in the visitor's theme, with the series' accent
// (decision 026): no script may run before the first paint (the Content-Security-Policy allows
// none inline), so <html> carries both from the start.

/** The theme of a page for this request: the browser's cookies or client hint. */
export function requestTheme(request: FastifyRequest): PageLook['theme'] {
  const { cookies, headers } = request;
  const hint = headers[SCHEME_HINT.toLowerCase()];
  return pageTheme(cookies[THEME_COOKIE], typeof hint === 'string' ? hint : undefined, cookies[SCHEME_COOKIE]);
}

/** The theme and accent of a page for this request: the browser's cookies or client hint, the settings' accent. */
export async function pageLook(ctx: AppContext, request: FastifyRequest): Promise<PageLook> {
  return {
    theme: requestTheme(request),
    preference: parsePreference(request.cookies[THEME_COOKIE]),
    accent: (await readSettings(ctx.store.db)).imageAccent,
  };
}

/**
 * Asks Chromium for the device's scheme: Critical-CH makes it retry a first visit at once with
 * the hint, so even that is written in the right theme. The answer differs by both.
 */
export function themeHeaders(reply: FastifyReply): FastifyReply {
  return reply.header('accept-ch', SCHEME_HINT).header('critical-ch', SCHEME_HINT).header('vary', `Cookie, ${SCHEME_HINT}`);
}

// The accent changes when the settings do: its shades are worked out once per colour.
const styles = new Map<string, string>();
const styleOf = (accent: string) => {
  let style = styles.get(accent);
  if (style === undefined) {
    if (styles.size > 16) styles.clear();
    style = escapeHtml(accentStyle(accent));
    styles.set(accent, style);
  }
  return style;
};

/** A page's HTML with its theme and the accent's shades on <html>. */
export const themedHtml = (html: string, look: Pick<PageLook, 'theme' | 'accent'>): string =>
  html.replace(/<html\b([^>]*)>/i, (_tag, attributes: string) => `<html${attributes} data-bs-theme="${look.theme}" style="${styleOf(look.accent)}">`);
