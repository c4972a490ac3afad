import { visitorIdPattern } from '#common/analytics-rules';

/** Where this browser's visitor id lives (spec: a product-specific localStorage key). */
export const VISITOR_ID_KEY = 'abode.visitorId';

/** "visitor", a timestamp and a random string (spec), e.g. visitor_1763700000000_k3x9q2m7. */
export function newVisitorId(now = Date.now()): string {
  const random = Array.from(crypto.getRandomValues(new Uint8Array(8)), (byte) =>
    (byte % 36).toString(36),
  ).join('');
  return `visitor_${now}_${random}`;
}

let memoryId: string | undefined;

/**
 * The id made on this browser's first page load and kept from then on. Where storage is
 * refused (some private modes) it lasts as long as the tab.
 */
export function visitorId(
  storage: () => Pick<Storage, 'getItem' | 'setItem'> = () => window.localStorage,
): string {
  try {
    const stored = storage().getItem(VISITOR_ID_KEY);
    if (stored && visitorIdPattern.test(stored)) return stored;
    const id = newVisitorId();
    storage().setItem(VISITOR_ID_KEY, id);
    return id;
  } catch {
    memoryId ??= newVisitorId();
    return memoryId;
  }
}
