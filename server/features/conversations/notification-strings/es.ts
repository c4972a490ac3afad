import type { ConversationStrings } from '../notifications';

/** The Spanish words of conversations's e-mails and SMS (../notifications.ts). */
export const es: ConversationStrings = {
  unreadMessages: {
    subject: (sender, title) =>
      sender ? `Nuevo mensaje de ${sender} sobre «${title}»` : `Nuevo mensaje sobre «${title}»`,
    wrote: (sender, title, count) => {
      if (!sender) {
        return count === 1
          ? `Tienes un mensaje en Abode sobre «${title}»:`
          : `Tienes ${count} mensajes en Abode sobre «${title}». El último:`;
      }
      return count === 1
        ? `${sender} te ha enviado un mensaje en Abode sobre «${title}»:`
        : `${sender} te ha enviado ${count} mensajes en Abode sobre «${title}». El último:`;
    },
    newMessages: (sender, title, count) => {
      if (!sender) {
        return count === 1
          ? `Tienes un mensaje nuevo en Abode sobre «${title}».`
          : `Tienes ${count} mensajes nuevos en Abode sobre «${title}».`;
      }
      return count === 1
        ? `${sender} te ha enviado un mensaje nuevo en Abode sobre «${title}».`
        : `${sender} te ha enviado ${count} mensajes nuevos en Abode sobre «${title}».`;
    },
    button: 'Leer y responder',
    settings: 'Dejar de recibir correos sobre mensajes',
    quote: (excerpt) => `«${excerpt}»`,
  },
  sms: {
    // GSM-7 has no "ó": the words avoid it, so the text keeps 160 characters.
    unread: (sender, title, link) => `Abode: mensaje nuevo de ${sender} sobre "${title}" ${link}`,
    unreadNoName: (title, link) => `Abode: mensaje nuevo sobre "${title}" ${link}`,
  },
};
