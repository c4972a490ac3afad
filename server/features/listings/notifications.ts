import type { LanguageCode } from '#common/languages';
import { dayOf, type NotificationTemplates } from '../../lib/notification-templates';
import { shortenable } from '../../lib/sms-fit';
import { de } from './notification-strings/de';
import { en } from './notification-strings/en';
import { es } from './notification-strings/es';
import { fr } from './notification-strings/fr';
import { zh } from './notification-strings/zh';

/**
 * What the monthly confirmation of listings tells their owners (issue 35: a feature brings its
 * notification kinds; freshness.ts sends them): is it still available, and that it left the search
 * unconfirmed. Their words are in notification-strings/, one file per language; the plugin lists
 * the templates in `notifications`.
 */
declare module '../../lib/notifier' {
  interface NotificationPayloads {
    /**
     * The monthly "is it still available?" (issue 21): one-tap answers, and the day it leaves
     * the search without one (`expiresOn`, ISO date).
     */
    'listing-confirm-reminder': {
      firstName: string;
      title: string;
      availableLink: string;
      rentedLink: string;
      expiresOn: string;
    };
    /** A listing expired unconfirmed: renewing it is one click. */
    'listing-expired': { firstName: string; title: string; link: string };
  }
}

/** What each language's file of notification-strings/ says. */
export type FreshnessStrings = {
  listingConfirmReminder: {
    subject: string;
    ask: (title: string) => string;
    expires: (date: string) => string;
    available: string;
    rented: string;
  };
  listingExpired: {
    subject: string;
    expired: (title: string) => string;
    renew: string;
    button: string;
  };
  sms: {
    confirmReminder: (title: string, availableLink: string, rentedLink: string) => string;
    expired: (title: string, link: string) => string;
  };
};

const strings: Record<LanguageCode, FreshnessStrings> = { en, es, fr, de, zh };

export const freshnessNotifications: NotificationTemplates = {
  'listing-confirm-reminder': {
    email: (message, { locale, shared }) => {
      const r = strings[locale].listingConfirmReminder;
      return {
        subject: r.subject,
        blocks: [
          { type: 'paragraph', text: shared.hello(message.firstName.trim()) },
          { type: 'paragraph', text: r.ask(message.title) },
          { type: 'button', label: r.available, href: message.availableLink },
          { type: 'button', label: r.rented, href: message.rentedLink },
          { type: 'paragraph', text: r.expires(dayOf(message.expiresOn, locale)) },
        ],
      };
    },
    sms: (message, { locale }) =>
      shortenable(
        (title) =>
          strings[locale].sms.confirmReminder(title, message.availableLink, message.rentedLink),
        message.title,
      ),
  },
  'listing-expired': {
    email: (message, { locale, shared }) => {
      const s = strings[locale].listingExpired;
      return {
        subject: s.subject,
        blocks: [
          { type: 'paragraph', text: shared.hello(message.firstName.trim()) },
          { type: 'paragraph', text: s.expired(message.title) },
          { type: 'paragraph', text: s.renew },
          { type: 'button', label: s.button, href: message.link },
        ],
      };
    },
    sms: (message, { locale }) =>
      shortenable((title) => strings[locale].sms.expired(title, message.link), message.title),
  },
};
