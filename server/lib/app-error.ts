import { errorCodes, errorText, type ErrorCode, type ErrorParams } from '#common/error-codes';
import type { ValidationMessageKey } from '#common/messages';

/** What a field of a refused form is told: a validation key, or an error code. */
export type FieldCode = ValidationMessageKey | ErrorCode;

export type AppErrorOptions = {
  /** The values the code's text names (`{{max}}`), sent as `params`. */
  params?: ErrorParams;
  /** Each field's code; the answer carries its English text in `fields` too. */
  fields?: Record<string, FieldCode>;
  retryAfterSeconds?: number;
  /**
   * English more precise than the code's own text, for an answer only a broken client meets
   * (the code stays a general one, which the web app shows in its own words).
   */
  message?: string;
};

/**
 * The one error type services throw. Its code (common/error-codes.ts) decides the HTTP status
 * and the English message; the error handler (server/lib/error-handler.ts) turns it into the
 * API's error shape.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly options: AppErrorOptions = {},
  ) {
    super(options.message ?? errorText(code, options.params));
    this.name = 'AppError';
  }

  get statusCode(): number {
    return errorCodes[this.code].status;
  }
}

export const notSignedIn = () => new AppError('unauthenticated');
export const forbidden = (code: ErrorCode = 'forbidden') => new AppError(code);
export const notFound = (code: ErrorCode = 'not_found') => new AppError(code);

/**
 * The error codes of the platform, not of any feature: what its shared pieces answer (rate
 * limits, the database's outages, the origin check, upload bodies and the photo queue, the
 * access check, the notifier). Every other code that is not general belongs to one feature
 * (its plugin's `errorCodes`; server/features/index.test.ts checks it).
 */
export const platformErrorCodes: readonly ErrorCode[] = [
  'rate_limited',
  'unavailable',
  'cross_origin_refused',
  'host_not_allowed',
  'upload_malformed',
  'upload_timeout',
  'uploads_busy',
  'uploads_busy_account',
  'uploads_busy_address',
  'admin_required',
  'message_not_sent',
  'phone_invalid',
];
