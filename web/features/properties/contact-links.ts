import { whatsappNumber } from '#common/listing-rules';
import { paths } from '../../paths';

/**
 * The contact page's links (issue 34). The server keeps numbers in E.164 ("+233241234567");
 * a number written with 00 for + is the same one. One without either cannot be made
 * international here (its country is unknown), so it is dialled as written.
 */
function international(phone: string): string | null {
  const trimmed = phone.trim();
  if (trimmed.startsWith('+')) return whatsappNumber(trimmed);
  if (trimmed.startsWith('00')) return whatsappNumber(trimmed).slice(2);
  return null;
}

/** "tel:+233241234567". */
export function telHref(phone: string): string {
  const digits = international(phone);
  return digits ? `tel:+${digits}` : `tel:${whatsappNumber(phone)}`;
}

/** "https://wa.me/233241234567?text=…": WhatsApp opens a chat with the greeting typed. */
export function whatsappHref(phone: string, text: string): string {
  const digits = international(phone) ?? whatsappNumber(phone);
  return `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
}

/** A listing's page as an absolute URL, to send to someone. */
export function listingUrl(id: string): string {
  return new URL(paths.property(id), window.location.origin).href;
}
