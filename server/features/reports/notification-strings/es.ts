import type { ReportStrings } from '../notifications';

/** The Spanish words of reports's e-mails and SMS (../notifications.ts). */
export const es: ReportStrings = {
  listingHiddenForReports: {
    subject: 'Tu anuncio está oculto mientras revisamos reportes',
    hidden: (title) =>
      `Varios inquilinos reportaron «${title}», así que está oculto en Abode mientras nuestro equipo revisa los reportes.`,
    next: 'Te diremos lo que decidamos. Puedes seguir editando el anuncio; si los reportes son un error, escríbenos desde la página de soporte.',
    button: 'Abrir mi panel',
  },
  listingRemoved: {
    subject: 'Tu anuncio fue retirado',
    removed: (title) =>
      `Nuestro equipo revisó los reportes de inquilinos sobre «${title}» y lo retiró de Abode.`,
    reason: 'El motivo indicado:',
    button: 'Abrir mi panel',
  },
  reportOutcome: {
    subject: 'Sobre el anuncio que reportaste',
    removed: (title) => `Gracias por tu reporte. Revisamos «${title}» y lo retiramos de Abode.`,
    kept: (title) =>
      `Gracias por tu reporte. Revisamos «${title}» y no encontramos nada contra nuestras normas, así que sigue en Abode.`,
    advice:
      'Nunca pagues una tarifa de visita, un depósito o el alquiler antes de ver la casa y conocer al anunciante.',
  },
  sms: {
    hiddenForReports: (title, link) =>
      `Abode: «${title}» está oculto mientras revisamos reportes de inquilinos. ${link}`,
    removed: (title, reason, link) => `Abode: «${title}» fue retirado: ${reason} ${link}`,
    reportRemoved: (title) => `Abode: gracias por tu reporte. «${title}» fue retirado.`,
    reportKept: (title) => `Abode: gracias por tu reporte. Revisamos «${title}» y sigue en Abode.`,
  },
};
