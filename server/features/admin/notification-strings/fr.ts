import type { ReviewStrings } from '../notifications';

/** The French words of admin's e-mails and SMS (../notifications.ts). */
export const fr: ReviewStrings = {
  listingApproved: {
    subject: 'Votre annonce est approuvée',
    live: (title) =>
      `Bonne nouvelle : un administrateur a approuvé « ${title} ». Elle est en ligne tant qu’elle est active.`,
    button: 'Voir mes annonces',
  },
  listingRejected: {
    subject: 'Votre annonce doit être modifiée',
    notApproved: (title) => `Un administrateur n’a pas encore approuvé les photos de « ${title} ».`,
    reason: 'Le motif indiqué :',
    next: 'Modifiez les photos sur la page de modification et enregistrez : l’annonce repart en vérification.',
    button: 'Ouvrir mon tableau de bord',
  },
  listingChangesRejected: {
    subject: 'Vos modifications n’ont pas été approuvées',
    notApproved: (title) => `Un administrateur n’a pas approuvé vos modifications de « ${title} ».`,
    reason: 'Le motif indiqué :',
    kept: 'Les locataires voient toujours l’annonce telle qu’elle a été approuvée. Modifiez-la de nouveau et enregistrez pour envoyer d’autres modifications.',
    button: 'Ouvrir mon tableau de bord',
  },
  sms: {
    approved: (title, link) => `Abode : « ${title} » est approuvée. ${link}`,
    changesRejected: (title, reason, link) =>
      `Abode : vos modifications de « ${title} » ne sont pas approuvées : ${reason}. L’annonce approuvée reste en ligne. ${link}`,
    rejected: (title, reason, link) =>
      `Abode : « ${title} » n’est pas approuvée : ${reason} ${link}`,
  },
};
