import type { ViewingStrings } from '../notifications';

const who = (name: string | null, fallback: string) => name ?? fallback;

/** The French words of viewings' e-mails and SMS (../notifications.ts). */
export const fr: ViewingStrings = {
  subject: {
    requested: (title, time) => `Demande de visite : « ${title} », ${time}`,
    confirmed: (title, time) => `Visite confirmée : « ${title} », ${time}`,
    declined: (title) => `Demande de visite refusée : « ${title} »`,
    cancelled: (title, time) => `Visite annulée : « ${title} », ${time}`,
    expired: (title) => `Demande de visite expirée : « ${title} »`,
    no_show_disputed: (title) => `Le locataire dit être venu : « ${title} »`,
    reminder: (title, time) => `Rappel : visite de « ${title} », ${time}`,
  },
  requested: (name, title, time) =>
    `${who(name, 'Un locataire')} souhaite visiter « ${title} » le ${time}. Confirmez ou refusez dans la journée, sinon la demande expire.`,
  confirmed: (name, title, time, address) =>
    `${who(name, 'L’annonceur')} a confirmé votre visite de « ${title} » le ${time}, au ${address}.`,
  confirmedByMe: (name, title, time, address) =>
    `Vous avez confirmé la visite${name ? ` de ${name}` : ''} pour « ${title} » le ${time}, au ${address}.`,
  declined: (name, title, time) =>
    `${who(name, 'L’annonceur')} ne peut pas faire visiter « ${title} » le ${time}.`,
  suggested: (time) => `Autre créneau proposé : ${time}. Vous pouvez le réserver depuis l’annonce.`,
  slotTaken: 'Quelqu’un d’autre a été confirmé pour ce créneau.',
  cancelled: (name, title, time) =>
    `${who(name, 'L’autre partie')} a annulé la visite de « ${title} » du ${time}.`,
  cancelledByMe: (title, time) => `Vous avez annulé la visite de « ${title} » du ${time}.`,
  listingGone: {
    listing_rented: (title, time) =>
      `La visite de « ${title} » du ${time} est annulée : le logement a été loué.`,
    listing_off: (title, time) =>
      `La visite de « ${title} » du ${time} est annulée : l’annonceur a retiré l’annonce d’Abode.`,
    listing_hidden: (title, time) =>
      `La visite de « ${title} » du ${time} est annulée : l’annonce n’est plus affichée sur Abode pendant que notre équipe l’examine. Ne payez personne pour elle.`,
    listing_expired: (title, time) =>
      `La visite de « ${title} » du ${time} est annulée : l’annonce a expiré, son annonceur n’ayant pas confirmé qu’elle est toujours disponible.`,
    listing_removed: (title, time) =>
      `La visite de « ${title} » du ${time} est annulée : l’annonce a été supprimée d’Abode.`,
  },
  expired: (title, time) =>
    `Votre demande de visite de « ${title} » le ${time} n’a pas reçu de réponse à temps. Choisissez un autre créneau ou un autre logement.`,
  no_show_disputed: (name, title, time) =>
    `${who(name, 'Le locataire')} dit avoir été présent à la visite de « ${title} » du ${time}. Votre signalement d’absence ne compte plus dans son historique, et il peut laisser un avis sur la visite.`,
  noShow: {
    subject: (title) => `L’annonceur indique que vous n’êtes pas venu : « ${title} »`,
    said: (name, title, time) =>
      `${who(name, 'L’annonceur')} indique que vous n’êtes pas venu à la visite de « ${title} » du ${time}. Cela compte dans l’historique que voient les autres annonceurs.`,
    answer:
      'Si vous étiez là, dites-le sur la page de la visite (« J’étais là ») : le signalement ne comptera plus, et vous pourrez toujours laisser un avis.',
    sms: (title, time, link) =>
      `Abode : absence signalée à la visite de "${title}" ${time}. Vous étiez là ? ${link}`,
  },
  reminder: {
    evening: (name, title, time, address) =>
      `Demain : votre visite de « ${title} »${name ? ` avec ${name}` : ''}, ${time}, au ${address}.`,
    soon: (name, title, time, address) =>
      `Dans 2 heures : votre visite de « ${title} »${name ? ` avec ${name}` : ''}, ${time}, au ${address}.`,
  },
  place: (street, code) =>
    [street ? `Adresse : ${street}.` : '', code ? `GhanaPost GPS : ${code}.` : '']
      .filter(Boolean)
      .join(' '),
  calendarAttached: 'Le fichier de calendrier joint l’ajoute à votre agenda.',
  free: 'Les visites réservées sur Abode sont gratuites. Ne payez jamais pour visiter un logement ; si on vous le demande, signalez-le.',
  button: 'Voir la visite',
  calendar: {
    summary: (title) => `Visite : ${title}`,
    description: (link) => `Réservée sur Abode : ${link}`,
  },
  sms: {
    listingGone: (title, time, link) =>
      `Abode : visite de "${title}" ${time} annulée, annonce retirée. ${link}`,
    requested: (title, time, link) =>
      `Abode : demande de visite pour "${title}" ${time}. Répondre : ${link}`,
    confirmed: (title, time, link, where) =>
      `Abode : visite de "${title}" confirmée pour ${time}. ${where}${link}`,
    declined: (title, time, link) => `Abode : visite de "${title}" ${time} refusée. ${link}`,
    cancelled: (title, time, link) => `Abode : visite de "${title}" ${time} annulée. ${link}`,
    expired: (title, time, link) =>
      `Abode : votre demande de visite pour "${title}" ${time} a expiré. ${link}`,
    no_show_disputed: (title, time, link) =>
      `Abode : le locataire dit être venu à "${title}" ${time}. ${link}`,
    reminder: (title, time, link, where) =>
      `Abode, rappel : visite de "${title}" ${time}. Gratuite. ${where}${link}`,
  },
};
