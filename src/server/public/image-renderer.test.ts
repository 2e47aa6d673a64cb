import { lineupImageRenderer, type ImageRendererLimits } from './image-renderer.js';
import type { LineupImageInput } from './image.js';

// The render pool's cache (image-renderer.ts), directly: the same drawable input is one render,
// however its names were stored; the cache keeps to its count and its bytes.

const LIMITS: ImageRendererLimits = { threads: 1, queued: 8, cached: 32, cachedBytes: 32 * 1024 * 1024, timeoutMs: 30_000, idleMs: 1_000 };

const input = (name: string): LineupImageInput => ({
  seriesName: 'Sunday Service',
  event: { name, startDatetime: '2030-06-09T19:00:00.000Z', host: 'Hal', cancelled: false, slots: [{ name: 'DJ One', startTime: '2030-06-09T19:00:00.000Z', endTime: '2030-06-09T20:00:00.000Z', isDebut: false }] },
  zones: ['Europe/London'],
  colours: { background: '#101010', text: '#ffffff', accent: '#ff3366' },
});

test('one render for inputs that draw the same, and a new one once the cache has let it go', async () => {
  const renderer = lineupImageRenderer(LIMITS);
  const tiny = lineupImageRenderer({ ...LIMITS, cachedBytes: 1 });
  try {
    const first = renderer.render(input('Night'), 'svg');
    // U+FFFF cannot be drawn: left out, the input is the same.
    expect(renderer.render(input('Night\uFFFF'), 'svg')).toBe(first);
    const { body, etag } = await first;
    expect(body.toString()).toContain('<title>Lineup of Night</title>');
    expect(renderer.render(input('Night'), 'svg')).toBe(first);
    expect((await renderer.render(input('Day'), 'svg')).etag).not.toBe(etag);

    // Over its bytes, an image is not kept: the same input is drawn again (the same bytes).
    const once = tiny.render(input('Night'), 'svg');
    const drawn = await once;
    const again = tiny.render(input('Night'), 'svg');
    expect(again).not.toBe(once);
    expect((await again).etag).toBe(drawn.etag);
  } finally {
    await renderer.close();
    await tiny.close();
  }
});
