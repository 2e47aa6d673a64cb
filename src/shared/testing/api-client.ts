import { type CallInput, type Contract, type ResponseOf, urlOf } from '../api/contract.js';
import { type ApiErrorBody, apiErrorSchema, COMMON_ERROR_CODES } from '../api/errors.js';

// The tests' caller of the API (the server's harness and the end-to-end support): a contract and
// its input in, the answer out, typed from the contract. It also holds every answer to the
// contract: a success has the contract's status, and an error's code is one the contract lists
// or one every endpoint may answer (api/errors.ts), else the call fails the test.

/** One request as a test's transport sends it, and what came back. */
export interface SentRequest {
  method: string;
  /** Path and query. */
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** What came back; a stream that opened (text/event-stream) is answered with its status and no text. */
export interface ReceivedAnswer {
  status: number;
  headers: Headers;
  text: string;
}

export type Transport = (request: SentRequest) => Promise<ReceivedAnswer>;

/** The answer to a call. */
export interface Answer<C extends Contract> {
  status: number;
  headers: Headers;
  /** The success answer, shaped by the contract's response; reading it off an error answer throws, naming the error. */
  readonly body: ResponseOf<C>;
  /** The error answer ({ code, message, … }); reading it off a success throws. */
  readonly error: ApiErrorBody;
}

/**
 * Input a test sends on purpose against the contract's schemas, to see it refused: not checked
 * by the compiler (the answer still is, against the contract).
 */
export const malformed = (input: { params?: unknown; query?: unknown; body?: unknown }): never => input as never;

/** A body sent as this text, byte for byte (not JSON, or JSON cut short): for malformed input. */
export class RawBody {
  constructor(readonly text: string) {}
}

/** Whether a contract may answer this error code (its own list, or one every endpoint may). */
export const mayAnswer = (contract: Pick<Contract, 'errors'>, code: string): boolean =>
  (COMMON_ERROR_CODES as readonly string[]).includes(code) || (contract.errors as readonly string[]).includes(code);

const routeOf = (contract: Contract) => `${contract.method} ${contract.path}`;

/** Calls the contract with its input through the transport and checks the answer against the contract. */
export async function callContract<C extends Contract>(
  send: Transport,
  contract: C,
  input: CallInput<C>,
  headers: Record<string, string> = {},
): Promise<Answer<C>> {
  const { body } = input as { body?: unknown };
  const sent: Record<string, string> = { accept: 'application/json', ...headers };
  if (body !== undefined) sent['content-type'] ??= 'application/json';
  const received = await send({
    method: contract.method,
    url: urlOf(contract, input),
    headers: sent,
    body: body === undefined ? undefined : body instanceof RawBody ? body.text : JSON.stringify(body),
  });
  return answerOf(contract, received);
}

function answerOf<C extends Contract>(contract: C, { status, headers, text }: ReceivedAnswer): Answer<C> {
  let parsed: unknown = text === '' ? undefined : text;
  try {
    if (text !== '') parsed = JSON.parse(text);
  } catch {
    // Not JSON (a CSV download): the text is the answer.
  }
  const succeeded = status < 400;
  const what = `${routeOf(contract)} answered ${status}`;
  if (succeeded && status !== (contract.status ?? 200)) {
    throw new Error(`${what}, but its contract says ${contract.status ?? 200}.`);
  }
  if (!succeeded) {
    const error = apiErrorSchema.safeParse(parsed);
    if (!error.success) throw new Error(`${what} without an error body { code, message }: ${text.slice(0, 200)}`);
    if (!mayAnswer(contract, error.data.code)) {
      throw new Error(`${what} ${error.data.code} ("${error.data.message}"), a code its contract's errors do not list.`);
    }
  }
  // The answer shows (to toEqual and in a failure's diff) its status, headers and the one it
  // carries, body or error; reading the other throws, naming what came instead.
  const wrong = succeeded ? `${what}: a success, not an error.` : `${what} ${(parsed as ApiErrorBody).code}: ${(parsed as ApiErrorBody).message}`;
  const carried = { value: parsed, enumerable: true };
  const missing = {
    enumerable: false,
    get(): never {
      throw new Error(wrong);
    },
  };
  return Object.defineProperties({ status, headers } as Answer<C>, { body: succeeded ? carried : missing, error: succeeded ? missing : carried });
}
