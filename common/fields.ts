import { z } from 'zod';

/**
 * Field and query-parameter shapes that several contracts share. Each carries the key of its
 * validation message (common/messages.ts), which each side turns into words.
 */

/** Form fields and query parameters arrive as '' when left empty: that means absent. */
export const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** Text that must be given: trimmed, not blank, at most `max` characters. */
export const requiredText = (max: number) =>
  z
    .string({ error: 'required' })
    .trim()
    .min(1, { error: 'required' })
    .max(max, { error: 'tooLong' });

/** Text that may be left out (blank counts as left out), at most `max` characters. */
export const optionalText = (max: number) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max, { error: 'tooLong' }).optional());

/** One of `values`, or left out (blank counts as left out). */
export const optionalChoice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(blankToUndefined, z.enum(values, { error: 'invalidValue' }).optional());

/** A whole number from `min` to `max` in a query string ("2" → 2), `fallback` when absent. */
export const wholeNumberParam = (min: number, max: number, fallback: number) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'invalidValue' })
      .int({ error: 'invalidValue' })
      .min(min, { error: 'invalidValue' })
      .max(max, { error: 'invalidValue' })
      .default(fallback),
  );

/** A page number of a paged list (1 by default). */
export const pageParam = () => wholeNumberParam(1, 100_000, 1);

/**
 * An id in a path: a UUID. The server checks its shape before anything else (a route's `ids`,
 * server/lib/ids.ts), so a malformed id answers 404 as an unknown one does, on every route.
 */
export const pathId = () =>
  z.string().describe('A UUID; a malformed one is answered 404, as an unknown one is');
