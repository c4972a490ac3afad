import { describe, expect, it } from 'vitest';
import { isPagePath } from './page-paths';

describe('isPagePath', () => {
  it.each([
    '/',
    '/search',
    '/search/',
    '/property/p_abc123',
    '/property/p_abc123/edit',
    '/listers/ama-mensah-1a2b',
    '/viewings/v1/review',
    '/admin',
    '/SEARCH',
  ])('knows %s', (path) => expect(isPagePath(path)).toBe(true));

  it.each([
    '/nowhere',
    '/property',
    '/property/a/b',
    '/listers/',
    '/search/extra',
    '//search',
    '/admin/unknown',
  ])('knows no page at %s', (path) => expect(isPagePath(path)).toBe(false));
});
