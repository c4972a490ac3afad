import { describe, expect, it } from 'vitest';
import { avatarLetter, safeNextPath } from './auth-rules';

describe('avatarLetter', () => {
  it('uses the first name, else the email, else "U"', () => {
    expect(avatarLetter({ firstName: 'kojo', email: 'a@example.com' })).toBe('K');
    expect(avatarLetter({ firstName: ' ', email: 'esi@example.com' })).toBe('E');
    expect(avatarLetter({ firstName: '', email: null })).toBe('U');
  });
});

describe('safeNextPath', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/search?saved=true', '/search?saved=true'],
    [null, '/'],
    ['', '/'],
    ['https://evil.example', '/'],
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
    ['javascript:alert(1)', '/'],
  ])('%s → %s', (input, expected) => {
    expect(safeNextPath(input)).toBe(expected);
  });
});
