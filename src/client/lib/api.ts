import type { CallInput, Contract, ResponseOf } from '@shared/api/contract';
import { urlOf } from '@shared/api/contract';
import type { ApiErrorBody, ErrorCode } from '@shared/api/errors';

// The one way the client talks to the server: a call is a contract (shared/api) and its input;
// errors carry the server's code and message.

export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** What went wrong, for the program (shared/api/errors.ts); 'server_error' when unknown. */
    readonly code: ErrorCode,
    message: string,
    readonly body: Partial<ApiErrorBody> | undefined,
  ) {
    super(message);
  }
}

/** Writes on their way, by what they send (method, address, body). */
const writesInFlight = new Map<string, Promise<unknown>>();

/**
 * Calls the endpoint. One press, one submission (issue 34): a write identical to one still on its
 * way (a double-clicked button, a form submitted twice before it could disable itself) is not
 * sent again; the second caller shares the first one's answer.
 */
export function call<C extends Contract>(contract: C, ...[input]: CallArgs<C>): Promise<ResponseOf<C>> {
  if (contract.method === 'GET') return send(contract, input);
  const key = `${contract.method} ${urlOf(contract, input)} ${JSON.stringify((input as { body?: unknown } | undefined)?.body ?? {})}`;
  const pending = writesInFlight.get(key);
  if (pending) return pending as Promise<ResponseOf<C>>;
  const sent = send(contract, input).finally(() => writesInFlight.delete(key));
  writesInFlight.set(key, sent);
  return sent;
}

async function send<C extends Contract>(contract: C, input: CallInput<C> | undefined): Promise<ResponseOf<C>> {
  const { body } = (input ?? {}) as { body?: unknown };
  const sendsBody = contract.method !== 'GET';
  const response = await fetch(urlOf(contract, input), {
    method: contract.method,
    credentials: 'same-origin',
    headers: sendsBody ? { accept: 'application/json', 'content-type': 'application/json' } : { accept: 'application/json' },
    body: sendsBody ? JSON.stringify(body ?? {}) : undefined,
  });
  const text = await response.text();
  let parsed: unknown = undefined;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      // A proxy's HTML error page: report the status, not a JSON parse error.
    }
  }
  if (!response.ok) {
    const error = parsed as Partial<ApiErrorBody> | undefined;
    const message = error?.message ?? `Request failed with status ${response.status}`;
    throw new ApiError(response.status, error?.code ?? (response.status === 401 ? 'not_authenticated' : 'server_error'), message, error);
  }
  return parsed as ResponseOf<C>;
}

/** A contract without params, query or body is called with no input. */
type CallArgs<C extends Contract> = Partial<CallInput<C>> extends CallInput<C> ? [input?: CallInput<C>] : [input: CallInput<C>];

/**
 * The query key of a GET: its path pattern, then its params and query. Keys share the pattern's
 * prefix, so invalidating `queryKeyOf(contract)` refreshes every cached call of that endpoint.
 */
export const queryKeyOf = <C extends Contract>(contract: C, input?: { params?: unknown; query?: unknown }) =>
  input === undefined ? [contract.path] : [contract.path, input.params ?? null, input.query ?? null];

/**
 * A TanStack query's key and fetcher for one call, and the address it fetches: a route whose page
 * needs the query names it once, and the server links and renders the page from it (pageHandles.ts).
 */
export const queryOf = <C extends Contract>(contract: C, ...[input]: CallArgs<C>) => ({
  queryKey: queryKeyOf(contract, input ?? {}),
  queryFn: () => call(contract, ...([input] as CallArgs<C>)),
  url: () => urlOf(contract, input),
});
