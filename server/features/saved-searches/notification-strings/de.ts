import type { AlertStrings } from '../notifications';

/** The German words of saved-searches's e-mails and SMS (../notifications.ts). */
export const de: AlertStrings = {
  savedSearchAlert: {
    subject: (name, count) =>
      count === 1 ? `Ein neues Angebot für „${name}“` : `${count} neue Angebote für „${name}“`,
    intro: (name, count) =>
      count === 1
        ? `Ein Angebot, das zu Ihrer gespeicherten Suche „${name}“ passt, ist jetzt auf Abode:`
        : `${count} Angebote, die zu Ihrer gespeicherten Suche „${name}“ passen, sind jetzt auf Abode:`,
    periods: { week: 'Woche', month: 'Monat', year: 'Jahr' },
    view: 'Angebot ansehen',
    seeAll: 'Alle Treffer ansehen',
    stop: 'Diese Benachrichtigungen beenden',
    manage: 'Benachrichtigungen verwalten',
  },
  priceDrop: {
    subject: (title) => `Preissenkung: „${title}“`,
    dropped: (title, was, now) =>
      `Die Miete von „${title}“, das Sie gespeichert haben, ist von ${was} auf ${now} gesunken.`,
    view: 'Angebot ansehen',
  },
  sms: {
    alertOne: (title, price, link, stop) => `Abode: Neu: ${title}, ${price} ${link} Stopp: ${stop}`,
    alertMany: (count, name, link, stop) =>
      `Abode: ${count} neue Angebote für "${name}" ${link} Stopp: ${stop}`,
    priceDrop: (title, was, now, link, stop) =>
      `Abode: Preissenkung: ${title}, ${was} -> ${now} ${link} Stopp: ${stop}`,
  },
};
