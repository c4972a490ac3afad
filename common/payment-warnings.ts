import type { LanguageCode } from './languages';
import { readingsOf } from './text-unmask';

/**
 * Warnings on a message between a renter and a lister. Rental scams in Ghana ask for money
 * before the renter has seen the place: a "viewing fee", a deposit "to hold it", "send it by
 * MoMo to 024…". Whoever asks for money before a viewing is the one to distrust, so a message
 * that does carries `payment_before_viewing` in the recipient's copy only: the sender is never
 * told, so a scammer cannot learn which words to avoid.
 *
 * The phrases are checked against every message whatever the sender's language (scammers
 * write in any). They are matched case- and accent-insensitively, and in the phrase lists
 *   - a space between words also matches a hyphen or nothing ("viewing-fee", "viewingfee"),
 *   - `…` is up to a few words within the same sentence ("pay … before" for "pay it before"),
 *   - a trailing `*` lets the word go on ("pay*": pays, paying, payment),
 *   - `a|b` is either word,
 *   - `#` is an amount ("send* #": "send 200").
 * A phrase of Latin letters matches whole words only ("fee" is not in "feel"). Disguises
 * (zero-width characters, look-alike letters, "p.a.y", digits as words) are undone first
 * (common/text-unmask.ts, issue 50).
 */
export const messageWarnings = ['payment_before_viewing'] as const;
export type MessageWarning = (typeof messageWarnings)[number];

/** Asking for money before a viewing, or by mobile money: a warning on their own. */
const moneyRequests: Record<LanguageCode, readonly string[]> = {
  en: [
    'viewing|inspection|booking|reservation|holding fee|charge|deposit',
    'deposit* … to hold|reserve|secure|book',
    'pay*|send*|transfer* … before … view*|inspect*|see*',
    'pay* first',
    'send* … money',
    'transfer*',
    'momo',
    'mobile money',
    'vodafone|telecel|tigo cash',
    'airtel tigo money|cash',
  ],
  es: [
    'tarifa|cuota|pago|cargo de visita|reserva',
    'depósito*|anticipo|seña … para reservar|apartar|asegurar',
    'paga*|pague*|envía*|envíe*|transfiera … antes de … visita*|ver',
    'paga*|pague* primero',
    'envía*|envíe* … dinero',
    'transferencia*|transferir',
    'dinero móvil',
  ],
  fr: [
    'frais de visite|réservation',
    'acompte|dépôt|caution|arrhes … pour … réserver|bloquer|garder',
    'pay*|paie*|envoy*|virer|virez … avant … visite|visiter|voir',
    "pay* d'abord",
    'pay* en premier',
    'envoy* … argent',
    'virement*|transfert*',
    'argent mobile',
  ],
  de: [
    'besichtigungsgebühr*|besichtigungsgebuehr*|reservierungsgebühr*|reservierungsgebuehr*',
    'vor der|dem besichtigung* … zahlen|bezahlen|überweisen|ueberweisen|zahlung',
    'zahlen|bezahlen|überweisen|ueberweisen … vor der|dem besichtigung*',
    'anzahlung|kaution … reservier*',
    'zuerst|vorab zahlen|bezahlen|überweisen|ueberweisen',
    'geld … senden|schicken|überweisen|ueberweisen',
    'überweis*|ueberweis*',
  ],
  zh: [
    '看房费|预约费|预订费',
    '看房前|看房之前 … 付|转账|交钱|交费',
    '先付|先交钱|先转账',
    '定金|订金',
    '押金 … 预留|保留',
    '预留|保留 … 押金',
    '转账|汇款',
    '手机钱包|移动钱包',
  ],
};

/** Words about money: a warning together with a Ghanaian mobile number ("pay GH₵ 200 to 024…"). */
const moneyWords: Record<LanguageCode, readonly string[]> = {
  // Not "send" alone: "send me a WhatsApp on 024…" arranges a viewing.
  en: ['pay*', 'paid', 'money', 'cash', 'fee|fees', 'deposit*', 'cedi|cedis', 'send* #'],
  es: ['paga*|pago*|pague*', 'dinero', 'tarifa', 'cuota', 'depósito*', 'efectivo'],
  fr: ['payer|payez|paiement*|paie', 'argent', 'frais', 'dépôt*', 'acompte', 'caution'],
  de: ['zahlen|bezahlen|zahlung*|bezahlung', 'geld', 'gebühr*|gebuehr*', 'kaution', 'anzahlung'],
  zh: ['付款|支付|付钱|交钱', '钱', '费用', '押金', '塞地'],
};

/** Money signs count as money words in every language. */
const currencySigns = ['ghs|ghc|gh₵|gh¢', '₵', '¢'];

/**
 * A Ghanaian mobile number: 02x or 05x and seven more digits, or +233 / 00233 / 233 without the
 * 0, in groups apart by spaces, dashes or dots ("024 123 4567", "+233 (0)24-123-4567").
 */
const ghanaMobileNumber =
  /(?<![\d+])(?:(?:\+|00)?233[ .-]?(?:\(0\)[ .-]?)?|0)[25]\d(?:[ .-]?\d){7}(?!\d)/u;

const separator = '[\\s_-]*';
const gap = '[^.!?。\\n]{0,24}';
const amount = '\\d+(?:[.,]\\d+)*';
const notAfterWord = '(?<![\\p{L}\\p{N}])';
const notBeforeWord = '(?![\\p{L}\\p{N}])';

/** Lower case, without accents, apostrophes and spaces of one kind. */
function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[’‘`]/g, "'")
    .replace(/\s+/g, ' ')
    .toLowerCase();
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function wordSource(word: string, first: boolean, last: boolean): string {
  const stem = word.endsWith('*');
  const letters = fold(stem ? word.slice(0, -1) : word);
  const start = first && /^[a-z]/.test(letters) ? notAfterWord : '';
  const end = last && /[a-z]$/.test(letters) ? notBeforeWord : '';
  return start + escape(letters) + (stem ? '\\p{L}*' : '') + end;
}

function phraseSource(phrase: string): string {
  const tokens = phrase.split(' ');
  const sources = tokens.map((token, index) => {
    if (token === '…') return gap;
    if (token === '#') return amount;
    const words = token.split('|');
    const last = index === tokens.length - 1;
    return `(?:${words.map((word) => wordSource(word, index === 0, last)).join('|')})`;
  });
  return sources.join(separator);
}

function anyOf(phrases: readonly string[]): RegExp {
  return new RegExp(phrases.map(phraseSource).join('|'), 'u');
}

const moneyRequest = anyOf(Object.values(moneyRequests).flat());
const moneyWord = anyOf([...Object.values(moneyWords).flat(), ...currencySigns]);

/** Read as written and unmasked (common/text-unmask.ts): a disguise does not hide a request. */
function asksForMoneyBeforeViewing(body: string): boolean {
  return readingsOf(body).some((reading) => {
    const text = fold(reading);
    return moneyRequest.test(text) || (ghanaMobileNumber.test(text) && moneyWord.test(text));
  });
}

/** The warnings the recipient's copy of a message carries. */
export function messageWarningsOf(body: string): MessageWarning[] {
  return asksForMoneyBeforeViewing(body) ? ['payment_before_viewing'] : [];
}
