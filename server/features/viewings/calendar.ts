import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { EmailAttachment } from '#common/outbox';

/**
 * A viewing as a calendar file (issue 38), made with ical-generator: the confirmation carries
 * it to both parties, and a cancellation carries its cancelled version (same UID, a higher
 * SEQUENCE), which calendars apply to the event they hold. The confirmed event says where the
 * house is exactly; the cancelled one does not.
 */
/** Where the house is exactly: what a confirmed viewing's notices and calendar file carry. */
export type ExactPlace = {
  streetAddress: string | null;
  ghanaPostGps: string | null;
  latitude: number;
  longitude: number;
};

export type CalendarViewing = {
  viewingId: string;
  startsAt: string;
  endsAt: string;
  summary: string;
  description: string;
  /** The public area line. */
  address: string;
  /** A confirmed viewing's exact place (issue 50): LOCATION names it, GEO gives the pin. */
  place: ExactPlace | null;
  link: string;
  /** When the file was made: the event's DTSTAMP. */
  stamp: Date;
};

export function viewingCalendar(
  viewing: CalendarViewing,
  method: 'publish' | 'cancel',
): EmailAttachment {
  const calendar = ical({
    prodId: { company: 'Abode', product: 'Viewings', language: 'EN' },
    method: method === 'cancel' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH,
  });
  calendar.createEvent({
    id: `viewing-${viewing.viewingId}@abode`,
    sequence: method === 'cancel' ? 1 : 0,
    status: method === 'cancel' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    stamp: viewing.stamp,
    start: new Date(viewing.startsAt),
    end: new Date(viewing.endsAt),
    summary: viewing.summary,
    description: viewing.description,
    location: locationOf(viewing),
    url: viewing.link,
  });
  return {
    filename: method === 'cancel' ? 'viewing-cancelled.ics' : 'viewing.ics',
    contentType: `text/calendar; charset=utf-8; method=${method === 'cancel' ? 'CANCEL' : 'PUBLISH'}`,
    content: calendar.toString(),
  };
}

/**
 * LOCATION: the street address, the area line and the GhanaPost GPS code, with GEO the pin, for
 * a confirmed viewing; the area line alone for a cancelled one (issue 50).
 */
function locationOf(viewing: CalendarViewing) {
  const { place } = viewing;
  if (!place) return viewing.address;
  const title = [
    place.streetAddress,
    viewing.address,
    place.ghanaPostGps ? `GhanaPost GPS ${place.ghanaPostGps}` : null,
  ]
    .filter(Boolean)
    .join(', ');
  return { title, geo: { lat: place.latitude, lon: place.longitude } };
}
