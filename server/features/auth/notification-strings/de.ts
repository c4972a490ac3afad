import type { AuthStrings } from '../notifications';

/** The German words of auth's e-mails and SMS (../notifications.ts). */
export const de: AuthStrings = {
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
  sms: {
    code: (code) => `Ihr Abode-Code lautet ${code}. Er ist 10 Minuten lang gültig.`,
    resetCode: (code) =>
      `Abode: Ihr Code zum Zurücksetzen des Passworts lautet ${code}. Er ist 10 Minuten lang gültig. Geben Sie ihn nie weiter.`,
    reset: (link) =>
      `Abode-Passwort zurücksetzen (der Link funktioniert einmal, 30 Minuten lang): ${link}`,
    changed: (link) =>
      `Ihr Abode-Passwort wurde geändert. Waren Sie das nicht? Jetzt zurücksetzen: ${link}`,
  },
};
