import type { FastifyReply, FastifyRequest } from 'fastify';
import { REFUSED_BODY_DRAIN_BYTES } from '../limits.js';

// An answer given before the request's body has arrived (413 for a body over the limit, a refusal
// by the guard). Fastify asks for the connection to close after a refused body, and closing a
// socket while the client's bytes are still unread makes the kernel reset the connection (TCP
// RST), which throws away the answer on its way: a client that sends its whole body before reading
// (curl with a file, Python, a form post) saw "connection reset" instead of the 413, and how much
// of the body was in flight at that moment decided which. So the rest of the body is read and
// dropped on a connection that stays open, up to REFUSED_BODY_DRAIN_BYTES and within the request
// timeout (Node's, which still applies); a body declared or found larger is not worth reading, and
// its connection is closed.

export function drainUnreadBody(request: FastifyRequest, reply: FastifyReply): void {
  const raw = request.raw;
  if (raw.complete || raw.destroyed) return;
  if (Number(request.headers['content-length']) > REFUSED_BODY_DRAIN_BYTES) {
    // Not worth reading: the connection closes after the answer (Node would read it all otherwise).
    reply.header('connection', 'close');
    return;
  }
  reply.removeHeader('connection');
  let dropped = 0;
  raw.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > REFUSED_BODY_DRAIN_BYTES) raw.socket?.destroy();
  });
  raw.resume();
}
