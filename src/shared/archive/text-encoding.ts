// The text of a spreadsheet file as the program that saved it encoded it (issue 32): Google
// Sheets and Excel's "CSV UTF-8" write UTF-8 (Excel with a byte-order mark), Excel's "Unicode
// Text" UTF-16 with one, and Excel's plain "CSV" on Windows the machine's code page, in Western
// Europe and the Americas Windows-1252 (no mark, and bytes that are not UTF-8 as soon as a name
// has an accent). Detected in that order; the admin may also choose.

export const TEXT_ENCODINGS = ['auto', 'utf-8', 'windows-1252'] as const;
export type TextEncodingChoice = (typeof TEXT_ENCODINGS)[number];
export type TextEncodingUsed = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export const TEXT_ENCODING_LABELS: Record<TextEncodingUsed, string> = {
  'utf-8': 'UTF-8',
  'utf-16le': 'UTF-16 (Excel "Unicode Text")',
  'utf-16be': 'UTF-16',
  'windows-1252': 'Windows-1252 (Excel "CSV" on Windows)',
};

/** Windows-1252's bytes 0x80–0x9F (the rest is ISO-8859-1); the five undefined ones as their code points. */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

function decodeWindows1252(bytes: Uint8Array): string {
  let text = '';
  for (let start = 0; start < bytes.length; start += 8192) {
    const chunk = bytes.subarray(start, start + 8192);
    text += String.fromCharCode(...Array.from(chunk, (byte) => (byte >= 0x80 && byte <= 0x9f ? CP1252_HIGH.charCodeAt(byte - 0x80) : byte)));
  }
  return text;
}

const startsWith = (bytes: Uint8Array, mark: readonly number[]) => mark.every((byte, index) => bytes[index] === byte);

export interface DecodedText {
  text: string;
  encoding: TextEncodingUsed;
  /** True when the encoding was found from the bytes, not chosen. */
  detected: boolean;
}

/** The file's text (without a byte-order mark) in the encoding chosen, or the one its bytes show. */
export function decodeSpreadsheet(bytes: Uint8Array, choice: TextEncodingChoice = 'auto'): DecodedText {
  if (choice === 'windows-1252') return { text: decodeWindows1252(bytes), encoding: 'windows-1252', detected: false };
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8', detected: choice === 'auto' };
  if (choice === 'auto' && startsWith(bytes, [0xff, 0xfe])) return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le', detected: true };
  if (choice === 'auto' && startsWith(bytes, [0xfe, 0xff])) return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be', detected: true };
  if (choice === 'utf-8') return { text: new TextDecoder('utf-8').decode(bytes), encoding: 'utf-8', detected: false };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8', detected: true };
  } catch {
    return { text: decodeWindows1252(bytes), encoding: 'windows-1252', detected: true };
  }
}
