import type { AuthStrings } from '../notifications';

/** The Spanish words of auth's e-mails and SMS (../notifications.ts). */
export const es: AuthStrings = {
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
  sms: {
    // «clave», not «código»: ó is outside GSM-7, and would make the text UCS-2.
    code: (code) => `Tu clave de Abode es ${code}. Caduca en 10 minutos.`,
    resetCode: (code) =>
      `Abode: tu clave para restablecer la contraseña es ${code}. Caduca en 10 minutos. No la compartas con nadie.`,
    reset: (link) =>
      `Restablece tu contraseña de Abode (el enlace funciona una vez, durante 30 minutos): ${link}`,
    changed: (link) =>
      `Se ha cambiado tu contraseña de Abode. ¿No has sido tú? Restablécela: ${link}`,
  },
};
