import type { LanguageCode } from '#common/languages';
import type { NotificationTemplates } from '../../lib/notification-templates';
import { shortenable } from '../../lib/sms-fit';
import { de } from './notification-strings/de';
import { en } from './notification-strings/en';
import { es } from './notification-strings/es';
import { fr } from './notification-strings/fr';
import { zh } from './notification-strings/zh';

/**
 * What reports tell people (issue 35: a feature brings its notification kinds): an owner that
 * renters' reports hid their listing (report-listing.ts) or that it was removed, and a renter
 * what became of the listing they reported (admin-reports.ts). Their words are in
 * notification-strings/, one file per language; the plugin lists the templates in `notifications`.
 */
declare module '../../lib/notifier' {
  interface NotificationPayloads {
    /** Renters' reports hid a listing until an administrator reviews them (issue 19). */
    'listing-hidden-for-reports': { firstName: string; title: string; link: string };
    /** An administrator removed a listing after reviewing its reports. */
    'listing-removed': { firstName: string; title: string; reason: string; link: string };
    /** What became of a listing a renter reported: nothing of its owner, only the outcome. */
    'report-outcome': { firstName: string; title: string; removed: boolean };
  }
}

/** What each language's file of notification-strings/ says. */
export type ReportStrings = {
  listingHiddenForReports: {
    subject: string;
    hidden: (title: string) => string;
    next: string;
    button: string;
  };
  listingRemoved: {
    subject: string;
    removed: (title: string) => string;
    reason: string;
    button: string;
  };
  reportOutcome: {
    subject: string;
    removed: (title: string) => string;
    kept: (title: string) => string;
    advice: string;
  };
  sms: {
    hiddenForReports: (title: string, link: string) => string;
    removed: (title: string, reason: string, link: string) => string;
    reportRemoved: (title: string) => string;
    reportKept: (title: string) => string;
  };
};

const strings: Record<LanguageCode, ReportStrings> = { en, es, fr, de, zh };

export const reportNotifications: NotificationTemplates = {
  'listing-hidden-for-reports': {
    email: (message, { locale, shared }) => {
      const s = strings[locale].listingHiddenForReports;
      return {
        subject: s.subject,
        blocks: [
          { type: 'paragraph', text: shared.hello(message.firstName.trim()) },
          { type: 'paragraph', text: s.hidden(message.title) },
          { type: 'paragraph', text: s.next },
          { type: 'button', label: s.button, href: message.link },
        ],
      };
    },
    sms: (message, { locale }) =>
      shortenable(
        (title) => strings[locale].sms.hiddenForReports(title, message.link),
        message.title,
      ),
  },
  'listing-removed': {
    email: (message, { locale, shared }) => {
      const s = strings[locale].listingRemoved;
      return {
        subject: s.subject,
        blocks: [
          { type: 'paragraph', text: shared.hello(message.firstName.trim()) },
          { type: 'paragraph', text: s.removed(message.title) },
          { type: 'paragraph', text: `${s.reason} ${message.reason}` },
          { type: 'button', label: s.button, href: message.link },
        ],
      };
    },
    sms: (message, { locale }) =>
      shortenable(
        (title, reason) => strings[locale].sms.removed(title, reason, message.link),
        message.title,
        message.reason,
      ),
  },
  'report-outcome': {
    email: (message, { locale, shared }) => {
      const s = strings[locale].reportOutcome;
      return {
        subject: s.subject,
        blocks: [
          { type: 'paragraph', text: shared.hello(message.firstName.trim()) },
          {
            type: 'paragraph',
            text: message.removed ? s.removed(message.title) : s.kept(message.title),
          },
          { type: 'paragraph', text: s.advice },
        ],
      };
    },
    sms: (message, { locale }) => {
      const s = strings[locale].sms;
      return shortenable(message.removed ? s.reportRemoved : s.reportKept, message.title);
    },
  },
};
