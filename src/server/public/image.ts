import fs from 'node:fs';
import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';
import { withoutNonText } from '@shared/non-text.js';
import { CANCELLED_WORDS, lineupLines, longDate, zonedTime, zoneLabel } from '@shared/public-lineup.js';
import type { PublicSlot } from '@shared/schemas/public.js';
import { loadSubsetFonts } from './image-fonts.js';

// The lineup as an image (issue 14) for social media posts, link previews and in-world screens:
// satori lays it out as SVG with Inter (other scripts and emoji from image-fonts.ts, read only when
// a name needs them), resvg turns that into PNG. The lineup is the focal point:
// big times and names, one row per slot, readable on a phone. Drawing costs from tens of
// milliseconds to seconds (a 200-slot night), so it runs on worker threads (image-worker.ts,
// image-renderer.ts), never on the server's event loop.

export interface LineupImageInput {
  seriesName: string;
  /** `cancelled`: drawn as cancelled in words, with no lineup (link previews of its page show it). */
  event: { name: string; startDatetime: string; host: string; cancelled: boolean; slots: PublicSlot[] };
  zones: readonly string[];
  colours: { background: string; text: string; accent: string };
}

export type ImageFormat = 'png' | 'svg';

const WIDTH = 1200;
/** The link-preview shape (1.91:1); a long lineup makes the image taller. */
const MIN_HEIGHT = 630;

type Fonts = Parameters<typeof satori>[1]['fonts'];

/** Inter, read from the installed package (works from the bundled server too), once per thread. */
function loadFonts(): Fonts {
  const require = createRequire(import.meta.url);
  const read = (file: string) => fs.readFileSync(file);
  const regular = read(require.resolve('@fontsource/inter/files/inter-latin-400-normal.woff'));
  const bold = read(require.resolve('@fontsource/inter/files/inter-latin-700-normal.woff'));
  return [
    { name: 'Inter', data: regular, weight: 400, style: 'normal' },
    { name: 'Inter', data: bold, weight: 700, style: 'normal' },
  ];
}

/** A satori element: the shape React elements have, without React. */
interface Node {
  type: string;
  props: { style?: Record<string, unknown>; children?: Array<Node | string> | Node | string };
}

const h = (type: string, style: Record<string, unknown>, ...children: Array<Node | string | null | false>): Node => ({
  type,
  props: { style, children: children.filter((child): child is Node | string => child !== null && child !== false) },
});

