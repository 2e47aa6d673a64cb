import type { FastifyBaseLogger } from 'fastify';
import { SIGNUP_TYPES, type SignupType } from '@shared/domain.js';

// Stored data read outside a request's own handling (a repository mapping rows) that does not
// read as it should is logged here, on the app's logger (set when the app is built), so an
// operator learns of it while people still see what does read (decision 033). Values are never
// logged (a stream link may carry a key), only where they are and what is wrong.

let log: Pick<FastifyBaseLogger, 'warn'> | undefined;

export function useStoredDataLog(logger: Pick<FastifyBaseLogger, 'warn'>) {
  log = logger;
}

export function warnStoredData(details: Record<string, unknown>, message: string) {
  log?.warn(details, message);
}

/** Keys already logged: each problem once per process (a page read a thousand times logs it once). */
const logged = new Set<string>();
const LOGGED_MAX = 10_000;

/** Logs a problem once per `key` (what and where it is, e.g. 'event:ID:version'). */
export function warnStoredDataOnce(key: string, details: Record<string, unknown>, message: string) {
  if (logged.has(key)) return;
  if (logged.size >= LOGGED_MAX) logged.clear();
  logged.add(key);
  warnStoredData(details, message);
}

/**
 * Runs a check of stored data once per `key` (e.g. an event and its version: a page read a
 * thousand times is checked once) and logs what it finds, if anything.
 */
export function checkStoredDataOnce(key: string, problems: () => string[], details: Record<string, unknown>, message: string) {
  if (logged.has(key)) return;
  if (logged.size >= LOGGED_MAX) logged.clear();
  logged.add(key);
  const found = problems();
  if (found.length > 0) warnStoredData({ ...details, problems: found }, message);
}

const isSignupType = (type: string): type is SignupType => (SIGNUP_TYPES as readonly string[]).includes(type);

/** A stored signup or slot type; one this version does not know reads as LIVE (logged once). */
export function storedSignupType(type: string, where: string): SignupType {
  if (isSignupType(type)) return type;
  warnStoredDataOnce(`type:${where}:${type}`, { where, field: 'type' }, 'a stored signup type is not one this version knows: read as LIVE');
  return 'LIVE';
}
