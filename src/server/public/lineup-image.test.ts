import type { Limits } from '../limits.js';
import { insertPublishedLineup } from '../testing/fixtures.js';
import { startTestApp, testDialects, type TestApp } from '../testing/harness.js';

// The lineup image under a hostile visitor (issue 25): renders run off the event loop, a full
// render queue answers 503 with Retry-After at once, spellings of one request share one cached
// image, the feeds have a rate limit, and names that are not text (stored before names refused
// them) are left out of the image rather than failing it.

const publishedLineup = (app: TestApp, slots: number, names?: Parameters<typeof insertPublishedLineup>[2]) => insertPublishedLineup(app.ctx.store.db, slots, names);

/** A colour nobody asked for before: every request with one is a new render. */
let colours = 0;
const freshColour = () => (0x100000 + ++colours * 7919).toString(16).slice(-6);

describe.each(testDialects)('lineup images on %s', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect);
  });
  afterAll(async () => {
    await app.destroy();
  });

  test('spellings of one request share one image: colour case and #, parameter order, zone spelling', async () => {
    const eventId = await publishedLineup(app, 3);
    const spellings = [
      '?bg=ABCDEF&fg=FFFFFF&tz=Europe/London,Australia/Sydney',
      '?bg=%23abcdef&fg=ffffff&tz=europe/london,AUSTRALIA/SYDNEY',
      '?tz=Europe/London,%20Australia/Sydney,europe/london&fg=%23FFFFFF&bg=abcdef',
      '?fg=fff%46FF&bg=aBcDeF&tz=Europe/London,Australia/Sydney&v=7',
    ];
    const tags = new Set<string | null>();
    for (const query of spellings) {
      const response = await app.request('GET', `/feeds/lineup/${eventId}.png${query}`);
      expect(response.status, query).toBe(200);
      tags.add(response.headers.get('etag'));
    }
    expect(tags.size).toBe(1);
    // A different zone order is a different image (the columns swap).
    const swapped = await app.request('GET', `/feeds/lineup/${eventId}.png?bg=abcdef&fg=ffffff&tz=Australia/Sydney,Europe/London`);
    expect(tags.has(swapped.headers.get('etag'))).toBe(false);
  });

  test('the server answers other requests while an image is being drawn', async () => {
    // Long enough to draw that a render on the event loop would hold every other request back.
    const eventId = await publishedLineup(app, 60);
    const order: string[] = [];
    const image = app.request('GET', `/feeds/lineup/${eventId}.png?bg=${freshColour()}`).then((response) => {
      order.push(`image ${response.status}`);
    });
    // Once the render has started (its request has reached the server), ask for something cheap.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const health = app.request('GET', '/healthz').then((response) => {
      order.push(`healthz ${response.status}`);
    });
    await Promise.all([image, health]);
    expect(order).toEqual(['healthz 200', 'image 200']);
  });

  test('a stored name that is not text (U+FFFE, U+FFFF, U+FDD0, a broken surrogate) is left out: the PNG answers 200', async () => {
    const eventId = await publishedLineup(app, 3, {
      event: 'Night \uFFFF of noise',
      host: 'Hal\uFDD0',
      slot: (i) => [`DJ \uFFFEBad`, `Broken \uD83D pair`, `Fine \u{1F3A7}`][i]!,
    });
    const png = await app.request('GET', `/feeds/lineup/${eventId}.png`);
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    const svg = await app.request<string>('GET', `/feeds/lineup/${eventId}.svg`);
    expect(svg.status).toBe(200);
    expect(svg.body).toContain('<desc>');
    expect(svg.body).toContain('DJ Bad');
    expect(svg.body).not.toMatch(/[\uFFFE\uFFFF\uFDD0]/);
  });
});

describe.each(testDialects)('lineup images with one render thread and a queue of one on %s', (dialect) => {
  const SMALL: Partial<Limits> = { imageThreads: 1, imageQueue: 1 };
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect, { TRUST_PROXY: '127.0.0.1' }, { limits: SMALL });
  });
  afterAll(async () => {
    await app.destroy();
  });

  test('renders beyond the thread and the queue are refused at once with 503, Retry-After and a message; the server recovers', async () => {
    const eventId = await publishedLineup(app, 40);
    // Twelve visitors (their own addresses, so no rate limit is reached), each in new colours.
    const asked = Array.from({ length: 12 }, () => freshColour());
    const answers = await Promise.all(
      asked.map((colour, i) =>
        app.request<{ code: string; message: string }>('GET', `/feeds/lineup/${eventId}.png?bg=${colour}`, { headers: { 'x-forwarded-for': `203.0.113.${i + 1}` } }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    // One drawn, one waiting: the others (all but a render that finished meanwhile) refused.
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(1);
    const refused = answers.filter((answer) => answer.status === 503);
    expect(refused.length).toBeGreaterThanOrEqual(6);
    expect(refused.length + statuses.filter((status) => status === 200).length).toBe(12);
    for (const answer of refused) {
      expect(answer.headers.get('retry-after')).toBe('5');
      expect(answer.body).toEqual({ code: 'busy', message: 'Lineup images are busy being drawn right now. Please try again in 5 seconds.' });
      expect(answer.headers.get('cache-control')).toBeNull();
    }
    // A refused render is not remembered: asked again once the queue is free, it is drawn.
    const refusedColour = asked[answers.findIndex((answer) => answer.status === 503)];
    const again = await app.request('GET', `/feeds/lineup/${eventId}.png?bg=${refusedColour}`, { headers: { 'x-forwarded-for': '203.0.113.99' } });
    expect(again.status).toBe(200);
  });
});

describe.each(testDialects)('the feeds rate limit on %s', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect);
  });
  afterAll(async () => {
    await app.destroy();
  });

  test('the text feeds allow 60 requests a minute per address, images 30, then 429 with a message and Retry-After', async () => {
    const eventId = await publishedLineup(app, 1);
    for (const [path, allowed] of [
      ['/feeds/next.json', 60],
      [`/feeds/lineup/${eventId}.svg`, 30],
    ] as const) {
      const statuses: number[] = [];
      for (let i = 0; i < allowed; i++) statuses.push((await app.request('GET', path)).status);
      expect(statuses.every((status) => status === 200), path).toBe(true);
      // HEAD is the same route and the same allowance (it would draw the image too).
      expect((await app.request('HEAD', path)).status, path).toBe(429);
      const limited = await app.request<{ code: string; message: string }>('GET', path);
      expect(limited.status, path).toBe(429);
      expect(limited.body).toEqual({ code: 'rate_limited', message: 'Too many requests for the feeds from your address. Please wait a minute and try again.' });
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // Each feed has its own allowance: the calendar still answers.
    expect((await app.request('GET', '/feeds/events.ics')).status).toBe(200);
  });
});

describe.each(testDialects)('a lineup image that takes too long on %s', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect, {}, { limits: { imageRenderTimeoutMs: 1 } });
  });
  afterAll(async () => {
    await app.destroy();
  });

  test('is abandoned and answered 503', async () => {
    const eventId = await publishedLineup(app, 3);
    for (let i = 0; i < 2; i++) {
      const answer = await app.request<{ code: string }>('GET', `/feeds/lineup/${eventId}.png?bg=${freshColour()}`);
      expect(answer.status).toBe(503);
      expect(answer.body.code).toBe('busy');
    }
  });
});
