import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { BoundedCache } from '../bounded-cache.js';
import { drawableInput, type ImageFormat, type LineupImageInput } from './image.js';
import type { RenderTask } from './image-worker.js';

// Lineup images drawn off the event loop (issue 25): a render takes from a tenth of a second (a
// dozen slots) to ten seconds (200 slots), and anyone may ask for one in colours nobody asked for
// before. Renders run on a small pool of worker threads (piscina), one core left to the event
// loop; renders beyond the threads wait in a short queue, and a request that finds the queue full
// is told at once to come back (RendererBusy: 503 with Retry-After) rather than piling up. Images
// are kept by their normalised input (drawableInput, after the query's colours and zones were put
// in their one form), so spellings of the same request share one render and one entry.

export interface ImageRendererLimits {
  /** Render threads. */
  threads: number;
  /** Renders waiting for a thread; one more is refused. */
  queued: number;
  /** Images kept (least recently used go first), and their bytes in all (a 200-slot SVG is 4.5 MB). */
  cached: number;
  cachedBytes: number;
  /** A render taking longer is abandoned, its thread replaced. */
  timeoutMs: number;
  /** A thread idle this long ends, freeing its memory. */
  idleMs: number;
}

/** The pool cannot take the render now: its queue is full, or the render took too long. */
export class RendererBusy extends Error {}

export interface LineupImageRenderer {
  /** The image and its fingerprint (the same input always gives the same bytes and tag). */
  render(input: LineupImageInput, format: ImageFormat): Promise<{ body: Buffer; etag: string }>;
  close(): Promise<void>;
}

/**
 * The render threads' module: beside this file when the server runs from source (tests, `npm
 * run dev`, through tsx), else the entry the server build writes next to main.js
 * (vite.server.config.ts).
 */
function workerModule(): { filename: string; execArgv: string[] } {
  if (import.meta.url.endsWith('.ts')) return { filename: new URL('./image-worker.ts', import.meta.url).href, execArgv: ['--import', 'tsx'] };
  const built = new URL('./public/image-worker.js', import.meta.url);
  if (!fs.existsSync(fileURLToPath(built))) throw new Error(`The lineup image worker is missing (${fileURLToPath(built)}): run npm run build.`);
  return { filename: built.href, execArgv: [] };
}

export function lineupImageRenderer(limits: ImageRendererLimits): LineupImageRenderer {
  const pool = new Piscina<RenderTask, Uint8Array>({
    ...workerModule(),
    minThreads: 0,
    maxThreads: limits.threads,
    idleTimeout: limits.idleMs,
  });
  type Image = { body: Buffer; etag: string };
  const cache = new BoundedCache<Image>({ count: limits.cached, bytes: limits.cachedBytes }, (image) => image.body.byteLength);

  const draw = async (task: RenderTask, etag: string) => {
    try {
      const body = await pool.run(task, { signal: AbortSignal.timeout(limits.timeoutMs) });
      return { body: Buffer.from(body.buffer, body.byteOffset, body.byteLength), etag };
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw new RendererBusy(`a render took longer than ${limits.timeoutMs} ms`);
      throw error;
    }
  };

  return {
    render(raw, format) {
      const input = drawableInput(raw);
      const key = createHash('sha256').update(JSON.stringify([format, input])).digest('base64url');
      const hit = cache.get(key);
      if (hit) return hit;
      if (pool.queueSize >= limits.queued) return Promise.reject(new RendererBusy('the render queue is full'));
      return cache.keep(key, draw({ input, format }, `"${key.slice(0, 32)}"`));
    },
    close: () => pool.destroy(),
  };
}
