import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error';
import { PAGE_ROUTE } from './web-app';

/**
 * Text PostgreSQL cannot hold: the NUL character, and UTF-16 surrogates without their pair
 * (not Unicode; PGlite refuses the bytes, node-postgres silently writes U+FFFD instead).
 */
// eslint-disable-next-line no-control-regex -- NUL is what this looks for
const unstorable = /\u0000|\p{Surrogate}/u;

/**
 * The first string (or key) in `value` with text PostgreSQL cannot hold, as a field path
 * (`propertyOrders.0.id`, `body` for the value itself), or null. Walks without recursion: a
 * JSON body may nest thousands of levels deep.
 */
export function unstorableTextPath(value: unknown): string | null {
  // Each entry links to its parent, so the path is built only for the string found (copying
  // it at every level would cost the square of the depth).
  type Entry = { value: unknown; key: string | null; parent: Entry | null };
  const pathOf = (entry: Entry | null, last?: string): string => {
    const keys = last === undefined ? [] : [last];
    for (let at = entry; at !== null; at = at.parent) if (at.key !== null) keys.push(at.key);
    return keys.reverse().join('.') || 'body';
  };
  const stack: Entry[] = [{ value, key: null, parent: null }];
  while (stack.length > 0) {
    const entry = stack.pop()!;
    const current = entry.value;
    if (typeof current === 'string') {
      if (unstorable.test(current)) return pathOf(entry);
    } else if (current !== null && typeof current === 'object' && !ArrayBuffer.isView(current)) {
      for (const [key, child] of Object.entries(current)) {
        if (unstorable.test(key))
          return pathOf(entry, key.replace(new RegExp(unstorable, 'gu'), ''));
        stack.push({ value: child, key, parent: entry });
      }
    }
  }
  return null;
}

/**
 * PostgreSQL text cannot hold the NUL character or a lone surrogate: a query carrying one fails
 * (SQLSTATE 22021) and the request would end in a 500. No field of the API has a use for them,
 * so a request with one anywhere in its parameters, query or JSON body is refused 400 before
 * validation, naming the field. (Multipart text fields are read by their handlers, which check
 * their format.)
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    // A page takes any path and stores nothing from it: /property/%00 is the app's
    // not-found view, with the generic head (features/seo), not an error.
    if (request.routeOptions.url === PAGE_ROUTE) return;
    for (const [where, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const field = unstorableTextPath(value);
      if (field !== null) {
        throw new AppError('invalid_input', {
          message: `Invalid ${where}`,
          fields: { [field]: 'invalidValue' },
        });
      }
    }
  });
}