/** '#rrggbb' at some opacity. */
function alpha(hex: string, opacity: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255}, ${opacity})`;
}

/** Smaller rows for long lineups, so a whole night still fits a screen. */
const rowSize = (count: number) => (count <= 8 ? { height: 76, name: 42, time: 36 } : count <= 14 ? { height: 60, name: 34, time: 30 } : { height: 48, name: 28, time: 24 });

const TIME_COLUMN = 168;
const MARGIN = 72;

function layout({ seriesName, event, zones, colours }: LineupImageInput): Node {
  const { background, text, accent } = colours;
  const size = rowSize(event.slots.length);
  const host = event.host.trim();
  const header = h(
    'div',
    { display: 'flex', flexDirection: 'column' },
    h('div', { fontSize: 26, fontWeight: 700, letterSpacing: 4, color: accent, textTransform: 'uppercase' }, seriesName),
    h('div', { fontSize: event.name.length > 30 ? 54 : 68, fontWeight: 700, lineHeight: 1.1, marginTop: 10 }, event.name),
    h(
      'div',
      { fontSize: 30, marginTop: 14, color: alpha(text, 0.82) },
      `${longDate(event.startDatetime, zones[0]!)}${host ? `  ·  Hosted by ${host}` : ''}`,
    ),
  );
  const zoneHeader = h(
    'div',
    { display: 'flex', paddingLeft: 24, marginBottom: 6 },
    ...zones.map((zone) =>
      h('div', { width: TIME_COLUMN, fontSize: 22, fontWeight: 700, letterSpacing: 2, color: accent }, zoneLabel(event.startDatetime, zone)),
    ),
  );
  const rows = event.slots.map((slot, index) =>
    h(
      'div',
      {
        display: 'flex',
        alignItems: 'center',
        height: size.height,
        paddingLeft: 24,
        paddingRight: 24,
        borderRadius: 14,
        backgroundColor: index % 2 === 0 ? alpha(text, 0.07) : 'transparent',
      },
      ...zones.map((zone) => {
        const time = zonedTime(slot.startTime, zone, event.startDatetime);
        return h(
          'div',
          { display: 'flex', alignItems: 'flex-start', width: TIME_COLUMN, fontSize: size.time, fontWeight: 700, color: alpha(text, 0.9) },
          time.time,
          time.dayOffset !== 0 && h('span', { fontSize: size.time * 0.5, marginLeft: 4, color: accent }, `${time.dayOffset > 0 ? '+' : ''}${time.dayOffset}`),
        );
      }),
      h(
        'div',
        { flex: 1, minWidth: 0, fontSize: size.name, fontWeight: 700, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
        slot.name,
      ),
      slot.isDebut &&
        h(
          'div',
          {
            marginLeft: 16,
            padding: '6px 16px',
            borderRadius: 999,
            backgroundColor: accent,
            color: background,
            fontSize: Math.round(size.time * 0.62),
            fontWeight: 700,
            letterSpacing: 2,
          },
          'DEBUT',
        ),
    ),
  );
  const lineup = event.cancelled
    ? h(
        'div',
        { display: 'flex', flexDirection: 'column' },
        h('div', { fontSize: 96, fontWeight: 700, letterSpacing: 6, color: accent, textTransform: 'uppercase' }, 'Cancelled'),
        h('div', { fontSize: 40, marginTop: 8, color: alpha(text, 0.82) }, 'This event will not take place.'),
      )
    : rows.length > 0
      ? h('div', { display: 'flex', flexDirection: 'column' }, zoneHeader, h('div', { display: 'flex', flexDirection: 'column', gap: 6 }, ...rows))
      : h('div', { fontSize: 40, color: alpha(text, 0.7) }, 'Lineup to be announced');
  return h(
    'div',
    {
      display: 'flex',
      width: WIDTH,
      minHeight: MIN_HEIGHT,
      backgroundColor: background,
      backgroundImage: `linear-gradient(160deg, ${alpha(accent, 0.22)} 0%, ${alpha(background, 0)} 45%)`,
      color: text,
      fontFamily: 'Inter',
    },
    // Explicit widths: satori lays out like a browser with content-box sizing.
    h(
      'div',
      { display: 'flex', flexDirection: 'column', width: WIDTH - 2 * MARGIN, margin: `60px ${MARGIN}px 64px` },
      header,
      h('div', { width: 120, height: 6, borderRadius: 3, backgroundColor: accent, marginTop: 30, marginBottom: 30 }),
      lineup,
    ),
  );
}

/** Satori draws text as shapes: a title and description give the SVG its words (screen readers, search). */
function described(svg: string, { event, zones }: LineupImageInput): string {
  const escape = (text: string) => text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c] ?? c);
  const title = `<title>${escape(`Lineup of ${event.name}`)}</title>`;
  const desc = `<desc>${escape(event.cancelled ? CANCELLED_WORDS : lineupLines(event, zones[0]!).join('\n') || 'Lineup to be announced')}</desc>`;
  return svg.replace(/^<svg[^>]*>/, (open) => `${open}${title}${desc}`);
}

/**
 * The input as it can be drawn: text without what is not text (noncharacters, broken surrogates:
 * SVG, being XML, refuses U+FFFE and U+FFFF, which made the PNG fail) nor control characters, for
 * rows stored before names refused them and names that came from Discord. The same input always
 * draws the same image, so this is also what an image is cached by.
 */
export function drawableInput(input: LineupImageInput): LineupImageInput {
  const text = (value: string) => withoutNonText(value).replace(/\p{Cc}/gu, '');
  return {
    seriesName: text(input.seriesName),
    event: {
      name: text(input.event.name),
      startDatetime: input.event.startDatetime,
      host: text(input.event.host),
      cancelled: input.event.cancelled,
      slots: input.event.slots.map((slot) => ({ name: text(slot.name), startTime: slot.startTime, endTime: slot.endTime, isDebut: slot.isDebut })),
    },
    zones: input.zones,
    colours: input.colours,
  };
}

let fonts: Fonts | undefined;

/**
 * The image of a drawable input (drawableInput): SVG text, or PNG. `loadAdditionalAsset` answers
 * satori's requests for text Inter's Latin cannot draw (image-fonts.ts; tests watch it).
 */
export async function drawLineupImage(input: LineupImageInput, format: ImageFormat, loadAdditionalAsset = loadSubsetFonts): Promise<Buffer> {
  fonts ??= loadFonts();
  const svg = described(await satori(layout(input) as unknown as Parameters<typeof satori>[0], { width: WIDTH, fonts, loadAdditionalAsset }), input);
  return format === 'svg' ? Buffer.from(svg) : new Resvg(svg, { fitTo: { mode: 'width', value: WIDTH } }).render().asPng();
}
