import type { AuthStrings } from '../notifications';

/** The Chinese words of auth's e-mails and SMS (../notifications.ts). */
export const zh: AuthStrings = {
  emailVerification: {
    subject: '您的 Abode 验证码',
    enterIt: '请在验证页面输入该验证码：',
    button: '验证我的邮箱',
    notYou: '如果您没有注册 Abode 账户，请忽略此邮件。',
  },
  phoneVerification: { subject: '您的 Abode 验证码' },
  passwordReset: {
    subject: '重置您的 Abode 密码',
    requested: '我们收到了重置您密码的请求。请在此设置新密码：',
    button: '重置密码',
    once: '该链接仅可使用一次，30 分钟内有效。',
    notYou: '如果这不是您本人的请求，请忽略此邮件，您的密码不会改变。',
  },
  passwordChanged: {
    subject: '您的 Abode 密码已更改',
    changed: '您的 Abode 密码刚刚被更改。',
    notYou: '如果这不是您本人的操作，请立即重置密码：',
    button: '重置密码',
  },
  sms: {
    code: (code) => `您的 Abode 验证码是 ${code}，10 分钟内有效。`,
    resetCode: (code) => `Abode：您的密码重置验证码是 ${code}，10 分钟内有效。请勿告诉任何人。`,
    reset: (link) => `重置您的 Abode 密码（链接仅可使用一次，30 分钟内有效）：${link}`,
    changed: (link) => `您的 Abode 密码已更改。如非本人操作，请立即重置：${link}`,
  },
};
