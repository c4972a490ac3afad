import type { ConversationStrings } from '../notifications';

/** The Chinese words of conversations's e-mails and SMS (../notifications.ts). */
export const zh: ConversationStrings = {
  unreadMessages: {
    subject: (sender, title) =>
      sender ? `${sender} 就“${title}”给您发来新消息` : `关于“${title}”的新消息`,
    wrote: (sender, title, count) => {
      if (!sender) {
        return count === 1
          ? `您在 Abode 上有一条关于“${title}”的消息：`
          : `您在 Abode 上有 ${count} 条关于“${title}”的消息。最新一条：`;
      }
      return count === 1
        ? `${sender} 在 Abode 上就“${title}”给您发来一条消息：`
        : `${sender} 在 Abode 上就“${title}”给您发来 ${count} 条消息。最新一条：`;
    },
    newMessages: (sender, title, count) => {
      if (!sender) {
        return count === 1
          ? `您在 Abode 上有一条关于“${title}”的新消息。`
          : `您在 Abode 上有 ${count} 条关于“${title}”的新消息。`;
      }
      return count === 1
        ? `${sender} 在 Abode 上就“${title}”给您发来一条新消息。`
        : `${sender} 在 Abode 上就“${title}”给您发来 ${count} 条新消息。`;
    },
    button: '阅读并回复',
    settings: '不再接收消息邮件',
    quote: (excerpt) => `“${excerpt}”`,
  },
  sms: {
    // One UCS-2 segment is 70 characters: the link takes a third of them.
    unread: (sender, title, link) => `Abode：${sender}就“${title}”给您发来消息 ${link}`,
    unreadNoName: (title, link) => `Abode：“${title}”有新消息 ${link}`,
  },
};
