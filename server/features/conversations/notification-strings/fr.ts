import type { ConversationStrings } from '../notifications';

/** The French words of conversations's e-mails and SMS (../notifications.ts). */
export const fr: ConversationStrings = {
  unreadMessages: {
    subject: (sender, title) =>
      sender
        ? `Nouveau message de ${sender} à propos de « ${title} »`
        : `Nouveau message à propos de « ${title} »`,
    wrote: (sender, title, count) => {
      if (!sender) {
        return count === 1
          ? `Vous avez un message sur Abode à propos de « ${title} » :`
          : `Vous avez ${count} messages sur Abode à propos de « ${title} ». Le dernier :`;
      }
      return count === 1
        ? `${sender} vous a envoyé un message sur Abode à propos de « ${title} » :`
        : `${sender} vous a envoyé ${count} messages sur Abode à propos de « ${title} ». Le dernier :`;
    },
    newMessages: (sender, title, count) => {
      if (!sender) {
        return count === 1
          ? `Vous avez un nouveau message sur Abode à propos de « ${title} ».`
          : `Vous avez ${count} nouveaux messages sur Abode à propos de « ${title} ».`;
      }
      return count === 1
        ? `${sender} vous a envoyé un nouveau message sur Abode à propos de « ${title} ».`
        : `${sender} vous a envoyé ${count} nouveaux messages sur Abode à propos de « ${title} ».`;
    },
    button: 'Lire et répondre',
    settings: 'Ne plus recevoir d’e-mails pour les messages',
    quote: (excerpt) => `« ${excerpt} »`,
  },
  sms: {
    unread: (sender, title, link) =>
      `Abode : ${sender} vous a écrit à propos de "${title}" ${link}`,
    unreadNoName: (title, link) => `Abode : nouveau message à propos de "${title}" ${link}`,
  },
};
