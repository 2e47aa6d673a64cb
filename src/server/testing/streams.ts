import type { CallInput, Contract } from '@shared/api/contract.js';
import { urlOf } from '@shared/api/contract.js';
import { type ApiErrorBody, apiErrorSchema } from '@shared/api/errors.js';
import { mayAnswer } from '@shared/testing/api-client.js';

// A live-update stream (a contract with `stream: true`) as a test reads it: opened through its
// contract, read in the background, waited on for what a test expects.

export interface OpenStream {
  status: number;
  headers: Headers;
  /** The error answer, when the stream did not open (its code is one the contract may answer). */
  error: ApiErrorBody | undefined;
  /** Resolves when the server ends the stream (or the test cancels it). */
  closed: Promise<void>;
  isClosed(): boolean;
  /** All the stream has sent so far. */
  text(): string;
  /** Resolves once what the stream sent includes `expected`; rejects if it ends first. */
  readUntil(expected: string): Promise<void>;
  cancel(): Promise<void>;
}

export async function openStream<C extends Contract & { stream: true }>(
  baseUrl: string,
  contract: C,
  input: CallInput<C>,
  as?: { cookie: string },
): Promise<OpenStream> {
  const response = await fetch(`${baseUrl}${urlOf(contract, input)}`, { headers: as ? { cookie: as.cookie } : {} });
  const { status, headers } = response;
  if (status !== 200) {
    const error = apiErrorSchema.parse(await response.json());
    if (!mayAnswer(contract, error.code)) throw new Error(`${contract.path} answered ${error.code}, a code its contract's errors do not list.`);
    const done = Promise.resolve();
    return { status, headers, error, closed: done, isClosed: () => true, text: () => '', readUntil: () => Promise.reject(new Error(error.message)), cancel: () => done };
  }
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let ended = false;
  let wake: () => void = () => {};
  let changed = new Promise<void>((resolve) => (wake = resolve));
  const notify = () => {
    wake();
    changed = new Promise<void>((resolve) => (wake = resolve));
  };
  const closed = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        text += decoder.decode(value);
        notify();
      }
    } catch {
      // cancelled by the test
    }
    ended = true;
    notify();
  })();
  return {
    status,
    headers,
    error: undefined,
    closed,
    isClosed: () => ended,
    text: () => text,
    async readUntil(expected) {
      while (!text.includes(expected)) {
        if (ended) throw new Error(`the stream ended before ${JSON.stringify(expected)}: ${text}`);
        await changed;
      }
    },
    cancel: () => reader.cancel().catch(() => {}),
  };
}
