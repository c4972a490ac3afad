import type { AuthStrings } from '../notifications';

/** The French words of auth's e-mails and SMS (../notifications.ts). */
export const fr: AuthStrings = {
  emailVerification: {
    subject: 'Votre code de vérification Abode',
    enterIt: 'Saisissez-le sur la page de vérification\u00a0:',
    button: 'Vérifier mon adresse e-mail',
    notYou: 'Si vous n’avez pas créé de compte Abode, vous pouvez ignorer cet e-mail.',
  },
  phoneVerification: { subject: 'Votre code Abode' },
  passwordReset: {
    subject: 'Réinitialisez votre mot de passe Abode',
    requested:
      'Nous avons reçu une demande de réinitialisation de votre mot de passe. Choisissez-en un nouveau ici\u00a0:',
    button: 'Réinitialiser mon mot de passe',
    once: 'Le lien ne fonctionne qu’une fois, pendant 30\u00a0minutes.',
    notYou:
      'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail\u00a0: votre mot de passe reste inchangé.',
  },
  passwordChanged: {
    subject: 'Votre mot de passe Abode a été modifié',
    changed: 'Votre mot de passe Abode vient d’être modifié.',
    notYou: 'Si ce n’était pas vous, réinitialisez-le dès maintenant\u00a0:',
    button: 'Réinitialiser mon mot de passe',
  },
  sms: {
    // A plain space: a no-break space is outside GSM-7, and would make the text UCS-2.
    code: (code) => `Votre code Abode est ${code}. Il expire dans 10 minutes.`,
    resetCode: (code) =>
      `Abode : votre code de réinitialisation du mot de passe est ${code}. Il expire dans 10 minutes. Ne le communiquez à personne.`,
    reset: (link) =>
      `Réinitialisez votre mot de passe Abode (lien valable une fois, pendant 30\u00a0minutes)\u00a0: ${link}`,
    changed: (link) =>
      `Votre mot de passe Abode a été modifié. Ce n’était pas vous\u00a0? Réinitialisez-le\u00a0: ${link}`,
  },
};
