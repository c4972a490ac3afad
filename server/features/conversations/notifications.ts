import type { LanguageCode } from '#common/languages';
import type { Block, NotificationTemplates } from '../../lib/notification-templates';
import { shortenable, type SmsDraft } from '../../lib/sms-fit';
import { de } from './notification-strings/de';
import { en } from './notification-strings/en';
import { es } from './notification-strings/es';
import { fr } from './notification-strings/fr';
import { zh } from './notification-strings/zh';

/**
 * What conversations tell people (issue 37): a party who has not read a message within 5
 * minutes is reminded (unread-reminders.ts), by e-mail with the start of the newest message, or
 * by SMS in one segment with a short link to the conversation. A message that carries a warning
 * (common/payment-warnings.ts) is never quoted: a scammer's MoMo number is not relayed by us.
 * Their words are in notification-strings/, one file per language.
 */
declare module '../../lib/notifier' {
  interface NotificationPayloads {
    /** Messages in a conversation the recipient has not read within 5 minutes. */
    'unread-messages': {
      /** The recipient's first name. */
      firstName: string;
      /**
       * The other party's first name; null when it is not relayed (it holds digits or words of
       * a payment request: a name is not a place for a MoMo number either).
       */
      senderName: string | null;
      /** The listing's title. */
      title: string;
      /** The messages the recipient has not read in this conversation. */
      count: number;
      /**
       * The start of the newest unread message (e-mail only); null when it carries a warning,
       * so that the e-mail says "a new message" instead.
       */
      excerpt: string | null;
      /** The conversation: its full address in an e-mail, a short link in an SMS. */
      link: string;
      /** Account Settings, where these are turned off. */
      settingsLink: string;
    };
  }
}

/** What each language's file of notification-strings/ says. */
/** `sender` is null when the name is not relayed: the words then name nobody. */
export type ConversationStrings = {
  unreadMessages: {
    subject: (sender: string | null, title: string) => string;
    /** Followed by the quoted start of the newest message. */
    wrote: (sender: string | null, title: string, count: number) => string;
    /** When the newest message is not quoted (it carries a warning). */
    newMessages: (sender: string | null, title: string, count: number) => string;
    button: string;
    settings: string;
    /** The quoted start of a message. */
    quote: (excerpt: string) => string;
  };
  sms: {
    /** The sender's first name, the listing's title, the short link: one segment. */
    unread: (sender: string, title: string, link: string) => string;
    /** When the name does not fit (even with the title shortened to "..."). */
    unreadNoName: (title: string, link: string) => string;
  };
};

const strings: Record<LanguageCode, ConversationStrings> = { en, es, fr, de, zh };

/** A first name as an SMS names it: 20 characters at most. */
const smsName = (name: string) =>
  name.length > 20 ? `${Array.from(name).slice(0, 20).join('').trimEnd()}.` : name;

export const conversationNotifications: NotificationTemplates = {
  'unread-messages': {
    email: (message, { locale, shared }) => {
      const s = strings[locale].unreadMessages;
      const sender = message.senderName?.trim() || null;
      const quoted: Block[] =
        message.excerpt === null
          ? [{ type: 'paragraph', text: s.newMessages(sender, message.title, message.count) }]
          : [
              { type: 'paragraph', text: s.wrote(sender, message.title, message.count) },
              { type: 'paragraph', text: s.quote(message.excerpt) },
            ];
      return {
        subject: s.subject(sender, message.title),
        blocks: [
          { type: 'paragraph', text: shared.hello(message.firstName.trim()) },
          ...quoted,
          { type: 'button', label: s.button, href: message.link },
          { type: 'link', label: s.settings, href: message.settingsLink },
        ],
      };
    },
    // Never the message itself: only who wrote, about which listing, and the link; without
    // the name when even a shortened title leaves no room for it.
    sms: (message, { locale }) => {
      const s = strings[locale].sms;
      const sender = message.senderName?.trim();
      const name = sender ? smsName(sender) : null;
      const named: SmsDraft[] = name
        ? [shortenable((title) => s.unread(name, title, message.link), message.title)]
        : [];
      return [...named, shortenable((title) => s.unreadNoName(title, message.link), message.title)];
    },
  },
};
