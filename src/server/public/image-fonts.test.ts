import { subsetsFor, loadSubsetFonts } from './image-fonts.js';
import { drawLineupImage, type LineupImageInput } from './image.js';

// Issue 34 item 11: the lineup image draws DJs named in Japanese, Korean, Cyrillic, Arabic and
// emoji. satori asks (loadAdditionalAsset) for every run of text Inter's Latin cannot draw; each
// must be answered with fonts that have its characters, and no character of a name may be drawn
// as the missing-glyph box: changing it to the next character must change the drawing (two
// missing glyphs draw the same box).

const SCRIPTS: Record<string, string> = {
  japanese: 'DJ 東京ナイト',
  korean: '서울 비트',
  cyrillic: 'Дмитрий Звук',
  arabic: 'دي جي ليلى',
  emoji: 'Party 🎧🔥',
};

const input = (...names: string[]): LineupImageInput => ({
  seriesName: 'Sunday Service',
  event: {
    name: 'World Night',
    startDatetime: '2030-06-09T19:00:00.000Z',
    host: 'Hal',
    cancelled: false,
    slots: names.map((name, i) => ({ name, startTime: `2030-06-09T${19 + i}:00:00.000Z`, endTime: `2030-06-09T${20 + i}:00:00.000Z`, isDebut: false })),
  },
  zones: ['Europe/London'],
  colours: { background: '#101010', text: '#ffffff', accent: '#ff3366' },
});

/** A loader that records what satori asked for and what it got. */
function recording() {
  const asked: Array<{ code: string; segment: string; fonts: string[] }> = [];
  const load = async (code: string, segment: string) => {
    const fonts = await loadSubsetFonts(code, segment);
    asked.push({ code, segment, fonts: fonts.map((font) => font.name) });
    return fonts;
  };
  return { asked, load };
}

/** The drawn SVG without its text description: only the shapes. */
const shapes = (svg: Buffer) => svg.toString().replace(/<desc>[\s\S]*<\/desc>/, '').replace(/<title>[\s\S]*<\/title>/, '');

test('every run of text in another script is asked for and answered with fonts covering each of its characters', async () => {
  const { asked, load } = recording();
  const png = await drawLineupImage(input(...Object.values(SCRIPTS)), 'png', load);
  expect(png.subarray(1, 4).toString()).toBe('PNG');

  const requested = asked.map((request) => request.segment).join('');
  for (const [script, name] of Object.entries(SCRIPTS)) {
    const foreign = [...name].filter((char) => !/[\sA-Za-z]/.test(char));
    for (const char of foreign) expect(requested, `${script}: ${char}`).toContain(char);
  }
  for (const request of asked) {
    const characters = [...request.segment].filter((char) => !/\s/u.test(char));
    expect(request.fonts.length, `${request.code} ${request.segment}`).toBeGreaterThan(0);
    // Every character is in one of the subsets answered.
    const subsets = subsetsFor(request.segment, request.code);
    for (const char of characters) expect(subsetsFor(char, request.code).every((subset) => subsets.includes(subset)), char).toBe(true);
    expect(characters.every((char) => subsetsFor(char, request.code).length === 1), request.segment).toBe(true);
  }
});

test.each(Object.entries(SCRIPTS))('%s is drawn with a glyph for every character, no missing-glyph box', async (_script, name) => {
  const drawn = shapes(await drawLineupImage(input(name), 'svg'));
  const chars = [...name];
  for (const [index, char] of chars.entries()) {
    if (/[\sA-Za-z]/u.test(char)) continue;
    // Two missing glyphs draw the same box; two glyphs draw differently.
    const next = String.fromCodePoint(char.codePointAt(0)! + 1);
    const changed = [...chars.slice(0, index), next, ...chars.slice(index + 1)].join('');
    expect(shapes(await drawLineupImage(input(changed), 'svg')), `${char} in ${name}`).not.toBe(drawn);
  }
  // The comparison can tell: characters no font has draw the same boxes.
  expect(shapes(await drawLineupImage(input('DJ \uE000'), 'svg'))).toBe(shapes(await drawLineupImage(input('DJ \uE001'), 'svg')));
});

test('a Latin lineup asks for no other font', async () => {
  const { asked, load } = recording();
  await drawLineupImage(input('DJ One', 'Bass Face'), 'svg', load);
  expect(asked).toEqual([]);
});
