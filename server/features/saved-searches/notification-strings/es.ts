import type { AlertStrings } from '../notifications';

/** The Spanish words of saved-searches's e-mails and SMS (../notifications.ts). */
export const es: AlertStrings = {
  savedSearchAlert: {
    subject: (name, count) =>
      count === 1 ? `Un lugar nuevo para «${name}»` : `${count} lugares nuevos para «${name}»`,
    intro: (name, count) =>
      count === 1
        ? `Un lugar que coincide con tu búsqueda guardada «${name}» ya está en Abode:`
        : `${count} lugares que coinciden con tu búsqueda guardada «${name}» ya están en Abode:`,
    periods: { week: 'semana', month: 'mes', year: 'año' },
    view: 'Ver este lugar',
    seeAll: 'Ver todos los resultados',
    stop: 'Dejar de recibir estas alertas',
    manage: 'Gestionar tus alertas',
  },
  priceDrop: {
    subject: (title) => `Bajada de precio: «${title}»`,
    dropped: (title, was, now) =>
      `El alquiler de «${title}», que guardaste, bajó de ${was} a ${now}.`,
    view: 'Ver este lugar',
  },
  sms: {
    alertOne: (title, price, link, stop) =>
      `Abode: nuevo: ${title}, ${price} ${link} Parar: ${stop}`,
    alertMany: (count, name, link, stop) =>
      `Abode: ${count} lugares nuevos para "${name}" ${link} Parar: ${stop}`,
    priceDrop: (title, was, now, link, stop) =>
      `Abode: bajada de precio: ${title}, ${was} -> ${now} ${link} Parar: ${stop}`,
  },
};
