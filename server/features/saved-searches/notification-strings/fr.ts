import type { AlertStrings } from '../notifications';

/** The French words of saved-searches's e-mails and SMS (../notifications.ts). */
export const fr: AlertStrings = {
  savedSearchAlert: {
    subject: (name, count) =>
      count === 1
        ? `Un nouveau logement pour « ${name} »`
        : `${count} nouveaux logements pour « ${name} »`,
    intro: (name, count) =>
      count === 1
        ? `Un logement correspondant à votre recherche « ${name} » est maintenant sur Abode :`
        : `${count} logements correspondant à votre recherche « ${name} » sont maintenant sur Abode :`,
    periods: { week: 'semaine', month: 'mois', year: 'an' },
    view: 'Voir ce logement',
    seeAll: 'Voir tous les résultats',
    stop: 'Arrêter ces alertes',
    manage: 'Gérer vos alertes',
  },
  priceDrop: {
    subject: (title) => `Baisse de prix : « ${title} »`,
    dropped: (title, was, now) =>
      `Le loyer de « ${title} », que vous avez enregistré, est passé de ${was} à ${now}.`,
    view: 'Voir ce logement',
  },
  sms: {
    alertOne: (title, price, link, stop) =>
      `Abode : nouveau : ${title}, ${price} ${link} Stop : ${stop}`,
    alertMany: (count, name, link, stop) =>
      `Abode : ${count} nouveaux logements pour "${name}" ${link} Stop : ${stop}`,
    priceDrop: (title, was, now, link, stop) =>
      `Abode : baisse de prix : ${title}, ${was} -> ${now} ${link} Stop : ${stop}`,
  },
};
