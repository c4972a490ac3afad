import type { ReviewStrings } from '../notifications';

/** Les mots français des e-mails et SMS des avis (../notifications.ts). */
export const fr: ReviewStrings = {
  invitation: {
    subject: (title) => `Comment s’est passée votre visite de « ${title} » ?`,
    ask: (title) => `Vous avez visité « ${title} » hier. Comment était-ce ?`,
    questions:
      'Deux questions comptent le plus pour le prochain locataire : le logement était-il conforme à l’annonce, et quelqu’un vous a-t-il demandé de l’argent avant la visite ?',
    why: 'Seuls les locataires qui ont réservé une visite sur Abode peuvent donner un avis : le vôtre compte beaucoup. Vous avez 30 jours.',
    phoneNeeded:
      'Un avis demande un numéro de téléphone vérifié, pour que chaque locataire ne donne son avis qu’une fois : le bouton vous mène à l’ajout et à la vérification du vôtre, puis de retour à l’avis.',
    button: 'Donner mon avis',
    sms: (title, link) =>
      `Abode : comment était votre visite de "${title}" ? Donnez votre avis : ${link}`,
  },
  decision: {
    subjectHidden: 'Votre avis a été masqué',
    subjectRestored: 'Votre avis est de nouveau visible',
    hidden: (title) =>
      `Notre équipe a examiné votre avis sur « ${title} » et l’a masqué : il n’apparaît plus sur Abode.`,
    restored: (title) =>
      `Notre équipe a examiné votre avis sur « ${title} » : il apparaît de nouveau sur Abode.`,
    reason: 'Motif indiqué :',
    sms: {
      hidden: (title) => `Abode : votre avis sur "${title}" a été masqué par notre équipe.`,
      restored: (title) => `Abode : votre avis sur "${title}" est de nouveau visible.`,
    },
  },
};
