// Calls from the server to another service (Discord): the whole exchange, connecting, headers
// and the body read, is bounded by one timeout, and the answer by a size, so a service that
// stalls or floods cannot hold a request of ours open. A redirect is an answer like any other,
// never followed: Discord's API does not redirect, and following one would send a code, a token or
// a webhook's message to wherever the answer points. Failures say why in words safe to log: never
// the URL (a webhook's is its credential) nor anything sent.

/** Discord's answers are small; anything bigger is not Discord. */
const MAX_ANSWER_BYTES = 1024 * 1024;

export class OutboundFailure extends Error {
  constructor(
    /** What went wrong, for the log. */
    readonly reason: string,
    /** No complete answer within the timeout. */
    readonly timedOut = false,
  ) {
    super(reason);
  }
}

export interface OutboundAnswer {
  status: number;
  headers: Headers;
  text: string;
}

/** One request and its whole answer within `timeoutMs`. */
export async function fetchWithin(
  url: string,
  init: { method?: string; headers: Record<string, string>; body?: string },
  timeoutMs: number,
): Promise<OutboundAnswer> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetch(url, { ...init, signal, redirect: 'manual', headers: { 'user-agent': 'Lineup', ...init.headers } });
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel();
      throw new OutboundFailure(`answered a redirect (${response.status}), which is not followed`);
    }
    return { status: response.status, headers: response.headers, text: await readText(response) };
  } catch (error) {
    if (error instanceof OutboundFailure) throw error;
    if (signal.aborted) throw new OutboundFailure(`no complete answer within ${timeoutMs} ms`, true);
    // undici's own message and its cause's code ('fetch failed', ECONNREFUSED) never carry the URL.
    const cause = (error as { cause?: { code?: unknown } }).cause?.code;
    throw new OutboundFailure(`${(error as Error).name}: ${(error as Error).message}${typeof cause === 'string' ? ` (${cause})` : ''}`);
  }
}

/** The body as text, read under the request's signal, refused beyond MAX_ANSWER_BYTES. */
async function readText(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await reader.cancel();
      throw new OutboundFailure(`answer larger than ${MAX_ANSWER_BYTES} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The JSON of an answer, or undefined when it is not JSON. */
export function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
