import { z } from 'zod';
import { hasNonText } from '../non-text.js';
import { normaliseStreamLink, streamLinkProblem } from '../streams.js';

// Field building blocks every schema uses, so each rule lives once.
//
// One-line names (event name, host, signup name, DJ names) end up on one line of a Discord
// message or a page heading. Trimmed (so a line break a paste brings along at either end just
// goes, like spaces); inside, line breaks and control characters are refused, and so are the
// invisible bidi embeddings, overrides and isolates that would reorder the text shown after it,
// and characters that are not text (non-text.ts: U+FFFE, U+FFFF, broken surrogates), which broke
// the lineup image.
//
// Links accept only the schemes their use needs: web pages http(s), stream links the protocols
// streaming servers and VRChat's players speak (shared/streams.ts); never javascript:, data: or file:.

/** C0 controls (tab and line breaks included), DEL, C1 controls, and the Unicode line and paragraph separators. */
function isLineBreakOrControl(code: number): boolean {
  return code <= 0x1f || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
}

/** U+202A–U+202E (embeddings, overrides) and U+2066–U+2069 (isolates). */
function isBidiControl(code: number): boolean {
  return (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069);
}

const hasCharWhere = (text: string, test: (code: number) => boolean) => {
  for (let i = 0; i < text.length; i++) if (test(text.charCodeAt(i))) return true;
  return false;
};

/** The message for text over its limit, the same for every field. */
export const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters.`;

export const oneLineMessages = (label: string, max: number) => ({
  required: `${label} is required.`,
  tooLong: tooLong(label, max),
  lineBreak: `${label} must be one line, without line breaks or control characters.`,
  bidi: `${label} must not contain invisible text-direction characters; type it in again rather than pasting it.`,
  nonText: `${label} contains a character that is not text (such as U+FFFF); type it in again rather than pasting it.`,
});

export interface OneLineOptions {
  /** Refuse an empty (or all-space) value with '{label} is required.'. */
  required?: boolean;
}

/** A trimmed one-line string of at most `max` characters (code points, as zod counts); `label` names the field in messages. */
export function oneLine(label: string, max: number, { required = false }: OneLineOptions = {}) {
  const messages = oneLineMessages(label, max);
  const trimmed = z.string().trim();
  return onOneLine((required ? trimmed.min(1, messages.required) : trimmed).max(max, messages.tooLong), label);
}

/** The one-line rules added to a string schema that brings its own messages for the rest. */
export function onOneLine(schema: z.ZodString, label: string) {
  const messages = oneLineMessages(label, 0);
  return schema
    .refine((value) => !hasCharWhere(value, isLineBreakOrControl), messages.lineBreak)
    .refine((value) => !hasCharWhere(value, isBidiControl), messages.bidi)
    .refine((value) => !hasNonText(value), messages.nonText);
}

export const WEB_LINK_PROTOCOLS = ['https:', 'http:'] as const;

const schemeList = (protocols: readonly string[]) => protocols.map((p) => `${p}//`).join(', ').replace(/, ([^,]*)$/, ' or $1');

/** Why `link` is not a usable link of these protocols, or null; `label` names the field. */
export function linkProblem(link: string, protocols: readonly string[], label: string): string | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return `${label} must be a URL, like ${protocols[0]}//example.org/…`;
  }
  if (!protocols.includes(url.protocol)) return `${label} must start with ${schemeList(protocols)}.`;
  if (!url.hostname) return `${label} needs a server name.`;
  return null;
}

/** An optional link (empty allowed) of the given protocols, at most `max` characters. */
export function link(label: string, protocols: readonly string[], max: number) {
  return z
    .string()
    .trim()
    .max(max, tooLong(label, max))
    .superRefine((value, ctx) => {
      const problem = value === '' ? null : linkProblem(value, protocols, label);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
}

/**
 * An optional stream link, the one rule of shared/streams.ts: written in its one form (a VRCDN
 * link in any of its forms becomes its playback address, a Twitch username its channel link, the
 * original tool's PRERECORD nothing), then refused, saying what is accepted, when no stream can be
 * taken from it. `label` names the field in messages ('Stream URL').
 */
export function streamLink(label: string, max: number) {
  return z
    .string()
    .transform(normaliseStreamLink)
    .pipe(
      z
        .string()
        .max(max, tooLong(label, max))
        .superRefine((value, ctx) => {
          const problem = streamLinkProblem(value, label);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        }),
    );
}

/** The fields of `value` that `keys` name (e.g. an object schema's `keyof().options`), in that order. */
export function pickFields<T, K extends keyof T>(keys: readonly K[], value: T): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, value[key]])) as Pick<T, K>;
}
