import type { SharedStrings } from './types';

/** The Chinese words every e-mail shares (each feature's own are beside it). */
export const zh: SharedStrings = {
  hello: (name) => (name ? `${name}，您好：` : '您好：'),
  linkFallback: '如果按钮无法使用，请将以下地址复制到浏览器中打开：',
  footer: '此邮件由 Abode 自动发送，请勿直接回复。',
  codeIs: (code) => `您的验证码是 ${code}，10 分钟内有效。`,
};
