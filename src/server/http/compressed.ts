import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { codedEtag, etagOf, matchesEtag } from './cacheable.js';

// What the server writes itself (its pages, the feeds) goes out compressed, as the built files do
// (scripts/precompress.mjs): brotli to a browser that takes it, else gzip, else as it is. Each
// coding of a body is made once, off the event loop (zlib's thread pool), and kept with it.

type Coding = 'br' | 'gzip';
const CODINGS = ['br', 'gzip', 'identity'];

/** Below this, a coding saves less than its headers cost (as @fastify/compress's threshold). */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** How hard to work: an answer kept for many requests earns the best; one made per request a quick pass. */
export type Effort = 'kept' | 'once';

const encode = (body: Buffer, coding: Coding, effort: Effort): Promise<Buffer> =>
  coding === 'br'
    ? brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: effort === 'kept' ? 11 : 5,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipped(body, { level: effort === 'kept' ? 9 : 6 });

/** A body to send as it is or in a coding, with its tag; the codings are made when first asked for, then kept. */
export class CompressibleBody {
  readonly body: Buffer;
  readonly etag: string;
  private readonly codings = new Map<Coding, Promise<Buffer>>();
  private readonly offered: string[] = CODINGS;

  constructor(
    body: string | Buffer,
    readonly type: string,
    private readonly effort: Effort,
    etag?: string,
    /**
     * The build's own copies of a file (scripts/precompress.mjs): then only those are offered, as
     * the build made none where a coding saves nothing (fonts, already compressed).
     */
    made?: Partial<Record<Coding, Buffer>>,
  ) {
    this.body = typeof body === 'string' ? Buffer.from(body) : body;
    this.etag = etag ?? etagOf(this.body);
    if (made) {
      for (const [coding, bytes] of Object.entries(made)) this.codings.set(coding as Coding, Promise.resolve(bytes));
      this.offered = [...this.codings.keys(), 'identity'];
    }
  }

  /** The coding to send this body in for that Accept-Encoding, or null for the body as it is. */
  codingFor(acceptEncoding: string | string[] | undefined): Coding | null {
    if (this.body.length < MIN_BYTES) return null;
    const coding = negotiate([acceptEncoding ?? ''].flat().join(','), this.offered);
    return coding === 'br' || coding === 'gzip' ? coding : null;
  }

  coded(coding: Coding): Promise<Buffer> {
    let made = this.codings.get(coding);
    if (!made) {
      made = encode(this.body, coding, this.effort);
      this.codings.set(coding, made);
      made.catch(() => this.codings.delete(coding));
    }
    return made;
  }

  /** The bytes kept for this body: the body and the codings made so far. */
  get size(): number {
    return this.body.length * (1 + this.codings.size);
  }
}

/** Adds a request header to the answer's Vary (keeping what the route set). */
export function varyOn(reply: FastifyReply, header: string): FastifyReply {
  const current = reply.getHeader('vary');
  const names = (typeof current === 'string' ? current.split(',') : []).map((name) => name.trim()).filter(Boolean);
  if (!names.some((name) => name.toLowerCase() === header.toLowerCase())) names.push(header);
  return reply.header('vary', names.join(', '));
}

/**
 * Sends a body with its tag, in the coding the request accepts best; 304 with no body when the
 * request's If-None-Match names it (in any coding). The caller sets Cache-Control.
 */
export async function sendCompressible(request: FastifyRequest, reply: FastifyReply, answer: CompressibleBody, status = 200): Promise<FastifyReply> {
  varyOn(reply, 'Accept-Encoding');
  const coding = answer.codingFor(request.headers['accept-encoding']);
  const etag = coding ? codedEtag(answer.etag, coding) : answer.etag;
  reply.header('etag', etag);
  if (status === 200 && matchesEtag(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  reply.code(status).type(answer.type);
  if (!coding) return reply.send(answer.body);
  return reply.header('content-encoding', coding).send(await answer.coded(coding));
}
