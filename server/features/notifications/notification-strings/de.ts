import type { DigestStrings } from '../notifications';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Die deutschen Worte der täglichen Zusammenfassung (../notifications.ts). */
export const de: DigestStrings = {
  subject: (total) =>
    `${plural(total, 'weitere Benachrichtigung', 'weitere Benachrichtigungen')} von Abode heute`,
  intro: (cap) =>
    `Abode sendet Ihnen auf diesem Weg höchstens ${cap} Benachrichtigungen am Tag, damit niemand Sie darüber überfluten kann. Diese kamen danach, und jede wartet in der App auf Sie:`,
  count: {
    viewings: (n) =>
      plural(
        n,
        'Benachrichtigung zu Besichtigungen (eine Anfrage, Antwort oder Erinnerung)',
        'Benachrichtigungen zu Besichtigungen (Anfragen, Antworten, Erinnerungen)',
      ),
    messages: (n) =>
      plural(n, 'Benachrichtigung zu Nachrichten', 'Benachrichtigungen zu Nachrichten'),
    reviews: (n) =>
      plural(n, 'Benachrichtigung zu Bewertungen', 'Benachrichtigungen zu Bewertungen'),
    listings: (n) =>
      plural(n, 'Benachrichtigung zu Ihren Inseraten', 'Benachrichtigungen zu Ihren Inseraten'),
    alerts: (n) => plural(n, 'Such- oder Preisalarm', 'Such- und Preisalarme'),
  },
  button: 'Abode öffnen',
  settings:
    'In Ihren Kontoeinstellungen wählen Sie, welche Benachrichtigungen Sie per E-Mail oder SMS erreichen.',
  settingsLink: 'Benachrichtigungseinstellungen',
  sms: (total, counts, link) =>
    `Abode: ${plural(total, 'weitere Benachrichtigung', 'weitere Benachrichtigungen')} heute: ${counts}. Ansehen: ${link}`,
  smsCount: {
    viewings: (n) => plural(n, 'Besichtigung', 'Besichtigungen'),
    messages: (n) => plural(n, 'Nachricht', 'Nachrichten'),
    reviews: (n) => plural(n, 'Bewertung', 'Bewertungen'),
    listings: (n) => plural(n, 'Inserat', 'Inserate'),
    alerts: (n) => plural(n, 'Alarm', 'Alarme'),
  },
  listSeparator: ', ',
};
