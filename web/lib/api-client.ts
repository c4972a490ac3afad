import i18next from 'i18next';
import { ConnectionError, noteAnswer, noteConnectionLost } from './connection';
import { noteUnauthenticated } from './session-end';

/**
 * The reader's language, sent as Accept-Language with every request so the server writes
 * e-mails and text messages in it. Read from the i18next instance itself, not from lib/i18n,
 * which would bring the English resources and the language detector along.
 */
export function languageHeaders(): Record<string, string> {
  const language = i18next.resolvedLanguage ?? i18next.language;
  return language ? { 'Accept-Language': language } : {};
}

/**
 * The one way the web app talks to the API (spec, request conventions): cookies always sent,
 * JSON in and out, and every non-OK answer turned into an ApiRequestError whose message is
 * "{status}: {server message or status text}". What the app shows comes from the answer's
 * codes (common/error-codes.ts), never from its English: `code` and `params` for the whole
 * answer, and `fields`, each refused field's code (a validation key or an error code).
 */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string,
    readonly fields: Record<string, string> = {},
    readonly retryAfterSeconds?: number,
    /** The answer's code; undefined when the body had none (not the API, or a proxy's page). */
    readonly code?: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(`${status}: ${serverMessage}`);
    this.name = 'ApiRequestError';
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The entries of `value` whose values pass `keep`, or an empty record. */
function recordOf<T>(value: unknown, keep: (entry: unknown) => entry is T): Record<string, T> {
  if (!isRecord(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, T] => keep(entry[1])),
  );
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isParam = (value: unknown): value is string | number =>
  typeof value === 'string' || typeof value === 'number';

/**
 * The ApiRequestError of a non-OK answer, from its status, status text, body text and
 * Retry-After header; shared by fetch here and by XMLHttpRequest uploads. A 401
 * `unauthenticated` also tells lib/session-end.ts: the session is gone (expired, signed out
 * elsewhere), and the copies kept of it go too (issue 34).
 */
export function apiErrorFrom(
  status: number,
  statusText: string,
  text: string,
  retryAfterHeader: string | null,
): ApiRequestError {
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (isRecord(parsed)) body = parsed;
  } catch {
    // not JSON: keep the text
  }
  const retryAfter = Number(retryAfterHeader);
  if (status === 401 && body.code === 'unauthenticated') noteUnauthenticated();
  return new ApiRequestError(
    status,
    isString(body.message) ? body.message : text || statusText,
    recordOf(body.fieldCodes, isString),
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    isString(body.code) ? body.code : undefined,
    recordOf(body.params, isParam),
  );
}

async function toError(response: Response): Promise<ApiRequestError> {
  const text = await response.text().catch(() => '');
  return apiErrorFrom(
    response.status,
    response.statusText,
    text,
    response.headers.get('retry-after'),
  );
}

export async function apiRequest<T = unknown>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'include',
      headers: {
        ...languageHeaders(),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    // No answer at all: the app says it is offline, and a form that needs the server says so.
    noteConnectionLost();
    throw new ConnectionError();
  }
  noteAnswer(response);
  if (!response.ok) throw await toError(response);
  if (response.status === 204) return undefined as T;
  const type = response.headers.get('content-type') ?? '';
  return (type.includes('application/json') ? response.json() : response.text()) as Promise<T>;
}

/** GET that reads a 401 as "nobody" instead of an error (the current-user query). */
export async function getOrNullOn401<T>(url: string): Promise<T | null> {
  try {
    return await apiRequest<T>('GET', url);
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return null;
    throw error;
  }
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 401;
}
