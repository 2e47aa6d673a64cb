import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorBody } from '@shared/api/errors.js';

// What the server answers for requests it cannot even route or parse, in the same { code,
// message } shape as every other error: a malformed address, a request whose headers are too
// large, a sender too slow to finish its request.

/** An address the router cannot decode (e.g. a lone '%'). */
export function frameworkErrors(_error: Error, _request: FastifyRequest, reply: FastifyReply) {
  const body: ApiErrorBody = { code: 'invalid_request', message: 'The address is not valid.' };
  void reply.code(400).send(body);
}

const CLIENT_ERRORS: Record<string, { status: number; body: ApiErrorBody }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, body: { code: 'invalid_request', message: 'The request took too long to arrive.' } },
  HPE_HEADER_OVERFLOW: { status: 431, body: { code: 'too_large', message: 'The request headers are too large.' } },
};
const MALFORMED = { status: 400, body: { code: 'invalid_request', message: 'The request is not valid HTTP.' } as ApiErrorBody };

/** Errors on the connection before a request exists (Node's clientError). */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, body } = CLIENT_ERRORS[error.code ?? ''] ?? MALFORMED;
  if (socket.writable) {
    const json = JSON.stringify(body);
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(json)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy();
}
