// How Discord shows a timestamp tag (`<t:1717959600:t>`) to the person reading it: in their own
// zone and language. Messaging shows the generated texts that way beside the raw text (issue 34),
// so staff see what each reader will read. Discord's styles (its developer documentation,
// "Timestamp Styles"): t short time, T long time, d short date, D long date, f (the default)
// date and time, F with the weekday, R relative.

const TAG = /<t:(-?\d{1,13})(?::([tTdDfFR]))?>/g;

type Style = 't' | 'T' | 'd' | 'D' | 'f' | 'F' | 'R';

const DATE_LONG: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' };
const TIME_SHORT: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
const FORMATS: Record<Exclude<Style, 'R'>, Intl.DateTimeFormatOptions> = {
  t: TIME_SHORT,
  T: { ...TIME_SHORT, second: '2-digit' },
  d: { day: '2-digit', month: '2-digit', year: 'numeric' },
  D: DATE_LONG,
  f: { ...DATE_LONG, ...TIME_SHORT },
  F: { weekday: 'long', ...DATE_LONG, ...TIME_SHORT },
};

/** Whom the text is shown to: their zone and language, and (for R) the time it is read. */
export interface Reader {
  zone: string;
  locale: string;
  now: number;
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
];

/** One tag as the reader sees it: '8:00 PM', 'Sunday, 9 June 2024 at 20:00', 'in 3 days'. */
export function discordTimestamp(seconds: number, style: Style, reader: Reader): string {
  if (style === 'R') {
    const delta = seconds - Math.round(reader.now / 1000);
    const [unit, size] = UNITS.find(([, size]) => Math.abs(delta) >= size) ?? UNITS.at(-1)!;
    return new Intl.RelativeTimeFormat(reader.locale, { numeric: 'auto' }).format(Math.round(delta / size), unit);
  }
  return new Intl.DateTimeFormat(reader.locale, { ...FORMATS[style], timeZone: reader.zone }).format(seconds * 1000);
}

/** A piece of a text: as written, or a tag with what the reader sees for it. */
export type TextPiece = { text: string } | { tag: string; shown: string };

/** The text in pieces, each timestamp tag beside what the reader sees for it. */
export function withTimestampsShown(text: string, reader: Reader): TextPiece[] {
  const pieces: TextPiece[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    if (match.index > last) pieces.push({ text: text.slice(last, match.index) });
    pieces.push({ tag: match[0], shown: discordTimestamp(Number(match[1]), (match[2] ?? 'f') as Style, reader) });
    last = match.index + match[0].length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last) });
  return pieces;
}
