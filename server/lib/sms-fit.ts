import { SegmentedMessage } from 'sms-segments-calculator';
import type { NotificationLocale } from './notifier';

/**
 * Every text message goes as one segment (issues 21 and 51): 160 GSM-7 characters, or 70 once
 * any character is outside GSM-7 (ê, ó, ç, a curly quote, "₵", Chinese). One rule, in every
 * language, for every kind: a template says what its SMS says (`shortenable`: its words, with
 * the parts that may be shortened apart), and renderSms makes it one segment here (`fitSms`):
 *
 * 1. The text as written (accents, curly quotes, guillemets) when it goes as one segment as it
 *    is: GSM-7 when every character is, else UCS-2 within 70 characters.
 * 2. Otherwise its GSM-7 spelling, the whole text and not only its variable part: typography as
 *    its look-alikes (’ ' « » " – - … ... ₵ GHS) and each letter GSM-7 lacks as its plain
 *    letter (ê e, ó o, ç c, œ oe, ɛ e, ɔ o); the letters GSM-7 has stay (é è à ù ì ò ñ ä ö ü ß
 *    Ç). Then the variable parts are shortened with "..." until it fits in 160.
 * 3. A text that has no GSM-7 spelling (Chinese, another script, an emoji) stays as written,
 *    UCS-2 whatever it does, its variable parts shortened until it fits in 70.
 *
 * So a text is never half accented, and the same text always comes out the same.
 * sms-segments-calculator does the counting and says what GSM-7 holds (the table and its
 * two-character escapes are easy to get wrong by hand: "Ç" is in it, "ç" is not).
 */
export type SmsDraft = { compose: (...variables: string[]) => string; variables: string[] };

/**
 * What a template's SMS says: a text with nothing to shorten, a draft, or drafts to try in
 * turn (the first that goes as one segment once fitted; the last one else), such as a text
 * that names the sender and one that does not.
 */
export type SmsText = string | SmsDraft | readonly SmsDraft[];

/** A text whose `variables` (a listing's title, a reason) may be shortened to fit. */
export function shortenable<V extends string[]>(
  compose: (...variables: V) => string,
  ...variables: V
): SmsDraft {
  return { compose: compose as (...variables: string[]) => string, variables };
}

const draftsOf = (text: SmsText): readonly SmsDraft[] =>
  typeof text === 'string' ? [shortenable(() => text)] : 'compose' in text ? [text] : text;

/** The text as its template wrote it, before any fitting (its first draft, whole). */
export function asWritten(text: SmsText): string {
  const [first] = draftsOf(text);
  return first ? first.compose(...first.variables).normalize('NFC') : '';
}

/** `text` as one segment, by the rule above. */
export function fitSms(text: SmsText): string {
  const drafts = draftsOf(text);
  let fitted = '';
  for (const draft of drafts) {
    fitted = oneSegment(draft);
    if (isOneSegment(fitted)) return fitted;
  }
  return fitted;
}

/** One draft as one segment: as written, else in GSM-7 when it can be, shortened to fit. */
function oneSegment({ compose, variables }: SmsDraft): string {
  const written = (parts: string[]) => compose(...parts).normalize('NFC');
  const whole = written(variables);
  if (isOneSegment(whole)) return whole;
  const spelled = (parts: string[]) => gsmSpelling(written(parts));
  const wholeSpelled = gsmSpelling(whole);
  const form = isGsm7(wholeSpelled) ? spelled : written;
  if (form === spelled && isOneSegment(wholeSpelled)) return wholeSpelled;
  const parts = variables.map((variable) => graphemes(variable.normalize('NFC')));
  const capped = (length: number) => parts.map((part) => shortened(part, length));
  // The longest length that fits (the count grows with it): a binary search.
  let low = 0;
  let high = Math.max(0, ...parts.map((part) => part.length));
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (isOneSegment(form(capped(middle)))) low = middle;
    else high = middle - 1;
  }
  return form(capped(low));
}

/** Whether `text` goes as one segment. */
export const isOneSegment = (text: string) => new SegmentedMessage(text).segmentsCount <= 1;

