import { accessibleShade, bestOn, contrast, mix } from './colour.js';

test('contrast is the WCAG ratio: 21 for black on white, 1 for a colour on itself', () => {
  expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
  expect(contrast('#ff4f9a', '#ff4f9a')).toBe(1);
  // Bootstrap's grey on white, a known 4.69.
  expect(contrast('#6c757d', '#ffffff')).toBeCloseTo(4.69, 2);
});

test('an accent too light for white text is darkened just enough, keeping its hue', () => {
  const shade = accessibleShade('#ff4f9a', ['#ffffff'], 4.5, '#000000');
  expect(contrast(shade, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  expect(contrast(shade, '#ffffff')).toBeLessThan(4.9);
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(shade.slice(i, i + 2), 16));
  expect(r).toBeGreaterThan(g! * 2);
  expect(r).toBeGreaterThan(b! * 1.2);
});

test('an accent that already reads is kept as it is', () => {
  expect(accessibleShade('#5b21b6', ['#ffffff'], 4.5, '#000000')).toBe('#5b21b6');
});

test('on a dark surface a dark accent is lightened until it reads against every surface given', () => {
  const surfaces = ['#120e1f', '#1c1730'];
  const shade = accessibleShade('#4a148c', surfaces, 4.5, '#ffffff');
  for (const surface of surfaces) expect(contrast(shade, surface)).toBeGreaterThanOrEqual(4.5);
});

test('text on a colour is the candidate that reads better', () => {
  expect(bestOn('#ffd60a', ['#ffffff', '#000000'])).toBe('#000000');
  expect(bestOn('#16112b', ['#000000', '#ffffff'])).toBe('#ffffff');
});

test('mixing goes from the colour (0) to the target (1)', () => {
  expect(mix('#ff0000', '#0000ff', 0)).toBe('#ff0000');
  expect(mix('#ff0000', '#0000ff', 1)).toBe('#0000ff');
  expect(mix('#000000', '#ffffff', 0.5)).toBe('#808080');
});
