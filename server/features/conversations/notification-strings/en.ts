import type { ConversationStrings } from '../notifications';

/** The English words of conversations's e-mails and SMS (../notifications.ts). */
export const en: ConversationStrings = {
  unreadMessages: {
    subject: (sender, title) =>
      sender ? `New message from ${sender} about “${title}”` : `New message about “${title}”`,
    wrote: (sender, title, count) => {
      if (!sender) {
        return count === 1
          ? `You have a message on Abode about “${title}”:`
          : `You have ${count} messages on Abode about “${title}”. The latest:`;
      }
      return count === 1
        ? `${sender} sent you a message on Abode about “${title}”:`
        : `${sender} sent you ${count} messages on Abode about “${title}”. The latest:`;
    },
    newMessages: (sender, title, count) => {
      if (!sender) {
        return count === 1
          ? `You have a new message on Abode about “${title}”.`
          : `You have ${count} new messages on Abode about “${title}”.`;
      }
      return count === 1
        ? `${sender} sent you a new message on Abode about “${title}”.`
        : `${sender} sent you ${count} new messages on Abode about “${title}”.`;
    },
    button: 'Read and reply',
    settings: 'Turn off e-mails about messages',
    quote: (excerpt) => `“${excerpt}”`,
  },
  sms: {
    unread: (sender, title, link) => `Abode: ${sender} sent you a message about "${title}" ${link}`,
    unreadNoName: (title, link) => `Abode: new message about "${title}" ${link}`,
  },
};
