import { SegmentedMessage } from 'sms-segments-calculator';
import type { NotificationLocale } from './notifier';

/**
 * Text messages that must stay one segment (issue 21: alerts). A segment holds 160 GSM-7
 * characters, or 70 once any character is outside GSM-7 (a curly quote, "₵", Chinese): the
 * variable part (a listing's title, a search's name) is made GSM-friendly where it can be, then
 * shortened with "..." until the whole text fits. sms-segments-calculator does the counting
 * (the GSM-7 table and its two-character escapes are easy to get wrong by hand).
 */
export function oneSegment(compose: (variable: string) => string, variable: string): string {
  const plain = gsmFriendly(variable);
  if (segments(compose(plain)) <= 1) return compose(plain);
  // The longest prefix that fits (the count only grows with the length): a binary search.
  let low = 0;
  let high = plain.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (segments(compose(shortened(plain, middle))) <= 1) low = middle;
    else high = middle - 1;
  }
  return compose(shortened(plain, low));
}

const segments = (text: string) => new SegmentedMessage(text).segmentsCount;

/** Whether `text` goes as one segment (a template's fallback when even a short variable fails). */
export const isOneSegment = (text: string) => segments(text) <= 1;

const shortened = (text: string, length: number) =>
  length >= text.length ? text : `${text.slice(0, length).trimEnd()}...`;

/** Typographic characters a phone would send as UCS-2, as their GSM-7 look-alikes. */
function gsmFriendly(text: string): string {
  return (
    text
      .replace(/[‘’‚‛′]/g, "'")
      .replace(/[“”„‟″«»]/g, '"')
      .replace(/[‐‑‒–—―]/g, '-')
      .replace(/…/g, '...')
      // The web app's default names join their parts with a middle dot.
      .replace(/[·•]/g, '-')
      .replace(/[\u00a0\u2000-\u200b\u202f\u205f]/g, ' ')
  );
}

/** "GHS 3,500" (the cedi sign is not GSM-7), digits grouped the reader's way, plain spaces. */
export function smsPrice(listing: { price: number; currency: string }, locale: NotificationLocale) {
  const amount = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(listing.price);
  const code = listing.currency === 'GH₵' ? 'GHS' : listing.currency;
  return `${code} ${gsmFriendly(amount)}`;
}
