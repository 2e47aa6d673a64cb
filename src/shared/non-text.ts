// Characters that are not text. The 66 Unicode noncharacters (U+FDD0–U+FDEF and the last two code
// points of every plane: U+FFFE, U+FFFF, U+1FFFE … U+10FFFF) are reserved for programs' own use
// and never meant to be exchanged; a UTF-16 surrogate without its other half is broken text that
// UTF-8 (both databases) cannot store as sent. Strict readers refuse them: XML does (the lineup
// image's SVG, whose PNG render failed on U+FFFE in a name), and so may Discord and calendars.
// Names refuse them at input (schemas/fields.ts); output that must not fail strips them.

const NON_TEXT = /[\p{Noncharacter_Code_Point}\p{Cs}]/u;
const NON_TEXT_ALL = new RegExp(NON_TEXT.source, 'gu');

/** Whether `text` holds a noncharacter or half of a broken surrogate pair. */
export const hasNonText = (text: string): boolean => NON_TEXT.test(text);

/** `text` without its noncharacters and broken surrogates (for rows stored before names refused them). */
export const withoutNonText = (text: string): string => text.replace(NON_TEXT_ALL, '');
