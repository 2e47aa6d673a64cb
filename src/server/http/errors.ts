// Errors a service may throw with a message meant for the person using the app.

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'You are not authenticated. Please log in to access this page.') =>
  new HttpError(401, message);
export const forbidden = (message = 'You do not have the required permissions to view this content.') =>
  new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string, details?: Record<string, unknown>) => new HttpError(409, message, details);
