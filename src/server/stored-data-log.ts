import type { FastifyBaseLogger } from 'fastify';

// Stored data read outside a request's own handling (a repository mapping rows) that does not
// read as it should is logged here, on the app's logger (set when the app is built), so an
// operator learns of it while people still see what does read.

let log: Pick<FastifyBaseLogger, 'warn'> | undefined;

export function useStoredDataLog(logger: Pick<FastifyBaseLogger, 'warn'>) {
  log = logger;
}

export function warnStoredData(details: Record<string, unknown>, message: string) {
  log?.warn(details, message);
}
