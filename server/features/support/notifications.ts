import type { LanguageCode } from '#common/languages';
import type { NotificationTemplates } from '../../lib/notification-templates';
import { shortenable } from '../../lib/sms-fit';

/**
 * The copy of a support or contact form message forwarded to the support inbox (issue 35: a
 * feature brings its notification kinds; service.ts sends it): its template and its words in the
 * five languages. The plugin lists the template in `notifications`.
 */
export type InboxSource = 'support' | 'contact';
export type InboxField = 'name' | 'email' | 'phone' | 'category' | 'userType' | 'contactMethod';

declare module '../../lib/notifier' {
  interface NotificationPayloads {
    /** A support or contact form message, forwarded to the support inbox. */
    'inbox-message': {
      source: InboxSource;
      subject: string;
      body: string;
      fields: [InboxField, string][];
      /** The sender's address: staff answer by replying. */
      replyTo?: string;
    };
  }
}

type InboxStrings = {
  inboxMessage: {
    subject: (source: InboxSource, subject: string) => string;
    intro: (source: InboxSource) => string;
    labels: Record<InboxField, string>;
    replyHint: string;
  };
};

const en: InboxStrings = {
  inboxMessage: {
    subject: (source, subject) => `[${source === 'support' ? 'Support' : 'Contact'}] ${subject}`,
    intro: (source) =>
      source === 'support'
        ? 'A new message came through the 24/7 support form.'
        : 'A new message came through the contact page.',
    labels: {
      name: 'Name',
      email: 'Email',
      phone: 'Phone',
      category: 'Category',
      userType: 'I am a',
      contactMethod: 'Preferred contact',
    },
    replyHint: 'Reply to this e-mail to answer the sender.',
  },
};

const fr: InboxStrings = {
  inboxMessage: {
    subject: (source, subject) => `[${source === 'support' ? 'Assistance' : 'Contact'}] ${subject}`,
    intro: (source) =>
      source === 'support'
        ? 'Un nouveau message est arrivé par le formulaire d’assistance 24h/24.'
        : 'Un nouveau message est arrivé par la page de contact.',
    labels: {
      name: 'Nom',
      email: 'E-mail',
      phone: 'Téléphone',
      category: 'Catégorie',
      userType: 'Je suis',
      contactMethod: 'Contact préféré',
    },
    replyHint: 'Répondez à cet e-mail pour répondre à l’expéditeur.',
  },
};

const es: InboxStrings = {
  inboxMessage: {
    subject: (source, subject) => `[${source === 'support' ? 'Soporte' : 'Contacto'}] ${subject}`,
    intro: (source) =>
      source === 'support'
        ? 'Ha llegado un mensaje nuevo por el formulario de soporte 24/7.'
        : 'Ha llegado un mensaje nuevo por la página de contacto.',
    labels: {
      name: 'Nombre',
      email: 'Correo',
      phone: 'Teléfono',
      category: 'Categoría',
      userType: 'Soy',
      contactMethod: 'Contacto preferido',
    },
    replyHint: 'Responde a este correo para contestar al remitente.',
  },
};

const de: InboxStrings = {
  inboxMessage: {
    subject: (source, subject) => `[${source === 'support' ? 'Support' : 'Kontakt'}] ${subject}`,
    intro: (source) =>
      source === 'support'
        ? 'Über das 24/7-Supportformular ist eine neue Nachricht eingegangen.'
        : 'Über die Kontaktseite ist eine neue Nachricht eingegangen.',
    labels: {
      name: 'Name',
      email: 'E-Mail',
      phone: 'Telefon',
      category: 'Kategorie',
      userType: 'Ich bin',
      contactMethod: 'Bevorzugter Kontakt',
    },
    replyHint: 'Antworten Sie auf diese E-Mail, um dem Absender zu antworten.',
  },
};

const zh: InboxStrings = {
  inboxMessage: {
    subject: (source, subject) => `[${source === 'support' ? '支持' : '联系'}] ${subject}`,
    intro: (source) =>
      source === 'support' ? '全天候支持表单收到一条新消息。' : '联系页面收到一条新消息。',
    labels: {
      name: '姓名',
      email: '邮箱',
      phone: '电话',
      category: '类别',
      userType: '身份',
      contactMethod: '首选联系方式',
    },
    replyHint: '直接回复此邮件即可答复发件人。',
  },
};

const strings: Record<LanguageCode, InboxStrings> = { en, es, fr, de, zh };

export const supportNotifications: NotificationTemplates = {
  'inbox-message': {
    email: (message, { locale }) => {
      const s = strings[locale].inboxMessage;
      return {
        subject: s.subject(message.source, message.subject),
        blocks: [
          { type: 'paragraph', text: s.intro(message.source) },
          {
            type: 'paragraph',
            text: message.fields.map(([field, value]) => `${s.labels[field]}: ${value}`).join('\n'),
          },
          { type: 'paragraph', text: message.body },
          ...(message.replyTo ? [{ type: 'paragraph' as const, text: s.replyHint }] : []),
        ],
      };
    },
    // Sent by e-mail only (service.ts); as a text it would be the subject and the body's start.
    sms: (message, { locale }) =>
      shortenable(
        (subject, body) =>
          `${strings[locale].inboxMessage.subject(message.source, subject)}: ${body}`,
        message.subject,
        message.body,
      ),
  },
};
