import type { LanguageCode } from '#common/languages';
import type { NotificationTemplates } from '../../lib/notification-templates';
import { shortenable } from '../../lib/sms-fit';
import { de } from './notification-strings/de';
import { en } from './notification-strings/en';
import { es } from './notification-strings/es';
import { fr } from './notification-strings/fr';
import { zh } from './notification-strings/zh';

/**
 * What the review of a listing tells its owner (issue 35: a feature brings its notification kinds):
 * approved, rejected, or its changes rejected (review.ts sends them). Their words are in
 * notification-strings/, one file per language; the plugin lists the templates in `notifications`.
 */
declare module '../../lib/notifier' {
  interface NotificationPayloads {
    'listing-approved': { firstName: string; title: string; link: string };
    'listing-rejected': { firstName: string; title: string; reason: string; link: string };
    /** An administrator rejected an approved listing's changes; the approved one stays (issue 34). */
    'listing-changes-rejected': { firstName: string; title: string; reason: string; link: string };
  }
}

/** What each language's file of notification-strings/ says. */
export type ReviewStrings = {
  listingApproved: { subject: string; live: (title: string) => string; button: string };
  listingRejected: {
    subject: string;
    notApproved: (title: string) => string;
    reason: string;
    next: string;
    button: string;
  };
  listingChangesRejected: {
    subject: string;
    notApproved: (title: string) => string;
    reason: string;
    kept: string;
    button: string;
  };
  sms: {
    approved: (title: string, link: string) => string;
    rejected: (title: string, reason: string, link: string) => string;
    changesRejected: (title: string, reason: string, link: string) => string;
  };
};

const strings: Record<LanguageCode, ReviewStrings> = { en, es, fr, de, zh };

export const reviewNotifications: NotificationTemplates = {
  'listing-approved': {
    email: (message, { locale, shared }) => {
      const s = strings[locale].listingApproved;
      return {
        subject: s.subject,
        blocks: [
          { type: 'paragraph', text: shared.hello(message.firstName.trim()) },
          { type: 'paragraph', text: s.live(message.title) },
          { type: 'button', label: s.button, href: message.link },
        ],
      };
    },
    sms: (message, { locale }) =>
      shortenable((title) => strings[locale].sms.approved(title, message.link), message.title),
  },
  'listing-rejected': {
    email: (message, { locale, shared }) => {
      const s = strings[locale].listingRejected;
      return {
        subject: s.subject,
        blocks: [
          { type: 'paragraph', text: shared.hello(message.firstName.trim()) },
          { type: 'paragraph', text: s.notApproved(message.title) },
          { type: 'paragraph', text: `${s.reason} ${message.reason}` },
          { type: 'paragraph', text: s.next },
          { type: 'button', label: s.button, href: message.link },
        ],
      };
    },
    sms: (message, { locale }) =>
      shortenable(
        (title, reason) => strings[locale].sms.rejected(title, reason, message.link),
        message.title,
        message.reason,
      ),
  },
  'listing-changes-rejected': {
    email: (message, { locale, shared }) => {
      const s = strings[locale].listingChangesRejected;
      return {
        subject: s.subject,
        blocks: [
          { type: 'paragraph', text: shared.hello(message.firstName.trim()) },
          { type: 'paragraph', text: s.notApproved(message.title) },
          { type: 'paragraph', text: `${s.reason} ${message.reason}` },
          { type: 'paragraph', text: s.kept },
          { type: 'button', label: s.button, href: message.link },
        ],
      };
    },
    sms: (message, { locale }) =>
      shortenable(
        (title, reason) => strings[locale].sms.changesRejected(title, reason, message.link),
        message.title,
        message.reason,
      ),
  },
};
