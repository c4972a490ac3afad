import type { Strings } from './types';

/** The German words of every e-mail and SMS. */
export const de: Strings = {
  hello: (name) => (name ? `Hallo ${name},` : 'Hallo,'),
  linkFallback:
    'Falls die Schaltfläche nicht funktioniert, kopieren Sie diese Adresse in Ihren Browser:',
  footer: 'Diese Nachricht wurde automatisch von Abode gesendet. Bitte antworten Sie nicht darauf.',
  codeIs: (code) => `Ihr Bestätigungscode lautet ${code}. Er ist 10 Minuten lang gültig.`,
  emailVerification: {
    subject: 'Ihr Abode-Bestätigungscode',
    enterIt: 'Geben Sie ihn auf der Bestätigungsseite ein:',
    button: 'E-Mail-Adresse bestätigen',
    notYou: 'Wenn Sie kein Abode-Konto erstellt haben, können Sie diese E-Mail ignorieren.',
  },
  phoneVerification: { subject: 'Ihr Abode-Code' },
  passwordReset: {
    subject: 'Setzen Sie Ihr Abode-Passwort zurück',
    requested:
      'Wir haben eine Anfrage erhalten, Ihr Passwort zurückzusetzen. Wählen Sie hier ein neues:',
    button: 'Passwort zurücksetzen',
    once: 'Der Link funktioniert einmal und ist 30 Minuten lang gültig.',
    notYou:
      'Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.',
  },
  passwordChanged: {
    subject: 'Ihr Abode-Passwort wurde geändert',
    changed: 'Ihr Abode-Passwort wurde soeben geändert.',
    notYou: 'Falls Sie das nicht waren, setzen Sie Ihr Passwort jetzt zurück:',
    button: 'Passwort zurücksetzen',
  },
  listingApproved: {
    subject: 'Ihr Inserat ist freigegeben',
    live: (title) =>
      `Gute Nachricht: Ein Administrator hat die Fotos von „${title}“ freigegeben. Es ist online, solange es aktiv ist.`,
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
  videoReady: {
    subject: 'Ihr Video ist fertig',
    ready: (name) =>
      `Ihr Video „${name}“ wurde geprüft und ist fertig. Sie können es unter „Meine Videos“ herunterladen.`,
    button: 'Meine Videos öffnen',
  },
  inboxMessage: {
    subject: (source, subject) => `[${source === 'support' ? 'Support' : 'Kontakt'}] ${subject}`,
    intro: (source) =>
      source === 'support'
        ? 'Über das 24/7-Supportformular ist eine neue Nachricht eingegangen.'
        : 'Über die Kontaktseite ist eine neue Nachricht eingegangen.',
    labels: {
      name: 'Name',
      email: 'E-Mail',
      phone: 'Telefon',
      category: 'Kategorie',
      userType: 'Ich bin',
      contactMethod: 'Bevorzugter Kontakt',
    },
    replyHint: 'Antworten Sie auf diese E-Mail, um dem Absender zu antworten.',
  },
  sms: {
    code: (code) => `Ihr Abode-Code lautet ${code}. Er ist 10 Minuten lang gültig.`,
    reset: (link) =>
      `Abode-Passwort zurücksetzen (der Link funktioniert einmal, 30 Minuten lang): ${link}`,
    changed: (link) =>
      `Ihr Abode-Passwort wurde geändert. Waren Sie das nicht? Jetzt zurücksetzen: ${link}`,
    approved: (title, link) => `Abode: „${title}“ ist freigegeben. ${link}`,
    rejected: (title, reason, link) =>
      `Abode: „${title}“ wurde nicht freigegeben: ${reason} ${link}`,
    videoReady: (name, link) => `Abode: Ihr Video „${name}“ ist fertig. ${link}`,
  },
};
