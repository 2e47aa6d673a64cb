// User text in generated Discord / social texts: shown as typed, but unable to ping anyone or
// to format the message. Each dangerous spot gets an invisible zero-width joiner (U+200D), so
// the text still reads the same while Discord no longer parses it. Nothing is removed or
// escaped visibly; text without a dangerous spot comes back byte-identical. Apply it only to
// text people typed, never to the tokens the app writes itself (<@id>, <@&id>, <t:…>).

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
