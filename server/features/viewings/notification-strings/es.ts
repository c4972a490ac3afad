import type { ViewingStrings } from '../notifications';

const who = (name: string | null, fallback: string) => name ?? fallback;

/** The Spanish words of viewings' e-mails and SMS (../notifications.ts). */
export const es: ViewingStrings = {
  subject: {
    requested: (title, time) => `Solicitud de visita: «${title}», ${time}`,
    confirmed: (title, time) => `Visita confirmada: «${title}», ${time}`,
    declined: (title) => `Solicitud de visita rechazada: «${title}»`,
    cancelled: (title, time) => `Visita cancelada: «${title}», ${time}`,
    expired: (title) => `Solicitud de visita caducada: «${title}»`,
    no_show_disputed: (title) => `El inquilino dice que fue: «${title}»`,
    reminder: (title, time) => `Recordatorio: visita a «${title}», ${time}`,
  },
  requested: (name, title, time) =>
    `${who(name, 'Un inquilino')} quiere ver «${title}» el ${time}. Confirma o rechaza en un día; si no, la solicitud caduca.`,
  confirmed: (name, title, time, address) =>
    `${who(name, 'El anunciante')} confirmó tu visita a «${title}» el ${time}, en ${address}.`,
  confirmedByMe: (name, title, time, address) =>
    `Confirmaste la visita${name ? ` de ${name}` : ''} a «${title}» el ${time}, en ${address}.`,
  declined: (name, title, time) =>
    `${who(name, 'El anunciante')} no puede enseñar «${title}» el ${time}.`,
  suggested: (time) => `Propuso otra hora: ${time}. Puedes reservarla desde el anuncio.`,
  slotTaken: 'Se confirmó a otra persona para esa hora.',
  cancelled: (name, title, time) =>
    `${who(name, 'La otra parte')} canceló la visita a «${title}» del ${time}.`,
  cancelledByMe: (title, time) => `Cancelaste la visita a «${title}» del ${time}.`,
  listingGone: {
    listing_rented: (title, time) =>
      `La visita a «${title}» del ${time} se canceló: el lugar ya se alquiló.`,
    listing_off: (title, time) =>
      `La visita a «${title}» del ${time} se canceló: quien lo anuncia retiró el anuncio de Abode.`,
    listing_hidden: (title, time) =>
      `La visita a «${title}» del ${time} se canceló: el anuncio ya no se muestra en Abode mientras nuestro equipo lo revisa. No le pagues a nadie por él.`,
    listing_expired: (title, time) =>
      `La visita a «${title}» del ${time} se canceló: el anuncio caducó, porque no se confirmó que siga disponible.`,
    listing_removed: (title, time) =>
      `La visita a «${title}» del ${time} se canceló: el anuncio se eliminó de Abode.`,
  },
  expired: (title, time) =>
    `Tu solicitud para ver «${title}» el ${time} no tuvo respuesta a tiempo. Elige otra hora u otro lugar.`,
  no_show_disputed: (name, title, time) =>
    `${who(name, 'El inquilino')} dice que estuvo en la visita a «${title}» del ${time}. Tu aviso de que no vino ya no cuenta en su historial, y puede opinar sobre la visita.`,
  noShow: {
    subject: (title) => `El anunciante dice que no fuiste: «${title}»`,
    said: (name, title, time) =>
      `${who(name, 'El anunciante')} dice que no fuiste a la visita a «${title}» del ${time}. Esto cuenta en el historial que ven otros anunciantes.`,
    answer:
      'Si estuviste, dilo en la página de la visita («Estuve allí»): el aviso dejará de contar y aún podrás opinar sobre la visita.',
    sms: (title, time, link) =>
      `Abode: el anunciante dice que no fuiste a "${title}" ${time}. ¿Estuviste allí? ${link}`,
  },
  reminder: {
    evening: (name, title, time, address) =>
      `Mañana: tu visita a «${title}»${name ? ` con ${name}` : ''}, ${time}, en ${address}.`,
    soon: (name, title, time, address) =>
      `En 2 horas: tu visita a «${title}»${name ? ` con ${name}` : ''}, ${time}, en ${address}.`,
  },
  place: (street, code) =>
    [street ? `Dirección: ${street}.` : '', code ? `GhanaPost GPS: ${code}.` : '']
      .filter(Boolean)
      .join(' '),
  calendarAttached: 'El archivo de calendario adjunto la añade a tu calendario.',
  free: 'Las visitas reservadas en Abode son gratuitas. Nunca pagues por ver un lugar; si te lo piden, denúncialo.',
  button: 'Abrir la visita',
  calendar: {
    summary: (title) => `Visita: ${title}`,
    description: (link) => `Reservada en Abode: ${link}`,
  },
  sms: {
    listingGone: (title, time, link) =>
      `Abode: visita a "${title}" ${time} cancelada, anuncio retirado. ${link}`,
    requested: (title, time, link) =>
      `Abode: solicitud de visita a "${title}" ${time}. Responde: ${link}`,
    confirmed: (title, time, link, where) =>
      `Abode: visita a "${title}" confirmada para ${time}. ${where}${link}`,
    declined: (title, time, link) => `Abode: visita a "${title}" ${time} rechazada. ${link}`,
    cancelled: (title, time, link) => `Abode: visita a "${title}" ${time} cancelada. ${link}`,
    expired: (title, time, link) =>
      `Abode: tu solicitud de visita a "${title}" ${time} caducó. ${link}`,
    no_show_disputed: (title, time, link) =>
      `Abode: el inquilino dice que fue a "${title}" ${time}. ${link}`,
    reminder: (title, time, link, where) =>
      `Abode, recordatorio: visita a "${title}" ${time}. Gratis. ${where}${link}`,
  },
};
