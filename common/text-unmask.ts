import { remove as toSkeleton } from 'confusables';

/**
 * Text as a content check should read it (issue 50): a scammer who knows Abode warns on
 * "viewing fee" or "MoMo" writes "v\u200biewing fee", "МоМо" (Cyrillic), "ｍｏｍｏ", "p.a.y" or
 * "zero two four …" instead. `unmask` undoes those disguises, in this order:
 *
 * 1. format characters (`\p{Cf}`: zero-width spaces and joiners, soft hyphens, bidi marks) go;
 * 2. every letter becomes its confusable skeleton (UTS #39, through the `confusables` package,
 *    decision 034): Cyrillic, Greek, full-width, mathematical and circled look-alikes of Latin
 *    letters read as those letters;
 * 3. a run of three or more single letters or digits with separators between them ("p.a.y",
 *    "f-e-e", "m o m o", "0.2.4") is joined into one word;
 * 4. a run of four or more digits written as words, in any of the five languages ("zero two
 *    four one …", "cero dos cuatro …"), or with letters standing in for digits ("O24l…"),
 *    becomes those digits.
 *
 * The skeleton is for matching only, never shown: it also maps letters nobody disguised (an
 * accented "é", a German "ß"), so a check reads both the text as written and its unmasked form
 * (`readingsOf`), and warns when either matches.
 */
export function unmask(text: string): string {
  const visible = chineseNumerals(text.replace(/\p{Cf}/gu, ''));
  const skeleton = Array.from(visible.normalize('NFC'), skeletonOf).join('').toLowerCase();
  return digitsOfWords(joinSpacedOut(skeleton));
}

/**
 * Letters that read as an "i" (Greek iota, Cyrillic i, dotless i, the palochka), capital or
 * small: the package gives them "l" or "L", the skeleton of a tall stroke, which would turn
 * "FΙRST" into "flrst".
 */
const iLike = /[\u0399\u03b9\u0406\u0456\u04c0\u04cf\u0131\u0269\u026a\u2170]/u;

/** A character's skeleton (a capital "I" stays an "i" once in lower case). */
function skeletonOf(character: string): string {
  if (character === 'I' || iLike.test(character)) return 'i';
  return toSkeleton(character);
}

/** The text as written and unmasked (once when they are the same): what a check reads. */
export function readingsOf(text: string): string[] {
  const unmasked = unmask(text);
  return unmasked === text ? [text] : [text, unmasked];
}

// A separator between the characters of a spaced-out word: spaces, dots, dashes, stars, commas.
const spacer = "[\\s.·•,*_~'/\\\\|+-]+";
// A single letter or digit: not a part of a longer word on either side.
const single = '(?<![\\p{L}\\p{N}])[\\p{L}\\p{N}](?![\\p{L}\\p{N}])';
const spacedOut = new RegExp(`${single}(?:${spacer}${single}){2,}`, 'gu');

function joinSpacedOut(text: string): string {
  return text.replace(spacedOut, (run) => run.replace(/[^\p{L}\p{N}]+/gu, ''));
}

/** The digits as words, in the five languages (accents folded), and the Chinese numerals. */
const digitWords: Record<string, string> = {};
const wordLists = [
  'zero one two three four five six seven eight nine',
  'cero uno dos tres cuatro cinco seis siete ocho nueve',
  'zero un deux trois quatre cinq six sept huit neuf',
  'null eins zwei drei vier funf sechs sieben acht neun',
];
for (const list of wordLists) {
  list.split(' ').forEach((word, digit) => (digitWords[word] = String(digit)));
}
Object.assign(digitWords, { oh: '0', nil: '0', une: '1', fuenf: '5', zwo: '2' });
'零一二三四五六七八九'.split('').forEach((numeral, digit) => (digitWords[numeral] = String(digit)));
digitWords['〇'] = '0';

// A digit written as a word or as itself, whole: "four", "quatre", "vier", "4".
const digitToken = `(?<![\\p{L}\\p{N}])(?:${Object.keys(digitWords)
  .filter((word) => /^[a-z]+$/.test(word))
  .sort((a, b) => b.length - a.length)
  .join('|')}|\\p{Nd})(?![\\p{L}\\p{N}])`;
// Four or more of them in a row, with spaces, dots, commas or dashes between them.
const digitRun = new RegExp(`${digitToken}(?:[\\s.,-]+${digitToken}){3,}`, 'giu');
// Letters standing for digits inside a number (lower case by now): "o24l234567" (o for 0, l for 1).
const lettersForDigits = /(?<![\p{L}\p{N}])(?=(?:[ol]*\d){6})[\dol]{7,}(?![\p{L}\p{N}])/gu;

/** Four or more Chinese numerals in a row ("零二四一…"): before the skeleton, which maps some. */
function chineseNumerals(text: string): string {
  return text.replace(/[零〇一二三四五六七八九]{4,}/gu, (run) =>
    [...run].map((numeral) => digitWords[numeral]).join(''),
  );
}

/** A run of four or more digits, at least one written as a word, as the digits it spells. */
function digitsOfWords(text: string): string {
  const spelled = text.replace(digitRun, (run) =>
    /\p{L}/u.test(run)
      ? run
          .split(/[\s.,-]+/u)
          .map((token) => digitWords[token.toLowerCase()] ?? token)
          .join('')
      : run,
  );
  return spelled.replace(lettersForDigits, (number) =>
    number.replace(/o/g, '0').replace(/l/g, '1'),
  );
}
