import type { ReviewStrings } from '../notifications';

/** Las palabras en español de los correos y SMS de las reseñas (../notifications.ts). */
export const es: ReviewStrings = {
  invitation: {
    subject: (title) => `¿Qué tal fue tu visita a «${title}»?`,
    ask: (title) => `Ayer fuiste a ver «${title}». ¿Qué tal fue?`,
    questions:
      'Dos preguntas importan más al próximo inquilino: ¿el lugar era como lo describía el anuncio? ¿Alguien te pidió dinero antes de la visita?',
    why: 'Solo quienes reservaron una visita en Abode pueden dejar una reseña, así que tu respuesta vale mucho. Tienes 30 días.',
    phoneNeeded:
      'Para reseñar necesitas un número de teléfono verificado, así cada persona reseña una sola vez: el botón te lleva a añadir y verificar el tuyo, y luego de vuelta a la reseña.',
    button: 'Reseñar la visita',
    sms: (title, link) => `Abode: ¿qué tal tu visita a "${title}"? Déjanos tu reseña: ${link}`,
  },
  decision: {
    subjectHidden: 'Tu reseña fue ocultada',
    subjectRestored: 'Tu reseña vuelve a mostrarse',
    hidden: (title) =>
      `Nuestro equipo revisó tu reseña de «${title}» y la ocultó: ya no aparece en Abode.`,
    restored: (title) =>
      `Nuestro equipo revisó tu reseña de «${title}»: vuelve a aparecer en Abode.`,
    reason: 'El motivo:',
    sms: {
      hidden: (title) => `Abode: nuestro equipo ocultó tu reseña de "${title}".`,
      restored: (title) => `Abode: tu reseña de "${title}" vuelve a mostrarse.`,
    },
  },
};
