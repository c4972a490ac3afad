import type { ReportStrings } from '../notifications';

/** The German words of reports's e-mails and SMS (../notifications.ts). */
export const de: ReportStrings = {
  listingHiddenForReports: {
    subject: 'Ihr Inserat ist ausgeblendet, während wir Meldungen prüfen',
    hidden: (title) =>
      `Mehrere Mieter haben „${title}“ gemeldet. Es ist auf Abode ausgeblendet, während unser Team die Meldungen prüft.`,
    next: 'Wir teilen Ihnen unsere Entscheidung mit. Sie können das Inserat weiter bearbeiten; sind die Meldungen ein Irrtum, schreiben Sie uns über die Support-Seite.',
    button: 'Mein Dashboard öffnen',
  },
  listingRemoved: {
    subject: 'Ihr Inserat wurde entfernt',
    removed: (title) =>
      `Unser Team hat die Meldungen von Mietern zu „${title}“ geprüft und das Inserat von Abode entfernt.`,
    reason: 'Der angegebene Grund:',
    button: 'Mein Dashboard öffnen',
  },
  reportOutcome: {
    subject: 'Zu dem Inserat, das Sie gemeldet haben',
    removed: (title) =>
      `Danke für Ihre Meldung. Wir haben „${title}“ geprüft und von Abode entfernt.`,
    kept: (title) =>
      `Danke für Ihre Meldung. Wir haben „${title}“ geprüft und keinen Verstoß gegen unsere Regeln gefunden; es bleibt auf Abode.`,
    advice:
      'Zahlen Sie niemals eine Besichtigungsgebühr, Kaution oder Miete, bevor Sie das Haus gesehen und den Anbieter getroffen haben.',
  },
  sms: {
    hiddenForReports: (title, link) =>
      `Abode: „${title}“ ist ausgeblendet, während wir Meldungen prüfen. ${link}`,
    removed: (title, reason, link) => `Abode: „${title}“ wurde entfernt: ${reason} ${link}`,
    reportRemoved: (title) => `Abode: Danke für Ihre Meldung. „${title}“ wurde entfernt.`,
    reportKept: (title) =>
      `Abode: Danke für Ihre Meldung. Wir haben „${title}“ geprüft; es bleibt auf Abode.`,
  },
};
