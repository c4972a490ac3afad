/** Numbers of the analytics tab in the reader's language. */
export const formatCount = (value: number, language: string) =>
  new Intl.NumberFormat(language).format(value);

/** The spec's conversion rate: a percentage with one decimal ("12.5%", "12,5 %"). */
export const formatPercent = (percent: number, language: string) =>
  new Intl.NumberFormat(language, {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(percent / 100);

/** Pages per visit with one decimal; 0 without visits. */
export const formatRatio = (numerator: number, denominator: number, language: string) =>
  new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    denominator === 0 ? 0 : numerator / denominator,
  );
