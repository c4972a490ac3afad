import type { Strings } from './types';

/** The Spanish words of every e-mail and SMS. */
export const es: Strings = {
  hello: (name) => (name ? `Hola, ${name}:` : 'Hola:'),
  linkFallback: 'Si el botón no funciona, copia esta dirección en tu navegador:',
  footer: 'Abode ha enviado este mensaje automáticamente. Por favor, no lo respondas.',
  codeIs: (code) => `Tu código de verificación es ${code}. Caduca en 10 minutos.`,
  emailVerification: {
    subject: 'Tu código de verificación de Abode',
    enterIt: 'Introdúcelo en la página de verificación:',
    button: 'Verificar mi correo',
    notYou: 'Si no has creado una cuenta en Abode, puedes ignorar este correo.',
  },
  phoneVerification: { subject: 'Tu código de Abode' },
  passwordReset: {
    subject: 'Restablece tu contraseña de Abode',
    requested: 'Hemos recibido una solicitud para restablecer tu contraseña. Elige una nueva aquí:',
    button: 'Restablecer mi contraseña',
    once: 'El enlace solo funciona una vez, durante 30 minutos.',
    notYou: 'Si no lo has solicitado, ignora este correo: tu contraseña no cambiará.',
  },
  passwordChanged: {
    subject: 'Se ha cambiado tu contraseña de Abode',
    changed: 'Tu contraseña de Abode se acaba de cambiar.',
    notYou: 'Si no has sido tú, restablécela ahora:',
    button: 'Restablecer mi contraseña',
  },
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
  videoReady: {
    subject: 'Tu vídeo está listo',
    ready: (name) => `Tu vídeo «${name}» ya está revisado y listo. Descárgalo en Mis vídeos.`,
    button: 'Abrir Mis vídeos',
  },
  listingHiddenForReports: {
    subject: 'Tu anuncio está oculto mientras revisamos denuncias',
    hidden: (title) =>
      `Varios inquilinos denunciaron «${title}», así que está oculto en Abode mientras nuestro equipo revisa las denuncias.`,
    next: 'Te diremos lo que decidamos. Puedes seguir editando el anuncio; si las denuncias son un error, escríbenos desde la página de soporte.',
    button: 'Abrir mi panel',
  },
  listingRemoved: {
    subject: 'Tu anuncio fue retirado',
    removed: (title) =>
      `Nuestro equipo revisó las denuncias de inquilinos sobre «${title}» y lo retiró de Abode.`,
    reason: 'El motivo indicado:',
    button: 'Abrir mi panel',
  },
  reportOutcome: {
    subject: 'Sobre el anuncio que denunciaste',
    removed: (title) => `Gracias por tu denuncia. Revisamos «${title}» y lo retiramos de Abode.`,
    kept: (title) =>
      `Gracias por tu denuncia. Revisamos «${title}» y no encontramos nada contra nuestras normas, así que sigue en Abode.`,
    advice:
      'Nunca pagues una tarifa de visita, un depósito o el alquiler antes de ver la casa y conocer al anunciante.',
  },
  verificationDecided: {
    kinds: { identity: 'identidad', agent_licence: 'licencia de agente' },
    approvedSubject: 'Estás verificado en Abode',
    approved: (kind) =>
      `Abode comprobó tu ${kind}. Tus anuncios muestran ahora la insignia, para que los inquilinos sepan que eres real.`,
    rejectedSubject: 'Tu verificación no fue aprobada',
    rejected: (kind) => `Abode aún no pudo verificar tu ${kind}.`,
    reason: 'El motivo indicado:',
    button: 'Abrir mi cuenta',
  },
  listingConfirmReminder: {
    subject: '¿Tu anuncio sigue disponible?',
    ask: (title) =>
      `Los inquilinos confían en Abode porque cada anuncio se confirma todos los meses. ¿«${title}» sigue disponible?`,
    expires: (date) =>
      `Sin respuesta, saldrá de la búsqueda el ${date}. Basta un toque, sin iniciar sesión.`,
    available: 'Sí, sigue disponible',
    rented: 'Ya se alquiló',
  },
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
  listingExpired: {
    subject: 'Tu anuncio salió de la búsqueda',
    expired: (title) =>
      `«${title}» no se confirmó como disponible en 30 días, así que los inquilinos ya no lo encuentran.`,
    renew:
      'Si sigue disponible, renuévalo con un clic desde tu panel: vuelve sin una nueva revisión.',
    button: 'Renovar mi anuncio',
  },
  inboxMessage: {
    subject: (source, subject) => `[${source === 'support' ? 'Soporte' : 'Contacto'}] ${subject}`,
    intro: (source) =>
      source === 'support'
        ? 'Ha llegado un mensaje nuevo por el formulario de soporte 24/7.'
        : 'Ha llegado un mensaje nuevo por la página de contacto.',
    labels: {
      name: 'Nombre',
      email: 'Correo',
      phone: 'Teléfono',
      category: 'Categoría',
      userType: 'Soy',
      contactMethod: 'Contacto preferido',
    },
    replyHint: 'Responde a este correo para contestar al remitente.',
  },
  sms: {
    // «clave», not «código»: ó is outside GSM-7, and would make the text UCS-2.
    code: (code) => `Tu clave de Abode es ${code}. Caduca en 10 minutos.`,
    resetCode: (code) =>
      `Abode: tu clave para restablecer la contraseña es ${code}. Caduca en 10 minutos. No la compartas con nadie.`,
    reset: (link) =>
      `Restablece tu contraseña de Abode (el enlace funciona una vez, durante 30 minutos): ${link}`,
    changed: (link) =>
      `Se ha cambiado tu contraseña de Abode. ¿No has sido tú? Restablécela: ${link}`,
    approved: (title, link) => `Abode: «${title}» está aprobado. ${link}`,
    changesRejected: (title, reason, link) =>
      `Abode: tus cambios en «${title}» no fueron aprobados: ${reason}. El anuncio aprobado sigue publicado. ${link}`,
    rejected: (title, reason, link) => `Abode: «${title}» no fue aprobado: ${reason} ${link}`,
    videoReady: (name, link) => `Abode: tu vídeo «${name}» está listo. ${link}`,
    hiddenForReports: (title, link) =>
      `Abode: «${title}» está oculto mientras revisamos denuncias de inquilinos. ${link}`,
    removed: (title, reason, link) => `Abode: «${title}» fue retirado: ${reason} ${link}`,
    reportRemoved: (title) => `Abode: gracias por tu denuncia. «${title}» fue retirado.`,
    reportKept: (title) => `Abode: gracias por tu denuncia. Revisamos «${title}» y sigue en Abode.`,
    verificationApproved: (kind, link) => `Abode: tu ${kind} está verificada. ${link}`,
    verificationRejected: (kind, reason, link) =>
      `Abode: tu ${kind} no se verificó: ${reason} ${link}`,
    confirmReminder: (title, availableLink, rentedLink) =>
      `Abode: ¿«${title}» sigue disponible? Sí: ${availableLink} Alquilado: ${rentedLink}`,
    expired: (title, link) =>
      `Abode: «${title}» salió de la búsqueda (sin confirmar). Renovar: ${link}`,
    alertOne: (title, price, link, stop) =>
      `Abode: nuevo: ${title}, ${price} ${link} Parar: ${stop}`,
    alertMany: (count, name, link, stop) =>
      `Abode: ${count} lugares nuevos para "${name}" ${link} Parar: ${stop}`,
    priceDrop: (title, was, now, link, stop) =>
      `Abode: bajada de precio: ${title}, ${was} -> ${now} ${link} Parar: ${stop}`,
  },
};
