/**
 * Times of viewings where the place is (issue 38): a renter in London books 10:30 in Accra, and
 * both read "10:30 GMT". The API gives each instant with the listing's offset and the zone's
 * IANA name; Intl does the rest (no date library in the browser).
 */

/** "2026-12-05": the calendar day of `iso` in `timeZone`, to group a day's slots. */
export function dayKey(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(iso));
}

/** "Saturday, December 5". */
export function dayLabel(iso: string, timeZone: string, language: string): string {
  return new Intl.DateTimeFormat(language, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone,
  }).format(new Date(iso));
}

/** "10:30 AM". */
export function timeLabel(iso: string, timeZone: string, language: string): string {
  return new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit', timeZone }).format(
    new Date(iso),
  );
}

/** The zone's short name at that time: "GMT", "PST". */
export function zoneName(iso: string, timeZone: string, language: string): string {
  const parts = new Intl.DateTimeFormat(language, {
    timeZone,
    timeZoneName: 'short',
  }).formatToParts(new Date(iso));
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

/** Slots grouped by their day in the zone, in order. */
export function slotsByDay(
  slots: readonly { startsAt: string }[],
  timeZone: string,
): { day: string; slots: string[] }[] {
  const days = new Map<string, string[]>();
  for (const { startsAt } of slots) {
    const key = dayKey(startsAt, timeZone);
    days.set(key, [...(days.get(key) ?? []), startsAt]);
  }
  return [...days].map(([day, times]) => ({ day, slots: times }));
}
