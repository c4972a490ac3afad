/** Dates in the reader's language and time zone (the API answers ISO 8601 in UTC). */
export function formatDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));
}

export function formatDateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

/** A calendar day of a chart ("2026-11-21"), short: "Nov 21"; read as UTC, like the API. */
export function formatDay(day: string, language: string): string {
  return new Intl.DateTimeFormat(language, {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

/** A viewing's time where the place is, with the zone's name (common/zoned-time.ts). */
export { zonedTimeText as formatZonedTime } from '#common/zoned-time';
