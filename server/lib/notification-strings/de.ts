import type { SharedStrings } from './types';

/** The German words every e-mail shares (each feature's own are beside it). */
export const de: SharedStrings = {
  hello: (name) => (name ? `Hallo ${name},` : 'Hallo,'),
  linkFallback:
    'Falls die Schaltfläche nicht funktioniert, kopieren Sie diese Adresse in Ihren Browser:',
  footer: 'Diese Nachricht wurde automatisch von Abode gesendet. Bitte antworten Sie nicht darauf.',
  codeIs: (code) => `Ihr Bestätigungscode lautet ${code}. Er ist 10 Minuten lang gültig.`,
};
