import type { LanguageCode } from '#common/languages';
import type { NotificationTemplates } from '../../lib/notification-templates';
import { shortenable } from '../../lib/sms-fit';

/**
 * What a lister hears of their verification request (issue 35: a feature brings its notification
 * kinds; admin.ts sends it when an administrator decides): its template and its words in the
 * five languages. The plugin lists the template in `notifications`.
 */
declare module '../../lib/notifier' {
  interface NotificationPayloads {
    /** An administrator decided a lister's verification request (issue 19). */
    'verification-decided': {
      firstName: string;
      verification: 'identity' | 'agent_licence';
      approved: boolean;
      reason: string | null;
      link: string;
    };
  }
}

type VerificationStrings = {
  verificationDecided: {
    kinds: Record<'identity' | 'agent_licence', string>;
    approvedSubject: string;
    approved: (kind: string) => string;
    rejectedSubject: string;
    rejected: (kind: string) => string;
    reason: string;
    button: string;
  };
  sms: {
    verificationApproved: (kind: string, link: string) => string;
    verificationRejected: (kind: string, reason: string, link: string) => string;
  };
};

const en: VerificationStrings = {
  verificationDecided: {
    kinds: { identity: 'identity', agent_licence: 'agent licence' },
    approvedSubject: 'You are verified on Abode',
    approved: (kind) =>
      `Abode checked your ${kind}. Your listings now show the badge, so renters can tell you are real.`,
    rejectedSubject: 'Your verification was not approved',
    rejected: (kind) => `Abode could not verify your ${kind} yet.`,
    reason: 'The reason given:',
    button: 'Open my account',
  },
  sms: {
    verificationApproved: (kind, link) => `Abode: your ${kind} is verified. ${link}`,
    verificationRejected: (kind, reason, link) =>
      `Abode: your ${kind} was not verified: ${reason} ${link}`,
  },
};

const fr: VerificationStrings = {
  verificationDecided: {
    kinds: { identity: 'identité', agent_licence: 'licence d’agent' },
    approvedSubject: 'Vous êtes vérifié sur Abode',
    approved: (kind) =>
      `Abode a vérifié votre ${kind}. Vos annonces affichent désormais le badge : les locataires savent que vous êtes réel.`,
    rejectedSubject: 'Votre vérification n’a pas été approuvée',
    rejected: (kind) => `Abode n’a pas encore pu vérifier votre ${kind}.`,
    reason: 'Le motif indiqué :',
    button: 'Ouvrir mon compte',
  },
  sms: {
    verificationApproved: (kind, link) => `Abode : votre ${kind} est vérifiée. ${link}`,
    verificationRejected: (kind, reason, link) =>
      `Abode : votre ${kind} n’a pas été vérifiée : ${reason} ${link}`,
  },
};

const es: VerificationStrings = {
  verificationDecided: {
    kinds: { identity: 'identidad', agent_licence: 'licencia de agente' },
    approvedSubject: 'Estás verificado en Abode',
    approved: (kind) =>
      `Abode comprobó tu ${kind}. Tus anuncios muestran ahora la insignia, para que los inquilinos sepan que eres real.`,
    rejectedSubject: 'Tu verificación no fue aprobada',
    rejected: (kind) => `Abode aún no pudo verificar tu ${kind}.`,
    reason: 'El motivo indicado:',
    button: 'Abrir mi cuenta',
  },
  sms: {
    verificationApproved: (kind, link) => `Abode: tu ${kind} está verificada. ${link}`,
    verificationRejected: (kind, reason, link) =>
      `Abode: tu ${kind} no se verificó: ${reason} ${link}`,
  },
};

const de: VerificationStrings = {
  verificationDecided: {
    kinds: { identity: 'Identität', agent_licence: 'Maklerlizenz' },
    approvedSubject: 'Sie sind auf Abode verifiziert',
    approved: (kind) =>
      `Abode hat Ihre ${kind} geprüft. Ihre Inserate zeigen jetzt das Abzeichen, damit Mieter sehen, dass Sie echt sind.`,
    rejectedSubject: 'Ihre Verifizierung wurde nicht bestätigt',
    rejected: (kind) => `Abode konnte Ihre ${kind} noch nicht verifizieren.`,
    reason: 'Der angegebene Grund:',
    button: 'Mein Konto öffnen',
  },
  sms: {
    verificationApproved: (kind, link) => `Abode: Ihre ${kind} ist verifiziert. ${link}`,
    verificationRejected: (kind, reason, link) =>
      `Abode: Ihre ${kind} wurde nicht verifiziert: ${reason} ${link}`,
  },
};

const zh: VerificationStrings = {
  verificationDecided: {
    kinds: { identity: '身份', agent_licence: '中介执照' },
    approvedSubject: '您已通过 Abode 认证',
    approved: (kind) =>
      `Abode 已核验您的${kind}。您的房源现在会显示认证标志，让租客知道您是真实可信的。`,
    rejectedSubject: '您的认证未获批准',
    rejected: (kind) => `Abode 暂时无法核验您的${kind}。`,
    reason: '原因：',
    button: '打开我的账户',
  },
  sms: {
    verificationApproved: (kind, link) => `Abode：您的${kind}已通过认证。${link}`,
    verificationRejected: (kind, reason, link) => `Abode：您的${kind}未通过认证：${reason} ${link}`,
  },
};

const strings: Record<LanguageCode, VerificationStrings> = { en, es, fr, de, zh };

export const verificationNotifications: NotificationTemplates = {
  'verification-decided': {
    email: (message, { locale, shared }) => {
      const v = strings[locale].verificationDecided;
      const kind = v.kinds[message.verification];
      return {
        subject: message.approved ? v.approvedSubject : v.rejectedSubject,
        blocks: [
          { type: 'paragraph', text: shared.hello(message.firstName.trim()) },
          { type: 'paragraph', text: message.approved ? v.approved(kind) : v.rejected(kind) },
          ...(message.reason
            ? [{ type: 'paragraph' as const, text: `${v.reason} ${message.reason}` }]
            : []),
          { type: 'button', label: v.button, href: message.link },
        ],
      };
    },
    sms: (message, { locale }) => {
      const s = strings[locale].sms;
      const kind = strings[locale].verificationDecided.kinds[message.verification];
      return message.approved
        ? s.verificationApproved(kind, message.link)
        : shortenable(
            (reason) => s.verificationRejected(kind, reason, message.link),
            message.reason ?? '',
          );
    },
  },
};
