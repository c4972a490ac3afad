import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { EmailAttachment } from '#common/outbox';

/**
 * A viewing as a calendar file (issue 38), made with ical-generator: the confirmation carries
 * it to both parties, and a cancellation carries its cancelled version (same UID, a higher
 * SEQUENCE), which calendars apply to the event they hold.
 */
export type CalendarViewing = {
  viewingId: string;
  startsAt: string;
  endsAt: string;
  summary: string;
  description: string;
  address: string;
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
    location: viewing.address,
    url: viewing.link,
  });
  return {
    filename: method === 'cancel' ? 'viewing-cancelled.ics' : 'viewing.ics',
    contentType: `text/calendar; charset=utf-8; method=${method === 'cancel' ? 'CANCEL' : 'PUBLISH'}`,
    content: calendar.toString(),
  };
}
