import zlib from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { apiErrorSchema } from '#common/api-error';

/** The answer's body as sent before compression (@fastify/compress may have packed it). */
export function decodedBody(response: LightMyRequestResponse): Buffer {
  const raw = response.rawPayload;
  switch (response.headers['content-encoding']) {
    case 'gzip':
      return zlib.gunzipSync(raw);
    case 'br':
      return zlib.brotliDecompressSync(raw);
    case 'deflate':
      return zlib.inflateSync(raw);
    default:
      return raw;
  }
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/**
 * What is wrong with an answer by the API contract (docs/design.md): no 5xx; every 4xx is JSON
 * `{ message, code, params?, fields?, fieldCodes? }` (apiErrorSchema, and no other keys) with a
 * message, a known code, and non-empty field messages each with its code; a 429 says when to try
 * again; a success the route documents as JSON is JSON (a 204 has no body). Empty when fine.
 */
export function answerProblems(
  response: LightMyRequestResponse,
  options: { method: string; jsonSuccess: ReadonlySet<number> },
): string[] {
  const status = response.statusCode;
  const problems: string[] = [];
  if (status >= 500) problems.push(`answered ${status}`);
  if (options.method === 'HEAD') return problems;
  const contentType = String(response.headers['content-type'] ?? '');
  let body: string;
  try {
    body = decodedBody(response).toString('utf8');
  } catch (error) {
    return [...problems, `body does not decompress (${String(error)})`];
  }

  if (status >= 400 && status < 500) {
    if (!contentType.startsWith('application/json')) {
      problems.push(`${status} with content type "${contentType}"`);
    }
    const parsed = parseJson(body);
    if (!parsed.ok) {
      problems.push(`${status} body is not JSON: ${body.slice(0, 200)}`);
    } else {
      const shape = apiErrorSchema.safeParse(parsed.value);
      if (!shape.success) {
        problems.push(`${status} body is not { message, code, ... }: ${body.slice(0, 300)}`);
      } else {
        const allowed = Object.keys(apiErrorSchema.shape);
        const extra = Object.keys(parsed.value as object).filter((key) => !allowed.includes(key));
        if (extra.length > 0) {
          problems.push(`${status} body has keys beyond the error shape: ${body.slice(0, 300)}`);
        }
        const fieldNames = Object.keys(shape.data.fields ?? {}).sort();
        const codedNames = Object.keys(shape.data.fieldCodes ?? {}).sort();
        if (fieldNames.join() !== codedNames.join()) {
          problems.push(`${status} fields without their codes: ${body.slice(0, 300)}`);
        }
        if (shape.data.message.trim() === '') problems.push(`${status} with an empty message`);
        for (const [name, message] of Object.entries(shape.data.fields ?? {})) {
          if (name === '' || message.trim() === '') {
            problems.push(`${status} field "${name}" without a message: ${body.slice(0, 300)}`);
          }
        }
      }
    }
    if (status === 429 && response.headers['retry-after'] === undefined) {
      problems.push('429 without Retry-After');
    }
  }

  if (status >= 200 && status < 300 && options.jsonSuccess.has(status)) {
    if (status === 204) {
      if (body !== '') problems.push(`204 with a body: ${body.slice(0, 200)}`);
    } else {
      if (!contentType.startsWith('application/json')) {
        problems.push(
          `${status} with content type "${contentType}" where the route documents JSON`,
        );
      }
      if (!parseJson(body).ok) problems.push(`${status} body is not JSON: ${body.slice(0, 200)}`);
    }
  }
  return problems;
}
