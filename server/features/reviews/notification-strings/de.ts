import type { ReviewStrings } from '../notifications';

/** Die deutschen Worte der E-Mails und SMS zu Bewertungen (../notifications.ts). */
export const de: ReviewStrings = {
  invitation: {
    subject: (title) => `Wie war Ihre Besichtigung von „${title}“?`,
    ask: (title) => `Sie haben gestern „${title}“ besichtigt. Wie war es?`,
    questions:
      'Zwei Fragen zählen für die nächsten Mieter am meisten: War die Unterkunft so, wie das Inserat sie beschrieb, und hat jemand vor der Besichtigung Geld von Ihnen verlangt?',
    why: 'Nur wer eine Besichtigung über Abode gebucht hat, kann bewerten – Ihre Antwort ist viel wert. Sie haben 30 Tage Zeit.',
    phoneNeeded:
      'Für eine Bewertung brauchen Sie eine bestätigte Telefonnummer, damit jede Person nur einmal bewertet: Der Button führt Sie zum Hinzufügen und Bestätigen Ihrer Nummer und danach zurück zur Bewertung.',
    button: 'Besichtigung bewerten',
    sms: (title, link) => `Abode: Wie war Ihre Besichtigung von "${title}"? Bewerten: ${link}`,
  },
  decision: {
    subjectHidden: 'Ihre Bewertung wurde ausgeblendet',
    subjectRestored: 'Ihre Bewertung wird wieder angezeigt',
    hidden: (title) =>
      `Unser Team hat Ihre Bewertung von „${title}“ geprüft und ausgeblendet: Sie erscheint nicht mehr auf Abode.`,
    restored: (title) =>
      `Unser Team hat Ihre Bewertung von „${title}“ geprüft: Sie erscheint wieder auf Abode.`,
    reason: 'Die Begründung:',
    sms: {
      hidden: (title) => `Abode: Ihre Bewertung von "${title}" wurde ausgeblendet.`,
      restored: (title) => `Abode: Ihre Bewertung von "${title}" wird wieder angezeigt.`,
    },
  },
};
