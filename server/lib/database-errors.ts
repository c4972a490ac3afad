/**
 * Errors that mean "the database is not reachable right now" (restart, network), as opposed
 * to a bug in a query. They answer 503 so clients retry, and the pool recovers by itself.
 */
const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);

const unavailableMessages = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Cannot use a pool after calling end',
];

export function isDatabaseUnavailable(error: unknown): boolean {
  // Drizzle wraps driver errors (DrizzleQueryError.cause); follow the chain.
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (!(current instanceof Error)) return false;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && unavailableCodes.has(code)) return true;
    if (
      unavailableMessages.some((text) => current instanceof Error && current.message.includes(text))
    ) {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** A unique constraint refused the write (two sign-ups racing for one address). */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * A query error ready for the log: Drizzle's message and `params` carry the query's values
 * (token hashes, emails, codes), which never belong in a log. The SQL text and the driver's
 * own error are kept.
 */
export function redactQueryError(error: unknown): unknown {
  if (!(error instanceof Error) || !('params' in error)) return error;
  const cause = error.cause instanceof Error ? error.cause : undefined;
  return {
    type: error.name,
    query: (error as { query?: unknown }).query,
    cause: cause && {
      type: cause.name,
      message: cause.message,
      code: (cause as { code?: unknown }).code,
      stack: cause.stack,
    },
  };
}
