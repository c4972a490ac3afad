import type { LanguageCode } from '#common/languages';
import type { NotificationTemplates } from '../../lib/notification-templates';
import { shortenable } from '../../lib/sms-fit';
import { de } from './notification-strings/de';
import { en } from './notification-strings/en';
import { es } from './notification-strings/es';
import { fr } from './notification-strings/fr';
import { zh } from './notification-strings/zh';

/**
 * What reviews tell people (issue 40): the renter, the morning after a viewing, that they can
 * review it (by e-mail, or by SMS in one segment with a short link); a review's author, when an
 * administrator hid or restored it. Their words are in notification-strings/, one per language.
 */
declare module '../../lib/notifier' {
  interface NotificationPayloads {
    /** The morning after a confirmed viewing: how was it? */
    /**
     * The morning after a confirmed viewing: how was it? `phoneNeeded` when the renter has no
     * verified phone yet, which a review needs (issue 51): the e-mail says so.
     */
    'review-invitation': { firstName: string; title: string; link: string; phoneNeeded: boolean };
    /** An administrator hid a review (with the reason) or showed it again. */
    'review-decision': {
      firstName: string;
      title: string;
      hidden: boolean;
      reason: string | null;
    };
  }
}

/** What each language's file of notification-strings/ says. */
export type ReviewStrings = {
  invitation: {
    subject: (title: string) => string;
    ask: (title: string) => string;
    questions: string;
    why: string;
    /** Said when the renter has no verified phone: the link leads through verifying one. */
    phoneNeeded: string;
    button: string;
    sms: (title: string, link: string) => string;
  };
  decision: {
    subjectHidden: string;
    subjectRestored: string;
    hidden: (title: string) => string;
    restored: (title: string) => string;
    reason: string;
    sms: { hidden: (title: string) => string; restored: (title: string) => string };
  };
};

const strings: Record<LanguageCode, ReviewStrings> = { en, es, fr, de, zh };

export const reviewNotifications: NotificationTemplates = {
  'review-invitation': {
    email: (message, { locale, shared }) => {
      const s = strings[locale].invitation;
      return {
        subject: s.subject(message.title),
        blocks: [
          { type: 'paragraph', text: shared.hello(message.firstName.trim()) },
          { type: 'paragraph', text: s.ask(message.title) },
          { type: 'paragraph', text: s.questions },
          { type: 'paragraph', text: s.why },
          ...(message.phoneNeeded ? [{ type: 'paragraph' as const, text: s.phoneNeeded }] : []),
          { type: 'button', label: s.button, href: message.link },
        ],
      };
    },
    sms: (message, { locale }) =>
      shortenable((title) => strings[locale].invitation.sms(title, message.link), message.title),
  },
  'review-decision': {
    email: (message, { locale, shared }) => {
      const s = strings[locale].decision;
      return {
        subject: message.hidden ? s.subjectHidden : s.subjectRestored,
        blocks: [
          { type: 'paragraph', text: shared.hello(message.firstName.trim()) },
          {
            type: 'paragraph',
            text: message.hidden ? s.hidden(message.title) : s.restored(message.title),
          },
          ...(message.reason
            ? [{ type: 'paragraph' as const, text: `${s.reason} ${message.reason}` }]
            : []),
        ],
      };
    },
    sms: (message, { locale }) => {
      const s = strings[locale].decision.sms;
      return shortenable(
        (title) => (message.hidden ? s.hidden(title) : s.restored(title)),
        message.title,
      );
    },
  },
};
