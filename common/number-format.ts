const formats = new Map<string, Intl.NumberFormat>();

/**
 * An Intl.NumberFormat with this many fraction digits, made once per locale: building one
 * costs about a millisecond (more on a phone), and a page of listings formats dozens of
 * prices and ratings. The cache is small and starts over should odd locales pile up.
 *
 * Thousands are always grouped: Spanish leaves a four-digit number ungrouped by default
 * ("1200" beside "15.000" on one card, issue 34), so every amount is grouped alike.
 */
export function numberFormat(locale: string, fractionDigits: number): Intl.NumberFormat {
  const key = `${locale}|${fractionDigits}`;
  let format = formats.get(key);
  if (!format) {
    if (formats.size >= 32) formats.clear();
    format = new Intl.NumberFormat(locale, {
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
      useGrouping: 'always',
    });
    formats.set(key, format);
  }
  return format;
}
