import type { FreshnessStrings } from '../notifications';

/** The German words of listings' e-mails and SMS (../notifications.ts). */
export const de: FreshnessStrings = {
  listingConfirmReminder: {
    subject: 'Ist Ihr Inserat noch verfügbar?',
    ask: (title) =>
      `Mieter vertrauen Abode, weil jedes Inserat jeden Monat bestätigt wird. Ist „${title}“ noch verfügbar?`,
    expires: (date) =>
      `Ohne Antwort verschwindet es am ${date} aus der Suche. Ein Tippen genügt, ohne Anmeldung.`,
    available: 'Ja, noch verfügbar',
    rented: 'Es ist vermietet',
  },
  listingExpired: {
    subject: 'Ihr Inserat ist nicht mehr in der Suche',
    expired: (title) =>
      `„${title}“ wurde 30 Tage lang nicht als verfügbar bestätigt, daher finden Mieter es nicht mehr.`,
    renew:
      'Wenn es noch verfügbar ist, erneuern Sie es mit einem Klick in Ihrem Dashboard: Es kommt ohne neue Prüfung zurück.',
    button: 'Inserat erneuern',
  },
  sms: {
    confirmReminder: (title, availableLink, rentedLink) =>
      `Abode: Ist „${title}“ noch verfügbar? Ja: ${availableLink} Vermietet: ${rentedLink}`,
    expired: (title, link) =>
      `Abode: „${title}“ ist nicht mehr in der Suche (nicht bestätigt). Erneuern: ${link}`,
  },
};
