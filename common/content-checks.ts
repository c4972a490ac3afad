import { messageWarningsOf } from './payment-warnings';
import { readingsOf } from './text-unmask';

/**
 * What text shown to everyone may not carry (issue 50): a review's words and a lister's answer
 * are published on a listing's page, so a scammer who could write one would put a phone number,
 * an e-mail address, a link or "pay the viewing fee by MoMo first" before every renter. Such
 * text is held for an administrator instead. Read as written and unmasked
 * (common/text-unmask.ts), so "zero two four …" is a phone number too.
 */
export const contentFlags = ['phone_number', 'email_address', 'link', 'payment_request'] as const;
export type ContentFlag = (typeof contentFlags)[number];

// Nine digits or more, with spaces, dots, dashes or brackets between them: any phone number.
const phoneNumber = /(?<![\d])\+?\d(?:[\s().-]*\d){8,}(?!\d)/u;
const emailAddress =
  /[\p{L}\p{N}._%+-]+\s*(?:@|\(at\)|\[at\])\s*[\p{L}\p{N}-]+(?:\s*\.\s*[\p{L}\p{N}-]+)+/iu;
const link =
  /\b(?:https?:\/\/|www\.)|\b[a-z0-9-]{2,}\.(?:com|net|org|gh|io|me|ly|co|info|biz|app|link|site|online|xyz)\b|\bwa\.me\b|\bt\.me\b/iu;

/** The flags `text` raises; none for text anyone may read. */
export function contentFlagsOf(text: string): ContentFlag[] {
  const readings = readingsOf(text);
  const flags: ContentFlag[] = [];
  if (readings.some((reading) => phoneNumber.test(reading))) flags.push('phone_number');
  if (readings.some((reading) => emailAddress.test(reading))) flags.push('email_address');
  if (readings.some((reading) => link.test(reading))) flags.push('link');
  if (messageWarningsOf(text).length > 0) flags.push('payment_request');
  return flags;
}
