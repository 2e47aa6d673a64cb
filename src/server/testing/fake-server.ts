import http from 'node:http';
import type { AddressInfo } from 'node:net';

// What the tests' fake Discord servers (fake-discord.ts, fake-webhook.ts) share: a local HTTP
// server that reads each request's body, answers JSON, and can be made to misbehave the ways a
// remote API does.

/**
 * How an endpoint answers: normally, with a status, with a body that is not JSON, never
 * (`stall`), with the headers and then nothing more (`stallBody`), normally after a delay, or with a
 * redirect elsewhere (307 unless said).
 */
export type Behaviour = 'ok' | 'malformed' | 'stall' | 'stallBody' | { status: number } | { delayMs: number } | { redirectTo: string; status?: number };

export interface Exchange {
  request: http.IncomingMessage;
  response: http.ServerResponse;
  body: string;
  send(status: number, json?: unknown): void;
  /** Runs `ok` when the behaviour is to answer normally (at once or after its delay); otherwise misbehaves. */
  answer(behaviour: Behaviour, ok: () => void): void;
}

export async function startFakeServer(handle: (exchange: Exchange) => void) {
  const held = new Set<http.ServerResponse>();
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const send = (status: number, json?: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(json === undefined ? '' : JSON.stringify(json));
      };
      const answer = (behaviour: Behaviour, ok: () => void) => {
        if (behaviour === 'ok') return ok();
        if (behaviour === 'malformed') {
          response.writeHead(200, { 'content-type': 'application/json' });
          return response.end('{"id": "1", <html>oops');
        }
        if (behaviour === 'stall') return void held.add(response);
        if (behaviour === 'stallBody') {
          held.add(response);
          response.writeHead(200, { 'content-type': 'application/json' });
          return void response.write('{"id": "12');
        }
        if ('redirectTo' in behaviour) {
          response.writeHead(behaviour.status ?? 307, { location: behaviour.redirectTo });
          return response.end();
        }
        if ('status' in behaviour) return send(behaviour.status, { message: `${behaviour.status}: fake failure`, code: 0 });
        setTimeout(ok, behaviour.delayMs);
      };
      handle({ request, response, body, send, answer });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const releaseHeld = () => {
    for (const response of held) response.destroy();
    held.clear();
  };
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Ends the answers held by `stall` and `stallBody`. */
    releaseHeld,
    close: () =>
      new Promise<void>((resolve) => {
        releaseHeld();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A server at another origin that records what reaches it and answers 200 with `json` (something a
 * caller might take for Discord's answer): where a redirect from a fake Discord leads.
 */
export async function startElsewhere(json: unknown) {
  const seen: string[] = [];
  const server = await startFakeServer(({ request, send }) => {
    seen.push(`${request.method} ${request.url}`);
    send(200, json);
  });
  return { ...server, seen };
}
