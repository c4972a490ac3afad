import type { LanguageCode } from '#common/languages';
import type { ViewingStep } from '#common/viewings';
import { zonedTimeText } from '#common/zoned-time';
import type { Block, NotificationTemplates } from '../../lib/notification-templates';
import { oneSegment } from '../../lib/sms-fit';
import { viewingCalendar } from './calendar';
import { de } from './notification-strings/de';
import { en } from './notification-strings/en';
import { es } from './notification-strings/es';
import { fr } from './notification-strings/fr';
import { zh } from './notification-strings/zh';

/**
 * What viewings tell people (issue 38): each step reaches the other party by e-mail, or by SMS
 * in one segment with a short link when they have no verified e-mail; the confirmation e-mail
 * carries the calendar file to both, a cancellation its cancelled version; both are reminded
 * the evening before and 2 hours before. Every e-mail says that viewings booked on Abode are
 * free. Their words are in notification-strings/, one file per language.
 */
type ViewingNotice = {
  /** The recipient's first name. */
  firstName: string;
  /** The other party's first name; null when it is not relayed (digits, a payment request). */
  otherName: string | null;
  /** The listing's title and address. */
  title: string;
  address: string;
  viewingId: string;
  /** ISO 8601 instants, shown in `timeZone` (the listing's). */
  startsAt: string;
  endsAt: string;
  timeZone: string;
  /** The viewing's page: its full address in an e-mail, a short link in an SMS. */
  link: string;
};

declare module '../../lib/notifier' {
  interface NotificationPayloads {
    /** A step of a viewing, to the party who did not take it (and a confirmation to both). */
    'viewing-step': ViewingNotice & {
      step: ViewingStep;
      /** The recipient took this step (the lister's copy of their confirmation). */
      byMe: boolean;
      suggestedStartsAt: string | null;
      cause: 'slot_taken' | 'unanswered' | 'time_passed' | null;
      /** The calendar file the e-mail carries: the event, its cancellation, or none. */
      calendar: 'publish' | 'cancel' | null;
      /** When the step was taken: the calendar file's stamp. */
      at: string;
    };
    /** A confirmed viewing, the evening before (18:00 where the place is) and 2 hours before. */
    'viewing-reminder': ViewingNotice & { when: 'evening' | 'soon' };
  }
}

/** What each language's file of notification-strings/ says; `name` null: nobody named. */
export type ViewingStrings = {
  subject: Record<ViewingStep | 'reminder', (title: string, time: string) => string>;
  /** To the lister. */
  requested: (name: string | null, title: string, time: string) => string;
  /** To the renter; `byMe`: the lister's own copy. */
  confirmed: (name: string | null, title: string, time: string, address: string) => string;
  confirmedByMe: (name: string | null, title: string, time: string, address: string) => string;
  declined: (name: string | null, title: string, time: string) => string;
  suggested: (time: string) => string;
  slotTaken: string;
  cancelled: (name: string | null, title: string, time: string) => string;
  cancelledByMe: (title: string, time: string) => string;
  expired: (title: string, time: string) => string;
  reminder: Record<
    'evening' | 'soon',
    (name: string | null, title: string, time: string, address: string) => string
  >;
  calendarAttached: string;
  free: string;
  button: string;
  calendar: { summary: (title: string) => string; description: (link: string) => string };
  /** One segment each, with the title shortened to fit. */
  sms: Record<ViewingStep | 'reminder', (title: string, time: string, link: string) => string>;
};

const strings: Record<LanguageCode, ViewingStrings> = { en, es, fr, de, zh };

/** The time where the place is, with the zone's name, with plain spaces (some texts are SMS). */
const timeText = (iso: string, timeZone: string, locale: LanguageCode) =>
  zonedTimeText(iso, timeZone, locale).replace(/[\u202F\u00A0]/g, ' ');

/**
 * The time as an SMS says it: without accents in the Latin-script languages ("sab, 5 dic"),
 * whose day and month names would otherwise take the text out of GSM-7 and into two segments.
 */
function smsTimeText(iso: string, timeZone: string, locale: LanguageCode): string {
  const text = timeText(iso, timeZone, locale);
  return locale === 'zh' ? text : text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

export const viewingNotifications: NotificationTemplates = {
  'viewing-step': {
    email: (notice, { locale, shared }) => {
      const s = strings[locale];
      const time = timeText(notice.startsAt, notice.timeZone, locale);
      const name = notice.otherName;
      const said: Record<ViewingStep, string> = {
        requested: s.requested(name, notice.title, time),
        confirmed: notice.byMe
          ? s.confirmedByMe(name, notice.title, time, notice.address)
          : s.confirmed(name, notice.title, time, notice.address),
        declined: s.declined(name, notice.title, time),
        cancelled: notice.byMe
          ? s.cancelledByMe(notice.title, time)
          : s.cancelled(name, notice.title, time),
        expired: s.expired(notice.title, time),
      };
      const blocks: Block[] = [
        { type: 'paragraph', text: shared.hello(notice.firstName.trim()) },
        { type: 'paragraph', text: said[notice.step] },
      ];
      if (notice.cause === 'slot_taken') blocks.push({ type: 'paragraph', text: s.slotTaken });
      if (notice.suggestedStartsAt) {
        const other = timeText(notice.suggestedStartsAt, notice.timeZone, locale);
        blocks.push({ type: 'paragraph', text: s.suggested(other) });
      }
      if (notice.calendar) blocks.push({ type: 'paragraph', text: s.calendarAttached });
      blocks.push(
        { type: 'paragraph', text: s.free },
        { type: 'button', label: s.button, href: notice.link },
      );
      return {
        subject: s.subject[notice.step](notice.title, time),
        blocks,
        attachments: notice.calendar
          ? [
              viewingCalendar(
                {
                  ...notice,
                  summary: s.calendar.summary(notice.title),
                  description: `${s.calendar.description(notice.link)}\n\n${s.free}`,
                  stamp: new Date(notice.at),
                },
                notice.calendar,
              ),
            ]
          : [],
      };
    },
    sms: (notice, { locale }) => {
      const time = smsTimeText(notice.startsAt, notice.timeZone, locale);
      return oneSegment(
        (title) => strings[locale].sms[notice.step](title, time, notice.link),
        notice.title,
      );
    },
  },
  'viewing-reminder': {
    email: (notice, { locale, shared }) => {
      const s = strings[locale];
      const time = timeText(notice.startsAt, notice.timeZone, locale);
      return {
        subject: s.subject.reminder(notice.title, time),
        blocks: [
          { type: 'paragraph', text: shared.hello(notice.firstName.trim()) },
          {
            type: 'paragraph',
            text: s.reminder[notice.when](notice.otherName, notice.title, time, notice.address),
          },
          { type: 'paragraph', text: s.free },
          { type: 'button', label: s.button, href: notice.link },
        ],
      };
    },
    sms: (notice, { locale }) => {
      const time = smsTimeText(notice.startsAt, notice.timeZone, locale);
      return oneSegment(
        (title) => strings[locale].sms.reminder(title, time, notice.link),
        notice.title,
      );
    },
  },
};
