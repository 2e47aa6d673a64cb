import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

// The lineup image's fonts beyond Inter's Latin (issue 34): DJs are named in Japanese, Korean,
// Cyrillic, Arabic, with emoji. Each family is a @fontsource package cut into unicode-range
// subsets (its unicode.json); satori asks (loadAdditionalAsset) for each run of text its fonts
// cannot draw, and gets the few subset files that cover those characters, read once per thread.
// A Latin-only lineup reads none of them.

/** A font as satori takes it. */
export interface SubsetFont {
  name: string;
  data: Buffer;
  weight: 400 | 700;
  style: 'normal';
  lang?: string;
}

interface Family {
  /** The @fontsource package's name, without its scope: its files are named after it. */
  id: string;
  /** Where its unicode.json is (its files are beside it, in files/): resolved on first need. */
  unicodeJson: () => string;
  /** satori's language code this family is preferred for. */
  lang?: string;
  /** Weights drawn: the image uses regular and bold. */
  weights: ReadonlyArray<400 | 700>;
}

const require = createRequire(import.meta.url);

/** Fallback order: Inter's other subsets (Cyrillic, Greek, Vietnamese, ...), then the scripts Inter lacks. */
const FAMILIES: readonly Family[] = [
  { id: 'inter', unicodeJson: () => require.resolve('@fontsource/inter/unicode.json'), weights: [400, 700] },
  { id: 'noto-sans-arabic', unicodeJson: () => require.resolve('@fontsource/noto-sans-arabic/unicode.json'), lang: 'ar-AR', weights: [400, 700] },
  { id: 'noto-sans-jp', unicodeJson: () => require.resolve('@fontsource/noto-sans-jp/unicode.json'), lang: 'ja-JP', weights: [400, 700] },
  { id: 'noto-sans-kr', unicodeJson: () => require.resolve('@fontsource/noto-sans-kr/unicode.json'), lang: 'ko-KR', weights: [400, 700] },
  // Monochrome outlines (satori draws glyph outlines, not colour bitmaps), in the text's colour.
  { id: 'noto-emoji', unicodeJson: () => require.resolve('@fontsource/noto-emoji/unicode.json'), lang: 'emoji', weights: [400, 700] },
];

interface Subset {
  family: Family;
  /** The package's folder. */
  dir: string;
  /** unicode.json's key: a name ('cyrillic') or a number ('[63]'). */
  key: string;
  ranges: Array<[number, number]>;
}

let subsets: Subset[] | undefined;

/** Every family's subsets with their code point ranges (small JSON files, read on first need). */
function allSubsets(): Subset[] {
  subsets ??= FAMILIES.flatMap((family) => {
    const unicodeJson = family.unicodeJson();
    const table = JSON.parse(fs.readFileSync(unicodeJson, 'utf8')) as Record<string, string>;
    return Object.entries(table)
      // Inter's Latin is loaded for every render already.
      .filter(([key]) => !(family.id === 'inter' && key === 'latin'))
      .map(([key, ranges]) => ({ family, dir: path.dirname(unicodeJson), key, ranges: parseRanges(ranges) }));
  });
  return subsets;
}

/** 'U+0400-045F,U+2116' as code point ranges. */
function parseRanges(css: string): Array<[number, number]> {
  return css.split(',').map((part) => {
    const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
    const lo = Number.parseInt(from!, 16);
    return [lo, to === undefined ? lo : Number.parseInt(to, 16)];
  });
}

const covers = (subset: Subset, codePoint: number) => subset.ranges.some(([lo, hi]) => codePoint >= lo && codePoint <= hi);

/**
 * The subsets that draw these characters: for each, the first subset covering it, families of
 * `languageCode` first (a Han character in a Korean name from the Korean font). Characters
 * nothing covers are left out (they were drawn as boxes before; they still are).
 */
export function subsetsFor(segment: string, languageCode: string): Subset[] {
  const ordered = [...allSubsets()].sort((a, b) => Number(b.family.lang === languageCode) - Number(a.family.lang === languageCode));
  const chosen = new Set<Subset>();
  for (const char of segment) {
    const codePoint = char.codePointAt(0)!;
    if (/\s/u.test(char)) continue;
    const subset = ordered.find((candidate) => covers(candidate, codePoint));
    if (subset) chosen.add(subset);
  }
  return [...chosen];
}

const files = new Map<string, Buffer>();

function fileOf(subset: Subset, weight: 400 | 700): Buffer {
  const file = path.join(subset.dir, 'files', `${subset.family.id}-${subset.key.replace(/[[\]]/g, '')}-${weight}-normal.woff`);
  let data = files.get(file);
  if (!data) {
    data = fs.readFileSync(file);
    files.set(file, data);
  }
  return data;
}

/**
 * satori's loadAdditionalAsset: the fonts that draw a run of text its loaded fonts cannot. Each
 * subset is its own family name, so satori falls back through all of them glyph by glyph.
 */
export async function loadSubsetFonts(languageCode: string, segment: string): Promise<SubsetFont[]> {
  return subsetsFor(segment, languageCode).flatMap((subset) =>
    subset.family.weights.map((weight) => ({
      name: `${subset.family.id} ${subset.key}`,
      data: fileOf(subset, weight),
      weight,
      style: 'normal' as const,
      ...(subset.family.lang && subset.family.lang !== 'emoji' ? { lang: subset.family.lang } : {}),
    })),
  );
}
