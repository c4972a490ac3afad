import type { DigestStrings } from '../notifications';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Les mots français du résumé quotidien (../notifications.ts). */
export const fr: DigestStrings = {
  subject: (total) =>
    `${plural(total, 'autre notification', 'autres notifications')} d’Abode aujourd’hui`,
  intro: (cap) =>
    `Abode vous envoie au plus ${cap} notifications par jour par ce moyen, pour que personne ne puisse vous inonder par lui. Celles-ci sont arrivées ensuite, et chacune vous attend dans l’application :`,
  count: {
    viewings: (n) =>
      plural(
        n,
        'notification de visite (demande, réponse ou rappel)',
        'notifications de visite (demandes, réponses, rappels)',
      ),
    messages: (n) => plural(n, 'notification de message', 'notifications de message'),
    reviews: (n) => plural(n, 'notification d’avis', 'notifications d’avis'),
    listings: (n) => plural(n, 'notification sur vos annonces', 'notifications sur vos annonces'),
    alerts: (n) => plural(n, 'alerte de recherche ou de prix', 'alertes de recherche et de prix'),
  },
  button: 'Ouvrir Abode',
  settings:
    'Vous choisissez dans les paramètres de votre compte quelles notifications vous arrivent par e-mail ou par SMS.',
  settingsLink: 'Paramètres des notifications',
  // A straight apostrophe: a curly one makes the SMS Unicode, 70 characters a segment.
  sms: (total, counts, link) =>
    `Abode : ${plural(total, 'autre notification', 'autres notifications')} aujourd'hui : ${counts}. Voir : ${link}`,
  smsCount: {
    viewings: (n) => plural(n, 'visite', 'visites'),
    messages: (n) => plural(n, 'message', 'messages'),
    reviews: (n) => `${n} avis`,
    listings: (n) => plural(n, 'annonce', 'annonces'),
    alerts: (n) => plural(n, 'alerte', 'alertes'),
  },
  listSeparator: ', ',
};
