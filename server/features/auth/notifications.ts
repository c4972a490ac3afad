import type { LanguageCode } from '#common/languages';
import type { NotificationTemplates } from '../../lib/notification-templates';
import { de } from './notification-strings/de';
import { en } from './notification-strings/en';
import { es } from './notification-strings/es';
import { fr } from './notification-strings/fr';
import { zh } from './notification-strings/zh';

/**
 * The notifications of signing up and in (issue 35: a feature brings its notification kinds): the
 * codes that verify an address or a phone, password resets by link or code, and the notice that a
 * password changed (which accounts sends, from its settings). Their words are in
 * notification-strings/, one file per language; the plugin lists the templates in `notifications`.
 */
declare module '../../lib/notifier' {
  interface NotificationPayloads {
    'email-verification': { firstName: string; code: string; link: string };
    'phone-verification': { code: string };
    /** A password reset by phone (no link: the code is typed on /forgot-password). */
    'password-reset-code': { code: string };
    'password-reset': { firstName: string; link: string };
    'password-changed': { firstName: string };
  }
}

/** What each language's file of notification-strings/ says. */
export type AuthStrings = {
  emailVerification: { subject: string; enterIt: string; button: string; notYou: string };
  phoneVerification: { subject: string };
  passwordReset: {
    subject: string;
    requested: string;
    button: string;
    once: string;
    notYou: string;
  };
  passwordChanged: { subject: string; changed: string; notYou: string; button: string };
  sms: {
    code: (code: string) => string;
    reset: (link: string) => string;
    /** The code of a password reset by phone: one segment, like `code`. */
    resetCode: (code: string) => string;
    changed: (link: string) => string;
  };
};

const strings: Record<LanguageCode, AuthStrings> = { en, es, fr, de, zh };

export const authNotifications: NotificationTemplates = {
  'email-verification': {
    email: (message, { locale, shared }) => {
      const s = strings[locale].emailVerification;
      return {
        subject: s.subject,
        blocks: [
          { type: 'paragraph', text: shared.hello(message.firstName.trim()) },
          { type: 'paragraph', text: shared.codeIs(message.code) },
          { type: 'code', code: message.code },
          { type: 'paragraph', text: s.enterIt },
          { type: 'button', label: s.button, href: message.link },
          { type: 'paragraph', text: s.notYou },
        ],
      };
    },
    sms: (message, { locale }) => strings[locale].sms.code(message.code),
  },
  'phone-verification': {
    email: (message, { locale, shared }) => ({
      subject: strings[locale].phoneVerification.subject,
      blocks: [
        { type: 'paragraph', text: shared.codeIs(message.code) },
        { type: 'code', code: message.code },
      ],
    }),
    sms: (message, { locale }) => strings[locale].sms.code(message.code),
  },
  'password-reset-code': {
    // Sent by SMS only; an e-mail of it would say the same as the text.
    email: (message, { locale }) => ({
      subject: strings[locale].passwordReset.subject,
      blocks: [
        { type: 'paragraph', text: strings[locale].sms.resetCode(message.code) },
        { type: 'code', code: message.code },
      ],
    }),
    sms: (message, { locale }) => strings[locale].sms.resetCode(message.code),
  },
  'password-reset': {
    email: (message, { locale, shared }) => {
      const s = strings[locale].passwordReset;
      return {
        subject: s.subject,
        blocks: [
          { type: 'paragraph', text: shared.hello(message.firstName.trim()) },
          { type: 'paragraph', text: s.requested },
          { type: 'button', label: s.button, href: message.link },
          { type: 'paragraph', text: s.once },
          { type: 'paragraph', text: s.notYou },
        ],
      };
    },
    sms: (message, { locale }) => strings[locale].sms.reset(message.link),
  },
  'password-changed': {
    email: (message, { locale, shared, context }) => {
      const s = strings[locale].passwordChanged;
      return {
        subject: s.subject,
        blocks: [
          { type: 'paragraph', text: shared.hello(message.firstName.trim()) },
          { type: 'paragraph', text: s.changed },
          { type: 'paragraph', text: s.notYou },
          { type: 'button', label: s.button, href: context.forgotPasswordUrl },
        ],
      };
    },
    sms: (_message, { locale, context }) => strings[locale].sms.changed(context.forgotPasswordUrl),
  },
};
