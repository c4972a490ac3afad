/**
 * A viewing's time (issue 38) where the place is, not where the reader is, with the zone's
 * name: "Sat, Dec 6, 10:30 AM GMT". A renter abroad books a time in Accra. The web app shows
 * it so, and the e-mails and texts say it so.
 */
export function zonedTimeText(iso: string, timeZone: string, language: string): string {
  return new Intl.DateTimeFormat(language, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(new Date(iso));
}
