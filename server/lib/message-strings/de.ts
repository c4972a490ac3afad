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
  videoReady: {
    subject: 'Ihr Video ist fertig',
    ready: (name) =>
      `Ihr Video „${name}“ wurde geprüft und ist fertig. Sie können es unter „Meine Videos“ herunterladen.`,
    button: 'Meine Videos öffnen',
  },
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
  verificationDecided: {
    kinds: { identity: 'Identität', agent_licence: 'Maklerlizenz' },
    approvedSubject: 'Sie sind auf Abode verifiziert',
    approved: (kind) =>
      `Abode hat Ihre ${kind} geprüft. Ihre Inserate zeigen jetzt das Abzeichen, damit Mieter sehen, dass Sie echt sind.`,
    rejectedSubject: 'Ihre Verifizierung wurde nicht bestätigt',
    rejected: (kind) => `Abode konnte Ihre ${kind} noch nicht verifizieren.`,
    reason: 'Der angegebene Grund:',
    button: 'Mein Konto öffnen',
  },
  listingConfirmReminder: {
    subject: 'Ist Ihr Inserat noch verfügbar?',
    ask: (title) =>
      `Mieter vertrauen Abode, weil jedes Inserat jeden Monat bestätigt wird. Ist „${title}“ noch verfügbar?`,
    expires: (date) =>
      `Ohne Antwort verschwindet es am ${date} aus der Suche. Ein Tippen genügt, ohne Anmeldung.`,
    available: 'Ja, noch verfügbar',
    rented: 'Es ist vermietet',
  },
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
  listingExpired: {
    subject: 'Ihr Inserat ist nicht mehr in der Suche',
    expired: (title) =>
      `„${title}“ wurde 30 Tage lang nicht als verfügbar bestätigt, daher finden Mieter es nicht mehr.`,
    renew:
      'Wenn es noch verfügbar ist, erneuern Sie es mit einem Klick in Ihrem Dashboard: Es kommt ohne neue Prüfung zurück.',
    button: 'Inserat erneuern',
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
    resetCode: (code) =>
      `Abode: Ihr Code zum Zurücksetzen des Passworts lautet ${code}. Er ist 10 Minuten lang gültig. Geben Sie ihn nie weiter.`,
    reset: (link) =>
      `Abode-Passwort zurücksetzen (der Link funktioniert einmal, 30 Minuten lang): ${link}`,
    changed: (link) =>
      `Ihr Abode-Passwort wurde geändert. Waren Sie das nicht? Jetzt zurücksetzen: ${link}`,
    approved: (title, link) => `Abode: „${title}“ ist freigegeben. ${link}`,
    changesRejected: (title, reason, link) =>
      `Abode: Ihre Änderungen an „${title}“ wurden nicht freigegeben: ${reason}. Das freigegebene Inserat bleibt online. ${link}`,
    rejected: (title, reason, link) =>
      `Abode: „${title}“ wurde nicht freigegeben: ${reason} ${link}`,
    videoReady: (name, link) => `Abode: Ihr Video „${name}“ ist fertig. ${link}`,
    hiddenForReports: (title, link) =>
      `Abode: „${title}“ ist ausgeblendet, während wir Meldungen prüfen. ${link}`,
    removed: (title, reason, link) => `Abode: „${title}“ wurde entfernt: ${reason} ${link}`,
    reportRemoved: (title) => `Abode: Danke für Ihre Meldung. „${title}“ wurde entfernt.`,
    reportKept: (title) =>
      `Abode: Danke für Ihre Meldung. Wir haben „${title}“ geprüft; es bleibt auf Abode.`,
    verificationApproved: (kind, link) => `Abode: Ihre ${kind} ist verifiziert. ${link}`,
    verificationRejected: (kind, reason, link) =>
      `Abode: Ihre ${kind} wurde nicht verifiziert: ${reason} ${link}`,
    confirmReminder: (title, availableLink, rentedLink) =>
      `Abode: Ist „${title}“ noch verfügbar? Ja: ${availableLink} Vermietet: ${rentedLink}`,
    expired: (title, link) =>
      `Abode: „${title}“ ist nicht mehr in der Suche (nicht bestätigt). Erneuern: ${link}`,
    alertOne: (title, price, link, stop) => `Abode: Neu: ${title}, ${price} ${link} Stopp: ${stop}`,
    alertMany: (count, name, link, stop) =>
      `Abode: ${count} neue Angebote für "${name}" ${link} Stopp: ${stop}`,
    priceDrop: (title, was, now, link, stop) =>
      `Abode: Preissenkung: ${title}, ${was} -> ${now} ${link} Stopp: ${stop}`,
  },
};
