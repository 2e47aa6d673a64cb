import type { z } from 'zod';
import type { Access } from '../policy.js';
import type { ErrorCode } from './errors.js';

// One contract per endpoint: the server registers its handler from it (the guard reads `access`
// from the route that matched), serialises answers through `response`, and the client builds its
// fetcher and query key from it. Types on both sides are z.infer of these schemas.

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Contract {
  method: Method;
  /** A Fastify path pattern; `:name` segments are filled from `params`. */
  path: `/api/${string}`;
  access: Access;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The success answer's shape: fields outside it never leave the server. Null: no body. */
  response: z.ZodType | null;
  status?: 200 | 201 | 204;
  /** The answer is a stream of server-sent events, each `data` shaped by `response`. */
  stream?: true;
  /** Error codes this endpoint answers besides those every endpoint may (see errors.ts). */
  errors: readonly ErrorCode[];
}

/** Declares a contract, keeping its literal types (method, path, access) for inference. */
export const contract = <const C extends Contract>(definition: C): C => definition;

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;
type Sent<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What a handler receives once the schemas have checked it. */
export interface ParsedRequest<C extends Contract> {
  params: Parsed<C['params']>;
  query: Parsed<C['query']>;
  body: Parsed<C['body']>;
}

/** What a success answers with. */
export type ResponseOf<C extends Contract> = C['stream'] extends true
  ? void
  : C['response'] extends z.ZodType
    ? z.output<C['response']>
    : void;

type Field<K extends string, S> = S extends z.ZodType ? { [P in K]: z.input<S> } : { [P in K]?: undefined };
/** A query whose every parameter is optional may be left out. */
type QueryField<S> = S extends z.ZodType ? (Partial<z.input<S>> extends z.input<S> ? { query?: z.input<S> } : { query: z.input<S> }) : { query?: undefined };

/** What a caller sends: params, query and body, each present exactly when the contract has it (a query of optional parameters may be left out). */
export type CallInput<C extends Contract> = Field<'params', C['params']> & QueryField<C['query']> & Field<'body', C['body']>;

export type BodyOf<C extends Contract> = Sent<C['body']>;

/** The address of a call: the path with its `:params` filled (encoded) and the query string. */
export function urlOf(definition: { path: string }, input: { params?: unknown; query?: unknown } = {}): string {
  const params = (input.params ?? {}) as Record<string, string>;
  const path = definition.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${definition.path} needs the parameter ${name}`);
    return encodeURIComponent(value);
  });
  const entries = Object.entries((input.query ?? {}) as Record<string, unknown>).filter(([, value]) => value !== undefined);
  if (entries.length === 0) return path;
  return `${path}?${new URLSearchParams(entries.map(([key, value]): [string, string] => [key, String(value)])).toString()}`;
}
