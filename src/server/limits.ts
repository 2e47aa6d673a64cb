import { ARCHIVE_MAX_BYTES } from '@shared/archive/schema.js';
import { ROSTER_IMPORT_MAX_CHARS } from '@shared/archive/roster-csv.js';
import os from 'node:os';

// The limits the server keeps, in one place (docs/security.md says why each exists). The
// numbers a test needs short (timeouts, intervals) or small (streams, render threads) can be
// overridden through startServer's `limits` option, never through the environment.

export interface Limits {
  /** The whole request (headers and body) must arrive within this; slower senders get 408. */
  requestTimeoutMs: number;
  /** The request headers must arrive within this (slow-header attacks hold a socket otherwise). */
  headersTimeoutMs: number;
  /**
   * An idle kept-alive connection is closed after this. Above the 60 s idle timeout common
   * reverse proxies (nginx upstream keepalive, cloud load balancers) use, so the proxy never
   * sends a request on a connection the app is closing.
   */
  keepAliveTimeoutMs: number;
  /** How often Node compares requests in progress with the two timeouts above (its default is 30 s). */
  timeoutCheckIntervalMs: number;
  /** One call to Discord (connect, answer and body together) must finish within this. */
  discordTimeoutMs: number;
  /** A comment line on every open live-update stream, and the moment each is checked against its session. */
  streamHeartbeatMs: number;
  /** How often sessions past their expiry are deleted. */
  sessionPurgeIntervalMs: number;
  /** Open live-update streams per session and in all (STREAM_LIMITS; tests use small ones). */
  streamsPerSession: number;
  streamsTotal: number;
  /** Lineup image render threads, renders waiting for one, and how long one render may take (LINEUP_IMAGES). */
  imageThreads: number;
  imageQueue: number;
  imageRenderTimeoutMs: number;
  /** The schedule of posts to DJs looks for due posts at least this often (another instance may have scheduled one). */
  postPollMs: number;
  /** ...and brings every upcoming event's reminders in step this often (after an import, say). */
  postReconcileMs: number;
}

/**
 * Open live-update (server-sent events) streams: each holds a socket and a subscription. A
 * person has a few event pages open at most; a script opening thousands is refused with 429.
 */
export const STREAM_LIMITS = {
  perSession: 10,
  total: 1000,
} as const;

/**
 * Lineup images (public/image-renderer.ts) are drawn on worker threads, never on the event loop: a
 * render takes from a tenth of a second (a dozen slots) to ten seconds (200 slots), and anyone may
 * ask for one in colours nobody asked for before. One core is left to the event loop. Renders
 * beyond the threads wait in a short queue; past it the answer is 503 with Retry-After, at once.
 */
export const LINEUP_IMAGES = {
  threads: Math.max(1, Math.min(2, os.availableParallelism() - 1)),
  queued: 8,
  /** Images kept, by their normalised input, and their bytes in all (a 12-slot PNG is about 150 KB, a 200-slot SVG 4.5 MB). */
  cached: 32,
  cachedBytes: 32 * 1024 * 1024,
  /** A render taking longer is abandoned (its thread replaced) and answered 503. */
  timeoutMs: 30_000,
  /** A thread idle this long ends, freeing the memory its fonts and libraries hold. */
  idleMs: 60_000,
  /** What a refused request is told to wait, in seconds. */
  retryAfterSeconds: 5,
} as const;

/**
 * The public feeds, per client address and route; beyond, 429 with Retry-After. Calendars and
 * in-world boards poll every few minutes, a visitor's screen fetches an image once, and staff's
 * colour preview asks at most every 400 ms while a picker moves: people stay far below these,
 * scripts do not. An image costs a render, so it gets the smaller allowance.
 */
export const FEED_RATE_LIMITS = {
  feeds: { max: 60, timeWindowMs: 60_000 },
  images: { max: 30, timeWindowMs: 60_000 },
} as const;

/**
 * The public pages and feeds, kept rendered and compressed (decision 036). What each is drawn
 * from is kept until the data changes (or the clock moves an event off the list), by event or by
 * the feed's address; the pages themselves by what they are drawn from, so that a write that
 * changes none of it costs a few reads and never a render, and their tags stay the same.
 */
export const PUBLIC_ANSWERS = {
  /** Page data by event, the index's, and feeds by their parameters (zones, link origin, DJ). */
  lookups: 512,
  /** Rendered pages by data, theme and link origin: a page is about 8 KB, 15 KB with its codings. */
  pages: 256,
  pageBytes: 16 * 1024 * 1024,
} as const;

