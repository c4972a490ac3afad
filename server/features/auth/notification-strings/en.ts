import type { AuthStrings } from '../notifications';

/** The English words of auth's e-mails and SMS (../notifications.ts). */
export const en: AuthStrings = {
  emailVerification: {
    subject: 'Your Abode verification code',
    enterIt: 'Enter it on the verification page:',
    button: 'Verify my email',
    notYou: 'If you did not create an Abode account, you can ignore this email.',
  },
  phoneVerification: { subject: 'Your Abode code' },
  passwordReset: {
    subject: 'Reset your Abode password',
    requested: 'We received a request to reset your password. Choose a new one here:',
    button: 'Reset my password',
    once: 'The link works once, for 30 minutes.',
    notYou: 'If you did not ask for this, ignore this email: your password stays the same.',
  },
  passwordChanged: {
    subject: 'Your Abode password was changed',
    changed: 'Your Abode password was just changed.',
    notYou: 'If this was not you, reset your password now:',
    button: 'Reset my password',
  },
  sms: {
    code: (code) => `Your Abode code is ${code}. It expires in 10 minutes.`,
    resetCode: (code) =>
      `Abode: your password reset code is ${code}. It expires in 10 minutes. Never share it.`,
    reset: (link) => `Reset your Abode password (the link works once, for 30 minutes): ${link}`,
    changed: (link) => `Your Abode password was changed. Not you? Reset it: ${link}`,
  },
};
