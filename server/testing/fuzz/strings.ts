import fc from 'fast-check';

/**
 * Pieces of text that have broken servers before: NUL and other control characters (PostgreSQL
 * refuses NUL in text), lone surrogates (not valid UTF-8), LIKE and full-text operators,
 * quotes, backslashes, path tricks, markup, right-to-left overrides, combining marks and
 * astral characters, and look-alikes of numbers and keywords.
 */
export const nastyPieces = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\b',
  '\t',
  '\n',
  '\r\n',
  '\u001b[31m',
  '\u007f',
  '\u0085',
  '\u00a0',
  '\u200b',
  '\u200d',
  '\u202e',
  '\u2028',
  '\ufeff',
  '\ufffd',
  '\uffff',
  '\ud800',
  '\udfff',
  '\ud83d',
  '😀',
  '👨‍👩‍👧‍👦',
  '🏳️‍🌈',
  'é',
  'e\u0301',
  'ß',
  'İ',
  'ǅ',
  '₵',
  'GH₵',
  '中文',
  'العربية',
  'Z̴̡̧̛͚̝͍a̷͓l̸g̵o̶',
  '%',
  '%%',
  '_',
  '\\',
  '\\\\',
  '\\0',
  "'",
  "''",
  '"',
  '`',
  "'; drop table users; --",
  "' or '1'='1",
  '$1',
  '${x}',
  '{{x}}',
  ':*',
  '&',
  '|',
  '!',
  '<->',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  '*',
  '?',
  '#',
  '/',
  '../',
  '..\\',
  '%2e%2e%2f',
  '%00',
  '%',
  '+',
  '=',
  ',',
  ';',
  '<script>alert(1)</script>',
  '<',
  '>',
  '&amp;',
  '&#0;',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '0x10',
  'true',
  '__proto__',
  'constructor',
  'prototype',
  ' ',
  '  ',
  'a',
  'Accra',
  'wifi',
] as const;

/** Short text of printable ASCII, any Unicode, or glued nasty pieces; at most `maxLength` code units. */
export function anyText(options: { minLength?: number; maxLength?: number } = {}) {
  const minLength = options.minLength ?? 0;
  const maxLength = Math.max(minLength, options.maxLength ?? 60);
  const cap = Math.min(maxLength, minLength + 40);
  const glued = fc
    .array(fc.constantFrom(...nastyPieces), { minLength: 1, maxLength: 6 })
    .map((pieces) => pieces.join(''));
  return fc
    .oneof(
      { weight: 3, arbitrary: fc.string({ minLength, maxLength: cap }) },
      { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength, maxLength: cap }) },
      { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength, maxLength: cap }) },
      { weight: 3, arbitrary: glued },
      { weight: 1, arbitrary: fc.constantFrom(...nastyPieces) },
    )
    .map((text) => fitLength(text, minLength, maxLength));
}

/** Pads with `x` or cuts to fit [minLength, maxLength] code units (a cut may split a pair). */
export function fitLength(text: string, minLength: number, maxLength: number): string {
  let fitted = text;
  if (fitted.length > maxLength) fitted = fitted.slice(0, maxLength);
  if (fitted.length < minLength) fitted = fitted + 'x'.repeat(minLength - fitted.length);
  return fitted;
}

/** Text far past any limit the API sets: 10 to 300 thousand characters. */
export const hugeText = fc
  .tuple(
    fc.constantFrom('a', 'é', '😀', '\u0000', '%', ' ', 'ab,'),
    fc.integer({ min: 10_000, max: 300_000 }),
  )
  .map(([piece, length]) => piece.repeat(Math.ceil(length / piece.length)));

/** Path segments and query values written raw into a URL: broken or odd percent-encoding. */
export const rawUrlPieces = [
  '%',
  '%E0%A4%A',
  '%C0%AF',
  '%FF',
  '%00',
  '%ZZ',
  '%u0041',
  '%2F',
  '%2e%2e',
  '..',
  '.',
  '%20',
  '+',
  '%0A',
  '%0D%0A',
  '%F0%9F%98%80',
  '%ED%A0%80',
  ';',
  '&',
  '=',
  '%3B',
  '%23',
] as const;

/**
 * encodeURIComponent that also takes lone surrogates (which it throws on), writing them as the
 * three bytes of WTF-8: invalid UTF-8 that a server must refuse or replace.
 */
export function encodeText(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      const bytes = [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)];
      out += bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}
