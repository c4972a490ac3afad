/**
 * The one error type services throw. The code decides the HTTP status; the error handler
 * (server/lib/error-handler.ts) turns it into the API's error shape.
 */
export const errorStatus = {
  invalid_input: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_type: 415,
  rate_limited: 429,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly options: { fields?: Record<string, string>; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  get statusCode(): number {
    return errorStatus[this.code];
  }
}

export const notSignedIn = () => new AppError('unauthenticated', 'Not signed in');
export const forbidden = (message = 'You are not allowed to do this') =>
  new AppError('forbidden', message);
export const notFound = (what = 'Resource') => new AppError('not_found', `${what} not found`);
