import type { SharedStrings } from './types';

/** The English words every e-mail shares (each feature's own are beside it). */
export const en: SharedStrings = {
  hello: (name) => (name ? `Hello ${name},` : 'Hello,'),
  linkFallback: 'If the button does not work, copy this address into your browser:',
  footer: 'This message was sent automatically by Abode. Please do not reply to it.',
  codeIs: (code) => `Your verification code is ${code}. It expires in 10 minutes.`,
};
