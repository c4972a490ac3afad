import type { ConversationStrings } from '../notifications';

/** The German words of conversations's e-mails and SMS (../notifications.ts). */
export const de: ConversationStrings = {
  unreadMessages: {
    subject: (sender, title) =>
      sender ? `Neue Nachricht von ${sender} zu „${title}“` : `Neue Nachricht zu „${title}“`,
    wrote: (sender, title, count) => {
      if (!sender) {
        return count === 1
          ? `Sie haben auf Abode eine Nachricht zu „${title}“:`
          : `Sie haben auf Abode ${count} Nachrichten zu „${title}“. Die neueste:`;
      }
      return count === 1
        ? `${sender} hat Ihnen auf Abode zu „${title}“ geschrieben:`
        : `${sender} hat Ihnen auf Abode ${count} Nachrichten zu „${title}“ geschrieben. Die neueste:`;
    },
    newMessages: (sender, title, count) => {
      if (!sender) {
        return count === 1
          ? `Sie haben auf Abode eine neue Nachricht zu „${title}“.`
          : `Sie haben auf Abode ${count} neue Nachrichten zu „${title}“.`;
      }
      return count === 1
        ? `${sender} hat Ihnen auf Abode eine neue Nachricht zu „${title}“ geschrieben.`
        : `${sender} hat Ihnen auf Abode ${count} neue Nachrichten zu „${title}“ geschrieben.`;
    },
    button: 'Lesen und antworten',
    settings: 'Keine E-Mails zu Nachrichten mehr erhalten',
    quote: (excerpt) => `„${excerpt}“`,
  },
  sms: {
    unread: (sender, title, link) => `Abode: ${sender} hat Ihnen zu "${title}" geschrieben ${link}`,
    unreadNoName: (title, link) => `Abode: neue Nachricht zu "${title}" ${link}`,
  },
};
