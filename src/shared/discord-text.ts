// User text in generated Discord / social texts: shown as typed, but unable to ping anyone or
// to format the message. Each dangerous spot gets an invisible zero-width joiner (U+200D), so
// the text still reads the same while Discord no longer parses it. Nothing is removed or
// escaped visibly; text without a dangerous spot comes back byte-identical. Apply it only to
// text people typed, never to the tokens the app writes itself (<@id>, <@&id>, <t:…>).
//
// Names (event, host, signup and DJ names) in a text for Discord go further (discordName): no
// formatting at all, as typed. Inline formatting (bold, italics, underline, strikethrough,
// spoilers, code and code blocks) pairs delimiters that a joiner cannot split (`*x*`), so those
// characters get Discord's own escape, a backslash, which Discord does not show; a line that
// would become a quote or a list gets a joiner, as headings do. A staff message and footer keep
// their formatting (neutralise only), and social media texts, which do not read Discord's
// markdown, get neutralise only, so no backslash shows there.

/** The invisible character inserted at each dangerous spot. */
export const NEUTRALISER = '\u200D';

/** '@everyone' / '@here' in any letter case, also mid-word ('x@here'): split after the '@'. */
const MASS_MENTION = /@(?=everyone|here)/gi;

/** Mention syntax <@id>, <@!id>, <@&id>, <#id>, </name:id>: split after the '<'. */
const MENTION_OPEN = /<(?=[@#/])/g;

/** A masked link [text](url) or [text](<url>) needs ']' right before '(': split them. */
const MASKED_LINK = /\](?=\()/g;

/**
 * A line that would become a heading (#, ##, ###) or subtext (-#): the marker followed by
 * whitespace or the end of the line, after nothing but whitespace and quote or list markers
 * ('> ', '>>> ', '- ', '* ', '1. ', read generously as any of > * + - digits . ) so that
 * '> # x' is caught too). The joiner goes right before the marker, so the line no longer
 * starts with it. Lines end at any line break a client might honour.
 */
const HEADING =
  /(^|[\n\r\v\f\u0085\u2028\u2029])((?:[^\S\n\r\v\f\u0085\u2028\u2029]|[>*+\-\d.)])*?)(?=(?:#{1,3}|-#)(?:[\s\u0085]|$))/g;

/** Neutralises mentions, @everyone/@here, headings and masked links in text a person typed. */
export function neutralise(userText: string): string {
  return userText
    .replace(MASS_MENTION, `@${NEUTRALISER}`)
    .replace(MENTION_OPEN, `<${NEUTRALISER}`)
    .replace(MASKED_LINK, `]${NEUTRALISER}`)
    .replace(HEADING, (_match, lineStart: string, prefix: string) => `${lineStart}${prefix}${NEUTRALISER}`);
}

/**
 * Discord's inline formatting characters, where they could format: every `*` and backtick (a
 * single one can pair with one further on, even on another line), runs of `~` and `|` (~~x~~,
 * ||x||), any `_` but one inside a word (dj_snake stays; _x_ and __x__ do not), and a backslash
 * Discord would take for an escape (before punctuation), so the one typed stays visible.
 */
const INLINE_FORMATTING = /\\(?=[^0-9A-Za-z\s])|[*`]|~{2,}|\|{2,}|_+/g;
const WORD_CHAR = /[0-9A-Za-z]/;

/** A line that would become a quote (>, >>>) or a list item (-, +, 1.): the joiner goes before the marker. */
const BLOCK_START =
  /(^|[\n\r\v\f\u0085\u2028\u2029])([^\S\n\r\v\f\u0085\u2028\u2029]*)(?=(?:>{1,3}|[-+]|\d+[.)])(?:[\s\u0085]|$))/g;

/** Mention-like tokens a name could also carry: timestamps <t:…> and custom emoji <:name:id>, <a:name:id>. */
const TOKEN_OPEN = /<(?=t:|a?:)/g;

/** Any line break a client might honour. */
const LINE_BREAKS = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/g;

/**
 * A name as a Discord text shows it: as typed, on one line (names are one line; a line break in a
 * stored one becomes a space, so the text after the name never starts a line of its own), pinging
 * nobody and formatting nothing (neutralise, plus Discord's escapes for inline formatting and
 * joiners before quote and list markers). For names in texts meant for Discord only.
 */
export function discordName(name: string): string {
  return neutralise(name.replace(LINE_BREAKS, ' '))
    .replace(TOKEN_OPEN, `<${NEUTRALISER}`)
    .replace(BLOCK_START, (_match, lineStart: string, indent: string) => `${lineStart}${indent}${NEUTRALISER}`)
    .replace(INLINE_FORMATTING, (run: string, offset: number, whole: string) => {
      const inWord = run === '_' && WORD_CHAR.test(whole[offset - 1] ?? '') && WORD_CHAR.test(whole[offset + 1] ?? '');
      return inWord ? run : run.replace(/./g, (char) => `\\${char}`);
    });
}
