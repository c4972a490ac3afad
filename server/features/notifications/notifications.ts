import type { LanguageCode } from '#common/languages';
import type { NotificationTemplates } from '../../lib/notification-templates';
import { de } from './notification-strings/de';
import { en } from './notification-strings/en';
import { es } from './notification-strings/es';
import { fr } from './notification-strings/fr';
import { zh } from './notification-strings/zh';

/**
 * The daily digest of notices held back past a person's cap of the day (issue 50,
 * server/lib/notice-cap.ts): how many of each group there were, and a link to the app, where
 * every one of them is shown. It names no listing, person or time, so it gives nothing away
 * that the app does not.
 */
export const digestGroups = ['viewings', 'messages', 'reviews', 'listings', 'alerts'] as const;
export type DigestGroup = (typeof digestGroups)[number];

declare module '../../lib/notifier' {
  interface NotificationPayloads {
    'notice-digest': {
      /** How many held-back notices of each group (groups without any left out). */
      counts: Partial<Record<DigestGroup, number>>;
      /** The day's cap of the channel it comes by (10 SMS, 30 e-mails). */
      cap: number;
      link: string;
      settingsLink: string;
    };
  }
}

/** What each language's file of notification-strings/ says. */
export type DigestStrings = {
  subject: (total: number) => string;
  intro: (cap: number) => string;
  /** "4 viewing notices", by group. */
  count: Record<DigestGroup, (n: number) => string>;
  button: string;
  settings: string;
  settingsLink: string;
  /** One SMS segment: the total, the groups' counts joined, the link. */
  sms: (total: number, counts: string, link: string) => string;
  /** The counts in an SMS, short: "4 viewings". */
  smsCount: Record<DigestGroup, (n: number) => string>;
  listSeparator: string;
};

const strings: Record<LanguageCode, DigestStrings> = { en, es, fr, de, zh };

const groupsOf = (counts: Partial<Record<DigestGroup, number>>) =>
  digestGroups
    .filter((group) => (counts[group] ?? 0) > 0)
    .map((group) => [group, counts[group]!] as const);

const totalOf = (counts: Partial<Record<DigestGroup, number>>) =>
  groupsOf(counts).reduce((sum, [, n]) => sum + n, 0);

export const digestNotifications: NotificationTemplates = {
  'notice-digest': {
    email: (message, { locale, shared }) => {
      const s = strings[locale];
      return {
        subject: s.subject(totalOf(message.counts)),
        blocks: [
          { type: 'paragraph', text: shared.hello('') },
          { type: 'paragraph', text: s.intro(message.cap) },
          ...groupsOf(message.counts).map(([group, n]) => ({
            type: 'paragraph' as const,
            text: `• ${s.count[group](n)}`,
          })),
          { type: 'button', label: s.button, href: message.link },
          { type: 'paragraph', text: s.settings },
          { type: 'link', label: s.settingsLink, href: message.settingsLink },
        ],
      };
    },
    sms: (message, { locale }) => {
      const s = strings[locale];
      const counts = groupsOf(message.counts)
        .map(([group, n]) => s.smsCount[group](n))
        .join(s.listSeparator);
      return s.sms(totalOf(message.counts), counts, message.link);
    },
  },
};
