import type { DigestStrings } from '../notifications';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Las palabras en español del resumen diario (../notifications.ts). */
export const es: DigestStrings = {
  subject: (total) => `${plural(total, 'aviso más', 'avisos más')} de Abode hoy`,
  intro: (cap) =>
    `Abode le envía como mucho ${cap} avisos al día por este medio, para que nadie pueda inundarle a través de él. Estos llegaron después, y cada uno le espera en la aplicación:`,
  count: {
    viewings: (n) =>
      plural(
        n,
        'aviso de visita (una solicitud, una respuesta o un recordatorio)',
        'avisos de visitas (solicitudes, respuestas, recordatorios)',
      ),
    messages: (n) => plural(n, 'aviso de mensaje', 'avisos de mensajes'),
    reviews: (n) => plural(n, 'aviso de reseña', 'avisos de reseñas'),
    listings: (n) => plural(n, 'aviso sobre sus anuncios', 'avisos sobre sus anuncios'),
    alerts: (n) => plural(n, 'alerta de búsqueda o de precio', 'alertas de búsqueda y de precio'),
  },
  button: 'Abrir Abode',
  settings: 'En la configuración de su cuenta elige qué avisos le llegan por correo o por SMS.',
  settingsLink: 'Configuración de avisos',
  // No á: it makes the SMS Unicode, 70 characters a segment (é and ñ are GSM letters).
  sms: (total, counts, link) =>
    `Abode: ${total === 1 ? 'otro aviso' : `otros ${total} avisos`} hoy: ${counts}. Véalos: ${link}`,
  smsCount: {
    viewings: (n) => plural(n, 'visita', 'visitas'),
    messages: (n) => plural(n, 'mensaje', 'mensajes'),
    reviews: (n) => plural(n, 'reseña', 'reseñas'),
    listings: (n) => plural(n, 'anuncio', 'anuncios'),
    alerts: (n) => plural(n, 'alerta', 'alertas'),
  },
  listSeparator: ', ',
};
