import type { FreshnessStrings } from '../notifications';

/** The French words of listings' e-mails and SMS (../notifications.ts). */
export const fr: FreshnessStrings = {
  listingConfirmReminder: {
    subject: 'Votre annonce est-elle toujours disponible ?',
    ask: (title) =>
      `Les locataires font confiance à Abode parce que chaque annonce est confirmée tous les mois. « ${title} » est-elle toujours disponible ?`,
    expires: (date) =>
      `Sans réponse, elle quittera la recherche le ${date}. Un seul geste suffit, sans vous connecter.`,
    available: 'Oui, toujours disponible',
    rented: 'Elle a été louée',
  },
  listingExpired: {
    subject: 'Votre annonce a quitté la recherche',
    expired: (title) =>
      `« ${title} » n’a pas été confirmée disponible depuis 30 jours : les locataires ne la trouvent plus.`,
    renew:
      'Si elle est toujours disponible, renouvelez-la en un clic depuis votre tableau de bord : elle revient sans nouvelle vérification.',
    button: 'Renouveler mon annonce',
  },
  sms: {
    confirmReminder: (title, availableLink, rentedLink) =>
      `Abode : « ${title} » est-elle toujours disponible ? Oui : ${availableLink} Louée : ${rentedLink}`,
    expired: (title, link) =>
      `Abode : « ${title} » a quitté la recherche (non confirmée). Renouveler : ${link}`,
  },
};
