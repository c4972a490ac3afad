import type { ReviewStrings } from '../notifications';

/** The Spanish words of admin's e-mails and SMS (../notifications.ts). */
export const es: ReviewStrings = {
  listingApproved: {
    subject: 'Tu anuncio está aprobado',
    live: (title) =>
      `Buenas noticias: un administrador aprobó «${title}». Estará publicado mientras esté activo.`,
    button: 'Ver mis anuncios',
  },
  listingRejected: {
    subject: 'Tu anuncio necesita cambios',
    notApproved: (title) => `Un administrador aún no aprobó las fotos de «${title}».`,
    reason: 'El motivo indicado:',
    next: 'Cambia las fotos en la página de edición y guarda: el anuncio vuelve a revisión.',
    button: 'Abrir mi panel',
  },
  listingChangesRejected: {
    subject: 'Tus cambios no fueron aprobados',
    notApproved: (title) => `Un administrador no aprobó tus cambios en «${title}».`,
    reason: 'El motivo indicado:',
    kept: 'Los inquilinos siguen viendo el anuncio tal como fue aprobado. Edítalo de nuevo y guarda para enviar otros cambios.',
    button: 'Abrir mi panel',
  },
  sms: {
    approved: (title, link) => `Abode: «${title}» está aprobado. ${link}`,
    changesRejected: (title, reason, link) =>
      `Abode: tus cambios en «${title}» no fueron aprobados: ${reason}. El anuncio aprobado sigue publicado. ${link}`,
    rejected: (title, reason, link) => `Abode: «${title}» no fue aprobado: ${reason} ${link}`,
  },
};
