import type { SharedStrings } from './types';

/** The Spanish words every e-mail shares (each feature's own are beside it). */
export const es: SharedStrings = {
  hello: (name) => (name ? `Hola, ${name}:` : 'Hola:'),
  linkFallback: 'Si el botón no funciona, copia esta dirección en tu navegador:',
  footer: 'Abode ha enviado este mensaje automáticamente. Por favor, no lo respondas.',
  codeIs: (code) => `Tu código de verificación es ${code}. Caduca en 10 minutos.`,
};
