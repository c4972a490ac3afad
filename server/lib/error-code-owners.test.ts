import { describe, expect, it } from 'vitest';
import { errorCodes, generalErrorCodes, type ErrorCode } from '#common/error-codes';
import { serverFeatures } from '../features';
import { platformErrorCodes } from './app-error';

// Who owns each error code (issue 35): the web app translates every code of
// common/error-codes.ts; the server's features say which are theirs (their plugin's errorCodes).
describe('the features’ error codes', () => {
  it('are each general, the platform’s or one feature’s', () => {
    const owners = new Map<string, string[]>();
    for (const feature of serverFeatures()) {
      for (const code of feature.errorCodes ?? []) {
        owners.set(code, [...(owners.get(code) ?? []), feature.name]);
      }
    }
    const unowned = (Object.keys(errorCodes) as ErrorCode[]).filter(
      (code) =>
        !generalErrorCodes.has(code) && !platformErrorCodes.includes(code) && !owners.has(code),
    );
    expect(unowned).toEqual([]);
    for (const [code, features] of owners) {
      expect(features, code).toHaveLength(1);
      expect(
        generalErrorCodes.has(code as ErrorCode) || platformErrorCodes.includes(code as ErrorCode),
        code,
      ).toBe(false);
    }
  });
});
