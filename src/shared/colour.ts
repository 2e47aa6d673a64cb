// Colours made safe to use on the app's surfaces: WCAG 2.2 contrast, mixing, and the nearest
// shade of a colour that reaches a contrast. Pure; sRGB hex colours (#rrggbb).

type Rgb = [number, number, number];

const toRgb = (hex: string): Rgb => {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
};

const toHex = (rgb: Rgb) => `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;

/** '255, 79, 154': the form Bootstrap's `--bs-*-rgb` variables take. */
export const rgbTriple = (hex: string) => toRgb(hex).join(', ');

/** WCAG relative luminance. */
function luminance(hex: string): number {
  const [r, g, b] = toRgb(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours, 1 to 21. */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `hex` mixed toward `target` by `amount` (0: hex, 1: target). */
export function mix(hex: string, target: string, amount: number): string {
  const from = toRgb(hex);
  const to = toRgb(target);
  return toHex(from.map((channel, i) => channel + (to[i]! - channel) * amount) as Rgb);
}

/**
 * The shade of `colour` nearest to it (mixed toward `toward`, black or white) that has at least
 * `ratio` contrast against every colour in `against`; the colour itself when it already does.
 */
export function accessibleShade(colour: string, against: readonly string[], ratio: number, toward: string): string {
  for (let step = 0; step <= 100; step++) {
    const shade = mix(colour, toward, step / 100);
    if (against.every((background) => contrast(shade, background) >= ratio)) return shade;
  }
  return toward;
}

/** Of `candidates`, the one that reads best on `background`. */
export const bestOn = (background: string, candidates: readonly string[]) =>
  candidates.reduce((best, candidate) => (contrast(candidate, background) > contrast(best, background) ? candidate : best));
