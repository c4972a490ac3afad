import type { FreshnessStrings } from '../notifications';

/** The Spanish words of listings' e-mails and SMS (../notifications.ts). */
export const es: FreshnessStrings = {
  listingConfirmReminder: {
    subject: '¿Tu anuncio sigue disponible?',
    ask: (title) =>
      `Los inquilinos confían en Abode porque cada anuncio se confirma todos los meses. ¿«${title}» sigue disponible?`,
    expires: (date) =>
      `Sin respuesta, saldrá de la búsqueda el ${date}. Basta un toque, sin iniciar sesión.`,
    available: 'Sí, sigue disponible',
    rented: 'Ya se alquiló',
  },
  listingExpired: {
    subject: 'Tu anuncio salió de la búsqueda',
    expired: (title) =>
      `«${title}» no se confirmó como disponible en 30 días, así que los inquilinos ya no lo encuentran.`,
    renew:
      'Si sigue disponible, renuévalo con un clic desde tu panel: vuelve sin una nueva revisión.',
    button: 'Renovar mi anuncio',
  },
  sms: {
    confirmReminder: (title, availableLink, rentedLink) =>
      `Abode: ¿«${title}» sigue disponible? Sí: ${availableLink} Alquilado: ${rentedLink}`,
    expired: (title, link) =>
      `Abode: «${title}» salió de la búsqueda (sin confirmar). Renovar: ${link}`,
  },
};
