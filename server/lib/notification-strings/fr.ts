import type { SharedStrings } from './types';

/** The French words every e-mail shares (each feature's own are beside it). */
export const fr: SharedStrings = {
  hello: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
  linkFallback: 'Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur\u00a0:',
  footer: 'Ce message a été envoyé automatiquement par Abode. Merci de ne pas y répondre.',
  codeIs: (code) => `Votre code de vérification est ${code}. Il expire dans 10\u00a0minutes.`,
};
