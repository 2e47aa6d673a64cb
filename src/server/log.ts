import { pino, type Logger } from 'pino';
import type { Config } from './config.js';
import { logRedaction, requestLogFields } from './http/logging.js';

// The process's one log: JSON lines on stdout (pino's format), secrets redacted. Made before the
// app, so the first line can say which settings and data were used and each migration is logged
// as it runs; the app's requests log through the same logger (Fastify's loggerInstance).

export type { Logger };

export function createLogger(config: Pick<Config, 'logLevel'>, stream?: NodeJS.WritableStream): Logger {
  const options = { level: config.logLevel, redact: logRedaction, serializers: { req: requestLogFields } };
  return stream ? pino(options, stream) : pino(options);
}

/** A logger that writes nothing (tests that do not read the log). */
export const silentLogger = (): Logger => pino({ level: 'silent' });
