import type { ViewingStrings } from '../notifications';

const who = (name: string | null, fallback: string) => name ?? fallback;

/** The German words of viewings' e-mails and SMS (../notifications.ts). */
export const de: ViewingStrings = {
  subject: {
    requested: (title, time) => `Besichtigungsanfrage: „${title}“, ${time}`,
    confirmed: (title, time) => `Besichtigung bestätigt: „${title}“, ${time}`,
    declined: (title) => `Besichtigungsanfrage abgelehnt: „${title}“`,
    cancelled: (title, time) => `Besichtigung abgesagt: „${title}“, ${time}`,
    expired: (title) => `Besichtigungsanfrage abgelaufen: „${title}“`,
    reminder: (title, time) => `Erinnerung: Besichtigung von „${title}“, ${time}`,
  },
  requested: (name, title, time) =>
    `${who(name, 'Ein Mieter')} möchte „${title}“ am ${time} besichtigen. Bestätigen oder lehnen Sie innerhalb eines Tages ab, sonst läuft die Anfrage ab.`,
  confirmed: (name, title, time, address) =>
    `${who(name, 'Der Anbieter')} hat Ihre Besichtigung von „${title}“ am ${time} bestätigt, Adresse: ${address}.`,
  confirmedByMe: (name, title, time, address) =>
    `Sie haben die Besichtigung${name ? ` von ${name}` : ''} für „${title}“ am ${time} bestätigt, Adresse: ${address}.`,
  declined: (name, title, time) =>
    `${who(name, 'Der Anbieter')} kann „${title}“ am ${time} nicht zeigen.`,
  suggested: (time) => `Angebotene andere Zeit: ${time}. Sie können sie über das Inserat buchen.`,
  slotTaken: 'Für diese Zeit wurde jemand anderes bestätigt.',
  cancelled: (name, title, time) =>
    `${who(name, 'Die andere Seite')} hat die Besichtigung von „${title}“ am ${time} abgesagt.`,
  cancelledByMe: (title, time) => `Sie haben die Besichtigung von „${title}“ am ${time} abgesagt.`,
  expired: (title, time) =>
    `Ihre Anfrage, „${title}“ am ${time} zu besichtigen, wurde nicht rechtzeitig beantwortet. Wählen Sie eine andere Zeit oder eine andere Unterkunft.`,
  reminder: {
    evening: (name, title, time, address) =>
      `Morgen: Ihre Besichtigung von „${title}“${name ? ` mit ${name}` : ''}, ${time}, Adresse: ${address}.`,
    soon: (name, title, time, address) =>
      `In 2 Stunden: Ihre Besichtigung von „${title}“${name ? ` mit ${name}` : ''}, ${time}, Adresse: ${address}.`,
  },
  calendarAttached: 'Mit der angehängten Kalenderdatei tragen Sie sie in Ihren Kalender ein.',
  free: 'Auf Abode gebuchte Besichtigungen sind kostenlos. Zahlen Sie nie dafür, eine Unterkunft zu sehen; werden Sie dazu aufgefordert, melden Sie es.',
  button: 'Besichtigung öffnen',
  calendar: {
    summary: (title) => `Besichtigung: ${title}`,
    description: (link) => `Gebucht auf Abode: ${link}`,
  },
  sms: {
    requested: (title, time, link) =>
      `Abode: Besichtigungsanfrage fur "${title}" ${time}. Antworten: ${link}`,
    confirmed: (title, time, link) =>
      `Abode: Besichtigung von "${title}" bestatigt fur ${time}. ${link}`,
    declined: (title, time, link) =>
      `Abode: Besichtigung von "${title}" ${time} abgelehnt. ${link}`,
    cancelled: (title, time, link) =>
      `Abode: Besichtigung von "${title}" ${time} abgesagt. ${link}`,
    expired: (title, time, link) =>
      `Abode: Ihre Besichtigungsanfrage fur "${title}" ${time} ist abgelaufen. ${link}`,
    reminder: (title, time, link) =>
      `Abode, Erinnerung: Besichtigung von "${title}" ${time}. Kostenlos. ${link}`,
  },
};
