import type { ReviewStrings } from '../notifications';

/** The German words of admin's e-mails and SMS (../notifications.ts). */
export const de: ReviewStrings = {
  listingApproved: {
    subject: 'Ihr Inserat ist freigegeben',
    live: (title) =>
      `Gute Nachricht: Ein Administrator hat „${title}“ freigegeben. Es ist online, solange es aktiv ist.`,
    button: 'Meine Inserate ansehen',
  },
  listingRejected: {
    subject: 'Ihr Inserat braucht Änderungen',
    notApproved: (title) =>
      `Ein Administrator hat die Fotos von „${title}“ noch nicht freigegeben.`,
    reason: 'Der angegebene Grund:',
    next: 'Ändern Sie die Fotos auf der Bearbeitungsseite und speichern Sie: Das Inserat wird erneut geprüft.',
    button: 'Mein Dashboard öffnen',
  },
  listingChangesRejected: {
    subject: 'Ihre Änderungen wurden nicht freigegeben',
    notApproved: (title) =>
      `Ein Administrator hat Ihre Änderungen an „${title}“ nicht freigegeben.`,
    reason: 'Der angegebene Grund:',
    kept: 'Mieter sehen das Inserat weiterhin so, wie es freigegeben wurde. Bearbeiten Sie es erneut und speichern Sie, um neue Änderungen zu senden.',
    button: 'Mein Dashboard öffnen',
  },
  sms: {
    approved: (title, link) => `Abode: „${title}“ ist freigegeben. ${link}`,
    changesRejected: (title, reason, link) =>
      `Abode: Ihre Änderungen an „${title}“ wurden nicht freigegeben: ${reason}. Das freigegebene Inserat bleibt online. ${link}`,
    rejected: (title, reason, link) =>
      `Abode: „${title}“ wurde nicht freigegeben: ${reason} ${link}`,
  },
};
