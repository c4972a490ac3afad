import type { ReportStrings } from '../notifications';

/** The French words of reports's e-mails and SMS (../notifications.ts). */
export const fr: ReportStrings = {
  listingHiddenForReports: {
    subject: 'Votre annonce est masquée pendant l’examen de signalements',
    hidden: (title) =>
      `Plusieurs locataires ont signalé « ${title} » : elle est masquée sur Abode pendant que notre équipe examine les signalements.`,
    next: 'Nous vous informerons de notre décision. Vous pouvez toujours modifier l’annonce ; si les signalements sont une erreur, écrivez-nous depuis la page d’assistance.',
    button: 'Ouvrir mon tableau de bord',
  },
  listingRemoved: {
    subject: 'Votre annonce a été retirée',
    removed: (title) =>
      `Notre équipe a examiné les signalements de locataires concernant « ${title} » et l’a retirée d’Abode.`,
    reason: 'Le motif indiqué :',
    button: 'Ouvrir mon tableau de bord',
  },
  reportOutcome: {
    subject: 'À propos de l’annonce que vous avez signalée',
    removed: (title) =>
      `Merci pour votre signalement. Nous avons examiné « ${title} » et l’avons retirée d’Abode.`,
    kept: (title) =>
      `Merci pour votre signalement. Nous avons examiné « ${title} » sans rien trouver de contraire à nos règles : elle reste sur Abode.`,
    advice:
      'Ne payez jamais de frais de visite, de caution ni de loyer avant d’avoir vu le logement et rencontré l’annonceur.',
  },
  sms: {
    hiddenForReports: (title, link) =>
      `Abode : « ${title} » est masquée pendant l’examen de signalements. ${link}`,
    removed: (title, reason, link) => `Abode : « ${title} » a été retirée : ${reason} ${link}`,
    reportRemoved: (title) => `Abode : merci pour votre signalement. « ${title} » a été retirée.`,
    reportKept: (title) =>
      `Abode : merci pour votre signalement. Après examen, « ${title} » reste sur Abode.`,
  },
};
