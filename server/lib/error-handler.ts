import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiError } from '#common/api-error';
import { errorText, isErrorCode, type ErrorCode, type ErrorParams } from '#common/error-codes';
import { isValidationMessageKey, validationMessages } from '#common/messages';
import { AppError, type FieldCode } from './app-error';
import { isDatabaseUnavailable, redactQueryError } from './database-errors';

/**
 * A multipart body cut short or not multipart at all (busboy's words, @fastify/multipart's
 * codes): the client is at fault, whichever route it was sent to.
 */
function isMalformedMultipart(error: FastifyError): boolean {
  return (
    error.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' ||
    error.code === 'FST_REQ_PREMATURE_CLOSE' ||
    /unexpected end of (multipart data|form)|boundary not found|terminated early|malformed part header/i.test(
      error.message,
    )
  );
}

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route or hook runs (a path
 * that does not decode as UTF-8, a path parameter longer than maxParamLength). Without it
 * Fastify answers `{ error, code, message, statusCode }` with the whole path in the message.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.statusCode ?? 400;
  const code: ErrorCode =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'address_too_long'
      : error.code === 'FST_ERR_BAD_URL'
        ? 'address_invalid'
        : 'invalid_input';
  void reply
    .code(status >= 400 && status < 500 ? status : 400)
    .send({ message: errorText(code), code } satisfies ApiError);
}

/** A field's English text: a validation key's, or an error code's with the answer's values. */
function fieldText(code: FieldCode, params: ErrorParams | undefined): string {
  return isValidationMessageKey(code) ? validationMessages[code] : errorText(code, params);
}

/** The answer's `fields` and `fieldCodes` from each field's code. */
function fieldsOf(codes: Record<string, FieldCode>, params?: ErrorParams): Partial<ApiError> {
  const entries = Object.entries(codes);
  return {
    fields: Object.fromEntries(entries.map(([name, code]) => [name, fieldText(code, params)])),
    fieldCodes: Object.fromEntries(entries),
  };
}

/** The answer to a refusal that did not come as an AppError (Fastify's, a plugin's). */
function generalCode(status: number): ErrorCode {
  if (status === 401) return 'unauthenticated';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 413) return 'too_large';
  if (status === 415) return 'unsupported_type';
  if (status === 429) return 'rate_limited';
  return 'invalid_input';
}

/**
 * Every error leaves the API as `{ message, fields? }` with an honest status. Client errors
 * keep their message; anything else is logged in full and answered without details, since
 * a 500 is a bug and its text may hold internals.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError>((error, request, reply) => {
    if (error instanceof AppError) {
      if (error.options.retryAfterSeconds !== undefined) {
        reply.header('retry-after', String(error.options.retryAfterSeconds));
      }
      const { params, fields } = error.options;
      const body: ApiError = { message: error.message, code: error.code };
      if (params) body.params = params;
      if (fields) Object.assign(body, fieldsOf(fields, params));
      return reply.code(error.statusCode).send(body);
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      // Schemas carry validation keys as their messages; Zod's own words (a wrong type) are
      // English only, so their code is the general invalidValue.
      const fields: Record<string, string> = {};
      const fieldCodes: Record<string, FieldCode> = {};
      for (const issue of error.validation) {
        const name = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
        if (fields[name] !== undefined) continue;
        const message = issue.message ?? 'invalidValue';
        fieldCodes[name] = isValidationMessageKey(message) ? message : 'invalidValue';
        fields[name] = isValidationMessageKey(message) ? validationMessages[message] : message;
      }
      const where = error.validationContext ?? 'request';
      return reply.code(400).send({
        message: `Invalid ${where}`,
        code: 'invalid_input',
        fields,
        fieldCodes,
      } satisfies ApiError);
    }

    if (isMalformedMultipart(error)) {
      const code = 'upload_malformed';
      return reply.code(400).send({ message: errorText(code), code } satisfies ApiError);
    }

    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: redactQueryError(error) }, 'database unavailable');
      reply.header('retry-after', '5');
      const code = 'unavailable';
      return reply.code(503).send({ message: errorText(code), code } satisfies ApiError);
    }

    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (status === 429 && !reply.hasHeader('retry-after')) reply.header('retry-after', '60');
      const code = isErrorCode(error.code) ? error.code : generalCode(status);
      return reply.code(status).send({ message: error.message, code } satisfies ApiError);
    }

    request.log.error({ err: redactQueryError(error) }, 'unhandled error');
    const code = 'internal_error';
    return reply.code(500).send({ message: errorText(code), code } satisfies ApiError);
  });
}
