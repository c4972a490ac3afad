import type { LanguageCode } from '#common/languages';
import { dayOf, type NotificationTemplates } from '../../lib/notification-templates';
import { shortenable } from '../../lib/sms-fit';

/**
 * An administrator's answer to a support or contact message (issue 51), sent to the sender's
 * e-mail through the queue like every other e-mail: the greeting, the answer, the sender's own
 * message below it, and the way to write again (the support form; a reply to the e-mail goes
 * to the support address too). Framed in the language the sender wrote in; the answer itself
 * is the administrator's words as they wrote them.
 */
declare module '../../lib/notifier' {
  interface NotificationPayloads {
    'inbox-reply': {
      /** The sender's name as they gave it (may be empty). */
      name: string;
      subject: string;
      reply: string;
      /** What they wrote, quoted below the answer (its start). */
      original: string;
      /** When they wrote it (ISO 8601). */
      writtenAt: string;
      /** The support form, to write again. */
      supportUrl: string;
      /** The support address: an answer to this e-mail reaches support. */
      replyTo: string;
    };
  }
}

type ReplyStrings = {
  subject: (subject: string) => string;
  intro: (date: string) => string;
  youWrote: (subject: string) => string;
  writeAgain: string;
  sms: (subject: string) => string;
};

const strings: Record<LanguageCode, ReplyStrings> = {
  en: {
    subject: (subject) => `Re: ${subject}`,
    intro: (date) => `Abode support has answered the message you sent on ${date}:`,
    youWrote: (subject) => `Your message “${subject}”:`,
    writeAgain: 'Write to support again',
    sms: (subject) => `Abode support answered your message “${subject}” by e-mail.`,
  },
  fr: {
    subject: (subject) => `Re : ${subject}`,
    intro: (date) => `L’assistance Abode a répondu au message que vous avez envoyé le ${date} :`,
    youWrote: (subject) => `Votre message « ${subject} » :`,
    writeAgain: 'Écrire de nouveau à l’assistance',
    sms: (subject) => `L’assistance Abode a répondu par e-mail à votre message « ${subject} ».`,
  },
  de: {
    subject: (subject) => `AW: ${subject}`,
    intro: (date) => `Der Abode-Support hat auf Ihre Nachricht vom ${date} geantwortet:`,
    youWrote: (subject) => `Ihre Nachricht „${subject}“:`,
    writeAgain: 'Dem Support erneut schreiben',
    sms: (subject) => `Der Abode-Support hat Ihre Nachricht „${subject}“ per E-Mail beantwortet.`,
  },
  es: {
    subject: (subject) => `Re: ${subject}`,
    intro: (date) => `El soporte de Abode ha respondido al mensaje que enviaste el ${date}:`,
    youWrote: (subject) => `Tu mensaje «${subject}»:`,
    writeAgain: 'Escribir de nuevo al soporte',
    sms: (subject) => `El soporte de Abode respondió por correo a tu mensaje «${subject}».`,
  },
  zh: {
    subject: (subject) => `回复：${subject}`,
    intro: (date) => `Abode 客服已回复您于 ${date} 发送的消息：`,
    youWrote: (subject) => `您的消息“${subject}”：`,
    writeAgain: '再次联系客服',
    sms: (subject) => `Abode 客服已通过邮件回复您的消息“${subject}”。`,
  },
};

/** The sender's message below the answer: its start, when long. */
const QUOTE_LENGTH = 1000;
const quoted = (text: string) =>
  text.length > QUOTE_LENGTH ? `${text.slice(0, QUOTE_LENGTH).trimEnd()}…` : text;

export const replyNotifications: NotificationTemplates = {
  'inbox-reply': {
    email: (message, { locale, shared }) => {
      const s = strings[locale];
      return {
        subject: s.subject(message.subject),
        blocks: [
          { type: 'paragraph', text: shared.hello(message.name) },
          { type: 'paragraph', text: s.intro(dayOf(message.writtenAt, locale)) },
          { type: 'paragraph', text: message.reply },
          {
            type: 'paragraph',
            text: `${s.youWrote(message.subject)}\n${quoted(message.original)}`,
          },
          { type: 'link', label: s.writeAgain, href: message.supportUrl },
        ],
      };
    },
    // Sent by e-mail only (service.ts): the sender is answered at the address they gave.
    sms: (message, { locale }) => shortenable(strings[locale].sms, message.subject),
  },
};