/** Rate limits' counts (http/rate-limit-counts.ts, decision 037). */
export const RATE_LIMIT_COUNTS = {
  /** Windows kept per route, the least recently used making room (as @fastify/rate-limit's own store). */
  windowsPerRoute: 5000,
  /** Connections for the shared counts of several instances on PostgreSQL, apart from the data's. */
  pool: 4,
  /** How often windows that have ended are deleted from the table. */
  purgeEveryMs: 10 * 60_000,
  /** How often an instance looks whether it is alone (also at each request). */
  followEveryMs: 500,
} as const;

export const DEFAULT_LIMITS: Limits = {
  // The largest real body (an event save, up to 256 KB) arrives in well under this on a slow line.
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 10_000,
  keepAliveTimeoutMs: 72_000,
  timeoutCheckIntervalMs: 2_000,
  discordTimeoutMs: 10_000,
  // Proxies close idle connections after a minute or so.
  streamHeartbeatMs: 25_000,
  sessionPurgeIntervalMs: 60 * 60_000,
  streamsPerSession: STREAM_LIMITS.perSession,
  streamsTotal: STREAM_LIMITS.total,
  imageThreads: LINEUP_IMAGES.threads,
  imageQueue: LINEUP_IMAGES.queued,
  imageRenderTimeoutMs: LINEUP_IMAGES.timeoutMs,
  postPollMs: 30_000,
  postReconcileMs: 60 * 60_000,
};

/** Sending the posts to DJs (dj-posts/scheduler.ts). */
export const DJ_POSTS = {
  /** Posts one run claims at a time; they are sent one after another. */
  claimed: 10,
  /** A post claimed longer ago than this was being sent by an instance that stopped: failed (it may have arrived). */
  staleClaimMs: 5 * 60_000,
  /** Discord down for a moment: tried again after this, up to `attempts` times, while it may still be sent. */
  retryMs: 60_000,
  attempts: 3,
} as const;

/**
 * Request bodies beyond this get 413. The largest real body is an event save: with 60 signups
 * and 12 slots it measures about 38 KB as the client sends it (signups carry the DJs' form
 * data), and about 275 KB with every text at its limit, so 64 KB would refuse real saves.
 */
export const BODY_LIMIT_BYTES = 256 * 1024;

/**
 * The imports of Global Settings (admins only) take a file's text inside JSON, where escaping
 * can double its size: room for the largest file each accepts (shared/archive).
 */
export const ARCHIVE_BODY_LIMIT_BYTES = 2 * ARCHIVE_MAX_BYTES + 64 * 1024;
export const ROSTER_BODY_LIMIT_BYTES = 2 * ROSTER_IMPORT_MAX_CHARS + 64 * 1024;

/**
 * A body refused before it was read (too large, or the request refused by the guard) is still read
 * and dropped, up to this much and within the request timeout, so that a client still sending it
 * can read the answer (http/unread-body.ts); a larger or slower one has its connection closed.
 */
export const REFUSED_BODY_DRAIN_BYTES = 64 * 1024 * 1024;

/** Membership and roles are checked with Discord again (docs/security.md, "Sessions"). */
export const SESSION_CHECK = {
  /** A session is checked again once this long has passed since its last successful check. */
  everyMs: 24 * 60 * 60_000,
  /** Discord unreachable: keep the session, try again on a request after this back-off. */
  retryAfterMs: 60_000,
  /** A session not successfully checked for longer than this ends, outage or not. */
  maxUncheckedMs: 48 * 60 * 60_000,
  /** The access token is refreshed when it expires within this. */
  refreshMarginMs: 5 * 60_000,
  /** How long one app instance holds a check it started (so no other one starts the same check). */
  claimMs: 60_000,
} as const;

/**
 * Session rows the guard keeps in memory between writes (a few hundred bytes each), and for at
 * most `maxAgeMs` whatever the data version says: a bound on trusting another instance's notices.
 */
export const SESSION_ROWS = { cached: 10_000, maxAgeMs: 10_000 } as const;

/** PostgreSQL's listening connection (db/notices-pg.ts). */
export const NOTICE_LISTENER = {
  /** It notifies itself this often... */
  heartbeatMs: 2_000,
  /** ...and counts as dropped when it has heard nothing back for this long. */
  silentAfterMs: 6_000,
  reconnectMs: 1_000,
  /** TCP keep-alive probes start after this much quiet (the system default is two hours). */
  keepAliveMs: 10_000,
} as const;
