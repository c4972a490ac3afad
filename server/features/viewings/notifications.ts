import type { LanguageCode } from '#common/languages';
import type { ConversationEvent } from '#common/conversations';
import { listingGoneCauses, type ListingGoneCause, type ViewingStep } from '#common/viewings';
import { zonedTimeText } from '#common/zoned-time';
import type { Block, NotificationTemplates } from '../../lib/notification-templates';
import { shortenable, type SmsDraft } from '../../lib/sms-fit';
import { viewingCalendar, type ExactPlace } from './calendar';
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
  /** The listing's title and public area line. */
  title: string;
  address: string;
  /**
   * Where the house is exactly (issue 50): in the notices of a confirmed viewing only (the
   * confirmation, the reminders), to both parties; null in every other.
   */
  place: ExactPlace | null;
  viewingId: string;
  /** ISO 8601 instants, shown in `timeZone` (the listing's). */
  startsAt: string;
  endsAt: string;
  timeZone: string;
  /** The viewing's page: its full address in an e-mail, a short link in an SMS. */
  link: string;
  /**
   * The viewing's signed calendar file, as a short link (issue 51): in a confirmation's SMS,
   * whose reader gets no attached file. Absent in every other notice.
   */
  calendarLink?: string | null;
};

declare module '../../lib/notifier' {
  interface NotificationPayloads {
    /** A step of a viewing, to the party who did not take it (and a confirmation to both). */
    'viewing-step': ViewingNotice & {
      step: ViewingStep;
      /** The recipient took this step (the lister's copy of their confirmation). */
      byMe: boolean;
      suggestedStartsAt: string | null;
      cause: ConversationEvent['cause'];
      /** The calendar file the e-mail carries: the event, its cancellation, or none. */
      calendar: 'publish' | 'cancel' | null;
      /** When the step was taken: the calendar file's stamp. */
      at: string;
    };
    /** A confirmed viewing, the evening before (18:00 where the place is) and 2 hours before. */
    'viewing-reminder': ViewingNotice & { when: 'evening' | 'soon' };
    /**
     * To the renter: the lister said they did not come (issue 50); the link leads to the
     * viewing's page, where they may answer "I was there".
     */
    'viewing-no-show': ViewingNotice;
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
  /** To both: Abode cancelled it, its listing having left the site (issue 51). */
  listingGone: Record<ListingGoneCause, (title: string, time: string) => string>;
  expired: (title: string, time: string) => string;
  /** To the lister: the renter answered "I was there" to their no-show (issue 50). */
  no_show_disputed: (name: string | null, title: string, time: string) => string;
  /** To the renter: the lister said they did not come (issue 50), and what they may answer. */
  noShow: {
    subject: (title: string) => string;
    said: (name: string | null, title: string, time: string) => string;
    answer: string;
    sms: (title: string, time: string, link: string) => string;
  };
  reminder: Record<
    'evening' | 'soon',
    (name: string | null, title: string, time: string, address: string) => string
  >;
  /** Where exactly, in a confirmed viewing's e-mails: the street address and the GPS code. */
  place: (street: string | null, code: string | null) => string;
  calendarAttached: string;
  free: string;
  button: string;
  calendar: { summary: (title: string) => string; description: (link: string) => string };
  /**
   * One segment each, with the title shortened to fit; `where` is a confirmed viewing's
   * GhanaPost GPS code ("GPS GA-123-4567. "), or empty.
   */
  sms: Record<
    ViewingStep | 'reminder',
    (title: string, time: string, link: string, where: string) => string
  > & {
    /** A viewing Abode cancelled as its listing left the site (issue 51). */
    listingGone: (title: string, time: string, link: string) => string;
  };
};

const strings: Record<LanguageCode, ViewingStrings> = { en, es, fr, de, zh };

/** A calendar file's words in `locale` (calendar-link.ts serves the file on its own). */
export const calendarWords = (locale: LanguageCode) => strings[locale].calendar;

/** Whether a step's cause is its listing leaving the site (issue 51). */
const isListingGone = (cause: ConversationEvent['cause']): cause is ListingGoneCause =>
  (listingGoneCauses as readonly string[]).includes(cause ?? '');

/** The time where the place is, with the zone's name, with plain spaces (some texts are SMS). */
const timeText = (iso: string, timeZone: string, locale: LanguageCode) =>
  zonedTimeText(iso, timeZone, locale).replace(/[\u202F\u00A0]/g, ' ');

/** A confirmed viewing's street address and code, as a paragraph of its e-mails. */
function placeBlocks(notice: ViewingNotice, s: ViewingStrings): Block[] {
  const place = notice.place;
  if (!place || (!place.streetAddress && !place.ghanaPostGps)) return [];
  return [{ type: 'paragraph', text: s.place(place.streetAddress, place.ghanaPostGps) }];
}

/**
 * A confirmed viewing's code, as its SMS carry it before the link: "GPS GA-123-4567. " (in
 * Chinese, whose segment is 70 characters, the code alone).
 */
function smsWhere(notice: ViewingNotice, locale: LanguageCode): string {
  const code = notice.place?.ghanaPostGps;
  if (!code) return '';
  return locale === 'zh' ? `${code} ` : `GPS ${code}. `;
}

/**
 * One segment, the title shortened to fit; when even "..." leaves no room (a Chinese text
 * with the GPS code), without the title: the code matters more on the day. The time's accents
 * ("sáb, 5 dic") go or stay with the rest of the text (lib/sms-fit.ts).
 */
function fitted(compose: (title: string) => string, title: string): SmsDraft[] {
  return [shortenable(compose, title), shortenable(() => compose(''))];
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
        cancelled: isListingGone(notice.cause)
          ? s.listingGone[notice.cause](notice.title, time)
          : notice.byMe
            ? s.cancelledByMe(notice.title, time)
            : s.cancelled(name, notice.title, time),
        expired: s.expired(notice.title, time),
        no_show_disputed: s.no_show_disputed(name, notice.title, time),
      };
      const blocks: Block[] = [
        { type: 'paragraph', text: shared.hello(notice.firstName.trim()) },
        { type: 'paragraph', text: said[notice.step] },
        ...placeBlocks(notice, s),
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
      const time = timeText(notice.startsAt, notice.timeZone, locale);
      const where = smsWhere(notice, locale);
      const sms = strings[locale].sms;
      // A confirmation's SMS leads to the calendar file ("Add to calendar"), which carries the
      // page's link; every other to the page.
      const link = (notice.step === 'confirmed' && notice.calendarLink) || notice.link;
      return fitted(
        (title) =>
          notice.step === 'cancelled' && isListingGone(notice.cause)
            ? sms.listingGone(title, time, link)
            : sms[notice.step](title, time, link, where),
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
          ...placeBlocks(notice, s),
          { type: 'paragraph', text: s.free },
          { type: 'button', label: s.button, href: notice.link },
        ],
      };
    },
    sms: (notice, { locale }) => {
      const time = timeText(notice.startsAt, notice.timeZone, locale);
      const where = smsWhere(notice, locale);
      return fitted(
        (title) => strings[locale].sms.reminder(title, time, notice.link, where),
        notice.title,
      );
    },
  },
  'viewing-no-show': {
    email: (notice, { locale, shared }) => {
      const s = strings[locale];
      const time = timeText(notice.startsAt, notice.timeZone, locale);
      return {
        subject: s.noShow.subject(notice.title),
        blocks: [
          { type: 'paragraph', text: shared.hello(notice.firstName.trim()) },
          { type: 'paragraph', text: s.noShow.said(notice.otherName, notice.title, time) },
          { type: 'paragraph', text: s.noShow.answer },
          { type: 'button', label: s.button, href: notice.link },
        ],
      };
    },
    sms: (notice, { locale }) => {
      const time = timeText(notice.startsAt, notice.timeZone, locale);
      return fitted((title) => strings[locale].noShow.sms(title, time, notice.link), notice.title);
    },
  },
};
