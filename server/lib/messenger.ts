import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { storeInOutbox } from './outbox';

/**
 * Everything the product tells people by e-mail or SMS goes through one Messenger. Services
 * say what to send (a Message) and in which language; the messenger renders it and delivers it
 * by SMTP (`SMTP_URL`) or an SMS provider, or keeps it in the outbox for /dev/mailbox when
 * neither is configured (DESIGN.md).
 */
export const messageLocales = ['en', 'es', 'fr', 'de', 'zh'] as const;
export type MessageLocale = (typeof messageLocales)[number];

export type Message =
  | { kind: 'email-verification'; firstName: string; code: string; link: string }
  | { kind: 'phone-verification'; code: string }
  | { kind: 'password-reset'; firstName: string; link: string }
  | { kind: 'password-changed'; firstName: string };

export interface Messenger {
  email(to: string, message: Message, locale: MessageLocale): Promise<void>;
  sms(to: string, message: Message, locale: MessageLocale): Promise<void>;
}

/** The reader's language: the first supported one of Accept-Language (the web app sends its choice). */
export function requestLocale(request: FastifyRequest): MessageLocale {
  const header = request.headers['accept-language'] ?? '';
  for (const part of header.split(',')) {
    const tag = part.split(';')[0]!.trim().toLowerCase().slice(0, 2);
    if ((messageLocales as readonly string[]).includes(tag)) return tag as MessageLocale;
  }
  return 'en';
}

/** Plain English bodies kept in the outbox (to be replaced by localized templates and SMTP). */
function render(message: Message): { subject: string; text: string } {
  switch (message.kind) {
    case 'email-verification':
      return {
        subject: 'Your Abode verification code',
        text: `Hello ${message.firstName},\n\nYour verification code is ${message.code}. It expires in 10 minutes.\nEnter it at ${message.link}\n`,
      };
    case 'phone-verification':
      return { subject: '', text: `Your Abode code is ${message.code}. It expires in 10 minutes.` };
    case 'password-reset':
      return {
        subject: 'Reset your Abode password',
        text: `Hello ${message.firstName},\n\nSet a new password at ${message.link}\nThe link works once, for 30 minutes.\n`,
      };
    case 'password-changed':
      return {
        subject: 'Your Abode password was changed',
        text: `Hello ${message.firstName},\n\nYour password was just changed. If it was not you, reset it now.\n`,
      };
  }
}

export function createMessenger(deps: { db: Database }): Messenger {
  return {
    async email(to, message) {
      const { subject, text } = render(message);
      await storeInOutbox(deps.db, { channel: 'email', recipient: to, subject, textBody: text });
    },
    async sms(to, message) {
      const { text } = render(message);
      await storeInOutbox(deps.db, { channel: 'sms', recipient: to, textBody: text });
    },
  };
}
