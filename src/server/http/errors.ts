import type { ApiErrorBody, ErrorCode } from '@shared/api/errors.js';

// Errors a service may throw: a status, a code for programs and a message meant for the person
// using the app (shared/api/errors.ts).

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: Pick<ApiErrorBody, 'currentVersion' | 'sameDayEvent' | 'retryAfterSeconds'>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, 'invalid_request', message);
export const unauthorized = (message = 'You are not authenticated. Please log in to access this page.') =>
  new HttpError(401, 'not_authenticated', message);
export const forbidden = (message = 'You do not have the required permissions to view this content.') =>
  new HttpError(403, 'forbidden', message);
export const notFound = (message: string) => new HttpError(404, 'not_found', message);
export const conflict = (message: string, code: ErrorCode = 'conflict', details?: HttpError['details']) =>
  new HttpError(409, code, message, details);
export const tooManyRequests = (message: string) => new HttpError(429, 'rate_limited', message);
