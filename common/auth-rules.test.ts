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
    ['/property/5f0c?tab=photos#gallery', '/property/5f0c?tab=photos#gallery'],
    ['/search?location=Osu%2C%20Accra', '/search?location=Osu%2C%20Accra'],
    ['/contact-landlord/abc', '/contact-landlord/abc'],
  ])('keeps the same-site path %s', (input, expected) => {
    expect(safeNextPath(input)).toBe(expected);
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['https://evil.example'],
    ['http:evil.example'],
    ['//evil.example'],
    ['///evil.example'],
    ['/\\evil.example'],
    ['/\\/evil.example'],
    ['\\\\evil.example'],
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['/\r\n/evil.example'],
    ['/\u0000/evil.example'],
    ['/\u007f/evil.example'],
    ['/%2F/evil.example'],
    ['/%2f/evil.example'],
    ['%2F%2Fevil.example'],
    ['/%5Cevil.example'],
    ['/%5cevil.example'],
    ['/%09/evil.example'],
    ['/%0A/evil.example'],
    ['/%0d%0a/evil.example'],
    ['/%E0%A4%A'],
    ['javascript:alert(1)'],
    [' /dashboard'],
    ['evil.example/dashboard'],
    ['data:text/html,<script>alert(1)</script>'],
  ])('refuses %j and falls back to /', (input) => {
    expect(safeNextPath(input)).toBe('/');
  });
});
