import { z } from 'zod';

// Building block for one-line names (event name, host, signup name, DJ names): text that ends
// up on one line of a Discord message or a page heading. Trimmed (so a line break a paste
// brings along at either end just goes, like spaces); inside, line breaks and control
// characters are refused, and so are the invisible bidi embeddings, overrides and isolates
// that would reorder the text shown after the name.

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

export const oneLineMessages = (label: string, max: number) => ({
  required: `${label} is required.`,
  tooLong: `${label} must be at most ${max} characters.`,
  lineBreak: `${label} must be one line, without line breaks or control characters.`,
  bidi: `${label} must not contain invisible text-direction characters; type it in again rather than pasting it.`,
});

export interface OneLineOptions {
  /** Refuse an empty (or all-space) value with '{label} is required.'. */
  required?: boolean;
}

/** A trimmed one-line string of at most `max` characters (code points, as zod counts); `label` names the field in messages. */
export function oneLine(label: string, max: number, { required = false }: OneLineOptions = {}) {
  const messages = oneLineMessages(label, max);
  const trimmed = z.string().trim();
  return (required ? trimmed.min(1, messages.required) : trimmed)
    .max(max, messages.tooLong)
    .refine((value) => !hasCharWhere(value, isLineBreakOrControl), messages.lineBreak)
    .refine((value) => !hasCharWhere(value, isBidiControl), messages.bidi);
}
