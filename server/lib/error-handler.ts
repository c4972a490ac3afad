import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isValidationMessageKey, validationMessages } from '#common/messages';
import type { ApiError } from '#common/api-error';
import { AppError } from './app-error';
import { isDatabaseUnavailable, redactQueryError } from './database-errors';
import { serverMessage } from '#common/server-messages';

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
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'The address is too long'
      : error.code === 'FST_ERR_BAD_URL'
        ? 'The address is not valid'
        : 'Bad request';
  void reply
    .code(status >= 400 && status < 500 ? status : 400)
    .send({ message } satisfies ApiError);
}

function fieldMessage(message: string): string {
  return isValidationMessageKey(message) ? validationMessages[message] : message;
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
      const body: ApiError = { message: error.message };
      if (error.options.fields) {
        body.fields = Object.fromEntries(
          Object.entries(error.options.fields).map(([name, key]) => [name, fieldMessage(key)]),
        );
      }
      return reply.code(error.statusCode).send(body);
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const name = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
        fields[name] ??= fieldMessage(issue.message ?? 'invalidValue');
      }
      const where = error.validationContext ?? 'request';
      return reply.code(400).send({ message: `Invalid ${where}`, fields } satisfies ApiError);
    }

    if (isMalformedMultipart(error)) {
      return reply.code(400).send({ message: serverMessage('uploadMalformed') } satisfies ApiError);
    }

    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: redactQueryError(error) }, 'database unavailable');
      reply.header('retry-after', '5');
      return reply
        .code(503)
        .send({ message: 'The service is temporarily unavailable. Please try again shortly.' });
    }

    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (status === 429 && !reply.hasHeader('retry-after')) reply.header('retry-after', '60');
      return reply.code(status).send({ message: error.message } satisfies ApiError);
    }

    request.log.error({ err: redactQueryError(error) }, 'unhandled error');
    return reply.code(500).send({ message: 'Internal server error' } satisfies ApiError);
  });
}
