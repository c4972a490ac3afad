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
    no_show_disputed: (title) => `Der Mieter sagt, er war da: „${title}“`,
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
  listingGone: {
    listing_rented: (title, time) =>
      `Die Besichtigung von „${title}“ am ${time} ist abgesagt: Die Unterkunft ist vermietet.`,
    listing_off: (title, time) =>
      `Die Besichtigung von „${title}“ am ${time} ist abgesagt: Der Anbieter hat das Inserat von Abode genommen.`,
    listing_hidden: (title, time) =>
      `Die Besichtigung von „${title}“ am ${time} ist abgesagt: Das Inserat wird auf Abode nicht mehr angezeigt, während unser Team es prüft. Zahlen Sie niemandem etwas dafür.`,
    listing_expired: (title, time) =>
      `Die Besichtigung von „${title}“ am ${time} ist abgesagt: Das Inserat ist abgelaufen, da der Anbieter nicht bestätigt hat, dass es noch verfügbar ist.`,
    listing_removed: (title, time) =>
      `Die Besichtigung von „${title}“ am ${time} ist abgesagt: Das Inserat wurde von Abode entfernt.`,
  },
  expired: (title, time) =>
    `Ihre Anfrage, „${title}“ am ${time} zu besichtigen, wurde nicht rechtzeitig beantwortet. Wählen Sie eine andere Zeit oder eine andere Unterkunft.`,
  no_show_disputed: (name, title, time) =>
    `${who(name, 'Der Mieter')} gibt an, bei der Besichtigung von „${title}“ am ${time} da gewesen zu sein. Ihre Angabe, er sei nicht gekommen, zählt nicht mehr in seiner Bilanz, und er kann die Besichtigung bewerten.`,
  noShow: {
    subject: (title) => `Laut Anbieter waren Sie nicht da: „${title}“`,
    said: (name, title, time) =>
      `${who(name, 'Der Anbieter')} gibt an, dass Sie nicht zur Besichtigung von „${title}“ am ${time} gekommen sind. Das zählt in der Bilanz, die andere Anbieter sehen.`,
    answer:
      'Wenn Sie da waren, sagen Sie es auf der Seite der Besichtigung („Ich war da“): Dann zählt die Angabe nicht mehr, und Sie können die Besichtigung weiterhin bewerten.',
    sms: (title, time, link) =>
      `Abode: Laut Anbieter waren Sie nicht bei "${title}" ${time}. Waren Sie da? ${link}`,
  },
  reminder: {
    evening: (name, title, time, address) =>
      `Morgen: Ihre Besichtigung von „${title}“${name ? ` mit ${name}` : ''}, ${time}, Adresse: ${address}.`,
    soon: (name, title, time, address) =>
      `In 2 Stunden: Ihre Besichtigung von „${title}“${name ? ` mit ${name}` : ''}, ${time}, Adresse: ${address}.`,
  },
  place: (street, code) =>
    [street ? `Adresse: ${street}.` : '', code ? `GhanaPost GPS: ${code}.` : '']
      .filter(Boolean)
      .join(' '),
  calendarAttached: 'Mit der angehängten Kalenderdatei tragen Sie sie in Ihren Kalender ein.',
  free: 'Auf Abode gebuchte Besichtigungen sind kostenlos. Zahlen Sie nie dafür, eine Unterkunft zu sehen; werden Sie dazu aufgefordert, melden Sie es.',
  button: 'Besichtigung öffnen',
  calendar: {
    summary: (title) => `Besichtigung: ${title}`,
    description: (link) => `Gebucht auf Abode: ${link}`,
  },
  sms: {
    listingGone: (title, time, link) =>
      `Abode: Besichtigung "${title}" ${time} abgesagt, Inserat weg. ${link}`,
    requested: (title, time, link) =>
      `Abode: Besichtigungsanfrage für "${title}" ${time}. Antworten: ${link}`,
    confirmed: (title, time, link, where) =>
      `Abode: Besichtigung von "${title}" bestätigt für ${time}. ${where}${link}`,
    declined: (title, time, link) =>
      `Abode: Besichtigung von "${title}" ${time} abgelehnt. ${link}`,
    cancelled: (title, time, link) =>
      `Abode: Besichtigung von "${title}" ${time} abgesagt. ${link}`,
    expired: (title, time, link) =>
      `Abode: Ihre Besichtigungsanfrage für "${title}" ${time} ist abgelaufen. ${link}`,
    no_show_disputed: (title, time, link) =>
      `Abode: Der Mieter sagt, er war bei "${title}" ${time} da. ${link}`,
    reminder: (title, time, link, where) =>
      `Abode, Erinnerung: Besichtigung von "${title}" ${time}. Kostenlos. ${where}${link}`,
  },
};
