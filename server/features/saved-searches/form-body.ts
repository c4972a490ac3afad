import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';

/** A one-click body is one short field; anything longer is not one. */
const FORM_BODY_LIMIT = 8 * 1024;

/**
 * HTML form bodies, for the RFC 8058 one-click unsubscribe, which mail providers post as
 * application/x-www-form-urlencoded or multipart/form-data. Registered in that route's own
 * scope: every other route keeps taking JSON only. The text fields become an object (a
 * file part is dropped); the route's schema then checks it.
 */
export function registerFormParsers(scope: FastifyInstance): void {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
  scope.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: FORM_BODY_LIMIT },
    (request, body, done) => {
      // The platform's own multipart reader (fetch's Response), given the boundary.
      const contentType = request.headers['content-type'] ?? '';
      new Response(Uint8Array.from(body as Buffer), { headers: { 'content-type': contentType } })
        .formData()
        .then((form) => {
          const fields: Record<string, string> = {};
          for (const [name, value] of form) if (typeof value === 'string') fields[name] = value;
          done(null, fields);
        })
        .catch(() => {
          done(
            new AppError('invalid_input', { message: 'The multipart/form-data body is not valid' }),
            undefined,
          );
        });
    },
  );
}