/** Whether every character of `text` is GSM-7 (its basic table or its extension). */
export const isGsm7 = (text: string) => new SegmentedMessage(text).encodingName === 'GSM-7';

const graphemeSegmenter = new Intl.Segmenter('und', { granularity: 'grapheme' });

/** Whole characters as a reader sees them: a cut never splits an emoji or a letter's accent. */
const graphemes = (text: string) => Array.from(graphemeSegmenter.segment(text), (s) => s.segment);

const shortened = (characters: string[], length: number) =>
  length >= characters.length
    ? characters.join('')
    : `${characters.slice(0, length).join('').trimEnd()}...`;

/**
 * `text` in GSM-7 where it can be: typography as its look-alikes, then each letter outside
 * GSM-7 as its plain letter. A character with no GSM-7 spelling (Chinese, an emoji) stays.
 */
export function gsmSpelling(text: string): string {
  return Array.from(gsmFriendly(text.normalize('NFC')), plainLetter).join('');
}

/**
 * Letters with no accent to take off, as they are written without their own letter: the
 * ligatures, and the letters of Ghana's languages (Akan's ɛ and ɔ; Ewe's and Ga's ŋ, ɖ, ƒ, ɣ,
 * ʋ: Aŋlɔ is written Anlo).
 */
const plainLetters: Record<string, string> = {
  œ: 'oe',
  Œ: 'OE',
  ɛ: 'e',
  Ɛ: 'E',
  ɔ: 'o',
  Ɔ: 'O',
  ŋ: 'n',
  Ŋ: 'N',
  ɖ: 'd',
  Ɖ: 'D',
  ƒ: 'f',
  Ƒ: 'F',
  ɣ: 'g',
  Ɣ: 'G',
  ʋ: 'v',
  Ʋ: 'V',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  þ: 'th',
  Þ: 'Th',
  ı: 'i',
};

const spellings = new Map<string, string>();

/** One character (a code point) in GSM-7: itself, its plain letter, or itself again. */
function plainLetter(character: string): string {
  let spelling = spellings.get(character);
  if (spelling === undefined) {
    spelling = spellingOf(character);
    spellings.set(character, spelling);
  }
  return spelling;
}

function spellingOf(character: string): string {
  if (isGsm7(character)) return character;
  // An accent left on its own after NFC (ɛ́: no letter holds both) goes with the others; an
  // emoji's variation selector stays with its emoji.
  if (/^(?![\uFE00-\uFE0F\u{E0100}-\u{E01EF}])[\p{Mn}\p{Mc}]$/u.test(character)) return '';
  const known = plainLetters[character];
  if (known) return known;
  const base = character.normalize('NFKD').replace(/\p{M}/gu, '');
  return base && isGsm7(base) ? base : character;
}

/** Typographic characters a phone would send as UCS-2, as their GSM-7 look-alikes. */
function gsmFriendly(text: string): string {
  return (
    text
      .replace(/[‘’‚‛′‹›]/g, "'")
      // French guillemets hold their words with a space: «\u00a0Villa\u00a0» is "Villa".
      .replace(/«[\s\u00a0\u202f]*/g, '"')
      .replace(/[\s\u00a0\u202f]*»/g, '"')
      .replace(/[“”„‟″]/g, '"')
      .replace(/[‐‑‒–—―]/g, '-')
      .replace(/…/g, '...')
      // The web app's default names join their parts with a middle dot.
      .replace(/[·•]/g, '-')
      .replace(/[\u00a0\u2000-\u200b\u202f\u205f]/g, ' ')
      .replace(/(GH)?₵/g, 'GHS')
  );
}

/** "GHS 3,500" (the cedi sign is not GSM-7), digits grouped the reader's way, plain spaces. */
export function smsPrice(listing: { price: number; currency: string }, locale: NotificationLocale) {
  const amount = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(listing.price);
  const code = listing.currency === 'GH₵' ? 'GHS' : listing.currency;
  return `${code} ${gsmFriendly(amount)}`;
}
