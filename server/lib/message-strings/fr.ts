import type { Strings } from './types';

/** The French words of every e-mail and SMS. */
export const fr: Strings = {
  hello: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
  linkFallback: 'Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur\u00a0:',
  footer: 'Ce message a été envoyé automatiquement par Abode. Merci de ne pas y répondre.',
  codeIs: (code) => `Votre code de vérification est ${code}. Il expire dans 10\u00a0minutes.`,
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
  videoReady: {
    subject: 'Votre vidéo est prête',
    ready: (name) =>
      `Votre vidéo « ${name} » a été examinée et elle est prête. Téléchargez-la depuis Mes vidéos.`,
    button: 'Ouvrir Mes vidéos',
  },
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
  verificationDecided: {
    kinds: { identity: 'identité', agent_licence: 'licence d’agent' },
    approvedSubject: 'Vous êtes vérifié sur Abode',
    approved: (kind) =>
      `Abode a vérifié votre ${kind}. Vos annonces affichent désormais le badge : les locataires savent que vous êtes réel.`,
    rejectedSubject: 'Votre vérification n’a pas été approuvée',
    rejected: (kind) => `Abode n’a pas encore pu vérifier votre ${kind}.`,
    reason: 'Le motif indiqué :',
    button: 'Ouvrir mon compte',
  },
  listingConfirmReminder: {
    subject: 'Votre annonce est-elle toujours disponible ?',
    ask: (title) =>
      `Les locataires font confiance à Abode parce que chaque annonce est confirmée tous les mois. « ${title} » est-elle toujours disponible ?`,
    expires: (date) =>
      `Sans réponse, elle quittera la recherche le ${date}. Un seul geste suffit, sans vous connecter.`,
    available: 'Oui, toujours disponible',
    rented: 'Elle a été louée',
  },
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
  listingExpired: {
    subject: 'Votre annonce a quitté la recherche',
    expired: (title) =>
      `« ${title} » n’a pas été confirmée disponible depuis 30 jours : les locataires ne la trouvent plus.`,
    renew:
      'Si elle est toujours disponible, renouvelez-la en un clic depuis votre tableau de bord : elle revient sans nouvelle vérification.',
    button: 'Renouveler mon annonce',
  },
  inboxMessage: {
    subject: (source, subject) => `[${source === 'support' ? 'Assistance' : 'Contact'}] ${subject}`,
    intro: (source) =>
      source === 'support'
        ? 'Un nouveau message est arrivé par le formulaire d’assistance 24h/24.'
        : 'Un nouveau message est arrivé par la page de contact.',
    labels: {
      name: 'Nom',
      email: 'E-mail',
      phone: 'Téléphone',
      category: 'Catégorie',
      userType: 'Je suis',
      contactMethod: 'Contact préféré',
    },
    replyHint: 'Répondez à cet e-mail pour répondre à l’expéditeur.',
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
    approved: (title, link) => `Abode : « ${title} » est approuvée. ${link}`,
    changesRejected: (title, reason, link) =>
      `Abode : vos modifications de « ${title} » ne sont pas approuvées : ${reason}. L’annonce approuvée reste en ligne. ${link}`,
    rejected: (title, reason, link) =>
      `Abode : « ${title} » n’est pas approuvée : ${reason} ${link}`,
    videoReady: (name, link) => `Abode : votre vidéo « ${name} » est prête. ${link}`,
    hiddenForReports: (title, link) =>
      `Abode : « ${title} » est masquée pendant l’examen de signalements. ${link}`,
    removed: (title, reason, link) => `Abode : « ${title} » a été retirée : ${reason} ${link}`,
    reportRemoved: (title) => `Abode : merci pour votre signalement. « ${title} » a été retirée.`,
    reportKept: (title) =>
      `Abode : merci pour votre signalement. Après examen, « ${title} » reste sur Abode.`,
    verificationApproved: (kind, link) => `Abode : votre ${kind} est vérifiée. ${link}`,
    verificationRejected: (kind, reason, link) =>
      `Abode : votre ${kind} n’a pas été vérifiée : ${reason} ${link}`,
    confirmReminder: (title, availableLink, rentedLink) =>
      `Abode : « ${title} » est-elle toujours disponible ? Oui : ${availableLink} Louée : ${rentedLink}`,
    expired: (title, link) =>
      `Abode : « ${title} » a quitté la recherche (non confirmée). Renouveler : ${link}`,
    alertOne: (title, price, link, stop) =>
      `Abode : nouveau : ${title}, ${price} ${link} Stop : ${stop}`,
    alertMany: (count, name, link, stop) =>
      `Abode : ${count} nouveaux logements pour "${name}" ${link} Stop : ${stop}`,
    priceDrop: (title, was, now, link, stop) =>
      `Abode : baisse de prix : ${title}, ${was} -> ${now} ${link} Stop : ${stop}`,
  },
};
