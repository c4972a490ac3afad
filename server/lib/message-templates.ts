import { escapeHtml } from './escape-html';
import type { Message, MessageLocale } from './messenger';

/**
 * The words of every message in each language the product speaks, and their rendering as an
 * e-mail (subject, plain text and HTML) or a short SMS. A message is a list of blocks, so the
 * plain-text and HTML bodies always say the same thing.
 */
export type { InboxField, InboxSource };

export type RenderedEmail = { subject: string; text: string; html: string };

export type TemplateContext = {
  /** Where someone who did not change their password resets it (the forgot-password page). */
  forgotPasswordUrl: string;
};

type InboxSource = 'support' | 'contact';
type InboxField = 'name' | 'email' | 'phone' | 'category' | 'userType' | 'contactMethod';

type Block =
  | { type: 'paragraph'; text: string }
  | { type: 'code'; code: string }
  | { type: 'button'; label: string; href: string };

type Strings = {
  hello: (firstName: string) => string;
  linkFallback: string;
  footer: string;
  codeIs: (code: string) => string;
  emailVerification: { subject: string; enterIt: string; button: string; notYou: string };
  phoneVerification: { subject: string };
  passwordReset: {
    subject: string;
    requested: string;
    button: string;
    once: string;
    notYou: string;
  };
  passwordChanged: { subject: string; changed: string; notYou: string; button: string };
  listingApproved: { subject: string; live: (title: string) => string; button: string };
  listingRejected: {
    subject: string;
    notApproved: (title: string) => string;
    reason: string;
    next: string;
    button: string;
  };
  videoReady: { subject: string; ready: (name: string) => string; button: string };
  inboxMessage: {
    subject: (source: InboxSource, subject: string) => string;
    intro: (source: InboxSource) => string;
    labels: Record<InboxField, string>;
    replyHint: string;
  };
  sms: {
    code: (code: string) => string;
    reset: (link: string) => string;
    changed: (link: string) => string;
    approved: (title: string, link: string) => string;
    rejected: (title: string, reason: string, link: string) => string;
    videoReady: (name: string, link: string) => string;
  };
};

const strings: Record<MessageLocale, Strings> = {
  en: {
    hello: (name) => (name ? `Hello ${name},` : 'Hello,'),
    linkFallback: 'If the button does not work, copy this address into your browser:',
    footer: 'This message was sent automatically by Abode. Please do not reply to it.',
    codeIs: (code) => `Your verification code is ${code}. It expires in 10 minutes.`,
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
    listingApproved: {
      subject: 'Your listing is approved',
      live: (title) =>
        `Good news: an administrator approved the photos of “${title}”. It is live when it is active.`,
      button: 'See my listings',
    },
    listingRejected: {
      subject: 'Your listing needs changes',
      notApproved: (title) => `An administrator did not approve the photos of “${title}” yet.`,
      reason: 'The reason given:',
      next: 'Change the photos on the edit page and save: the listing goes back for review.',
      button: 'Open my dashboard',
    },
    videoReady: {
      subject: 'Your video is ready',
      ready: (name) =>
        `Your video “${name}” has been reviewed and is ready. Download it from My Videos.`,
      button: 'Open My Videos',
    },
    inboxMessage: {
      subject: (source, subject) => `[${source === 'support' ? 'Support' : 'Contact'}] ${subject}`,
      intro: (source) =>
        source === 'support'
          ? 'A new message came through the 24/7 support form.'
          : 'A new message came through the contact page.',
      labels: {
        name: 'Name',
        email: 'Email',
        phone: 'Phone',
        category: 'Category',
        userType: 'I am a',
        contactMethod: 'Preferred contact',
      },
      replyHint: 'Reply to this e-mail to answer the sender.',
    },
    sms: {
      code: (code) => `Your Abode code is ${code}. It expires in 10 minutes.`,
      reset: (link) => `Reset your Abode password (the link works once, for 30 minutes): ${link}`,
      changed: (link) => `Your Abode password was changed. Not you? Reset it: ${link}`,
      approved: (title, link) => `Abode: “${title}” is approved. ${link}`,
      rejected: (title, reason, link) => `Abode: “${title}” was not approved: ${reason} ${link}`,
      videoReady: (name, link) => `Abode: your video “${name}” is ready. ${link}`,
    },
  },
  es: {
    hello: (name) => (name ? `Hola, ${name}:` : 'Hola:'),
    linkFallback: 'Si el botón no funciona, copia esta dirección en tu navegador:',
    footer: 'Abode ha enviado este mensaje automáticamente. Por favor, no lo respondas.',
    codeIs: (code) => `Tu código de verificación es ${code}. Caduca en 10 minutos.`,
    emailVerification: {
      subject: 'Tu código de verificación de Abode',
      enterIt: 'Introdúcelo en la página de verificación:',
      button: 'Verificar mi correo',
      notYou: 'Si no has creado una cuenta en Abode, puedes ignorar este correo.',
    },
    phoneVerification: { subject: 'Tu código de Abode' },
    passwordReset: {
      subject: 'Restablece tu contraseña de Abode',
      requested:
        'Hemos recibido una solicitud para restablecer tu contraseña. Elige una nueva aquí:',
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
    listingApproved: {
      subject: 'Tu anuncio está aprobado',
      live: (title) =>
        `Buenas noticias: un administrador aprobó las fotos de «${title}». Estará publicado mientras esté activo.`,
      button: 'Ver mis anuncios',
    },
    listingRejected: {
      subject: 'Tu anuncio necesita cambios',
      notApproved: (title) => `Un administrador aún no aprobó las fotos de «${title}».`,
      reason: 'El motivo indicado:',
      next: 'Cambia las fotos en la página de edición y guarda: el anuncio vuelve a revisión.',
      button: 'Abrir mi panel',
    },
    videoReady: {
      subject: 'Tu vídeo está listo',
      ready: (name) => `Tu vídeo «${name}» ya está revisado y listo. Descárgalo en Mis vídeos.`,
      button: 'Abrir Mis vídeos',
    },
    inboxMessage: {
      subject: (source, subject) => `[${source === 'support' ? 'Soporte' : 'Contacto'}] ${subject}`,
      intro: (source) =>
        source === 'support'
          ? 'Ha llegado un mensaje nuevo por el formulario de soporte 24/7.'
          : 'Ha llegado un mensaje nuevo por la página de contacto.',
      labels: {
        name: 'Nombre',
        email: 'Correo',
        phone: 'Teléfono',
        category: 'Categoría',
        userType: 'Soy',
        contactMethod: 'Contacto preferido',
      },
      replyHint: 'Responde a este correo para contestar al remitente.',
    },
    sms: {
      // «clave», not «código»: ó is outside GSM-7, and would make the text UCS-2.
      code: (code) => `Tu clave de Abode es ${code}. Caduca en 10 minutos.`,
      reset: (link) =>
        `Restablece tu contraseña de Abode (el enlace funciona una vez, durante 30 minutos): ${link}`,
      changed: (link) =>
        `Se ha cambiado tu contraseña de Abode. ¿No has sido tú? Restablécela: ${link}`,
      approved: (title, link) => `Abode: «${title}» está aprobado. ${link}`,
      rejected: (title, reason, link) => `Abode: «${title}» no fue aprobado: ${reason} ${link}`,
      videoReady: (name, link) => `Abode: tu vídeo «${name}» está listo. ${link}`,
    },
  },
  fr: {
    hello: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    linkFallback:
      'Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur\u00a0:',
    footer: 'Ce message a été envoyé automatiquement par Abode. Merci de ne pas y répondre.',
    codeIs: (code) => `Votre code de vérification est ${code}. Il expire dans 10\u00a0minutes.`,
    emailVerification: {
      subject: 'Votre code de vérification Abode',
      enterIt: 'Saisissez-le sur la page de vérification\u00a0:',
      button: 'Vérifier mon adresse e-mail',
      notYou: 'Si vous n’avez pas créé de compte Abode, vous pouvez ignorer cet e-mail.',
    },
    phoneVerification: { subject: 'Votre code Abode' },
    passwordReset: {
      subject: 'Réinitialisez votre mot de passe Abode',
      requested:
        'Nous avons reçu une demande de réinitialisation de votre mot de passe. Choisissez-en un nouveau ici\u00a0:',
      button: 'Réinitialiser mon mot de passe',
      once: 'Le lien ne fonctionne qu’une fois, pendant 30\u00a0minutes.',
      notYou:
        'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail\u00a0: votre mot de passe reste inchangé.',
    },
    passwordChanged: {
      subject: 'Votre mot de passe Abode a été modifié',
      changed: 'Votre mot de passe Abode vient d’être modifié.',
      notYou: 'Si ce n’était pas vous, réinitialisez-le dès maintenant\u00a0:',
      button: 'Réinitialiser mon mot de passe',
    },
    listingApproved: {
      subject: 'Votre annonce est approuvée',
      live: (title) =>
        `Bonne nouvelle : un administrateur a approuvé les photos de « ${title} ». Elle est en ligne tant qu’elle est active.`,
      button: 'Voir mes annonces',
    },
    listingRejected: {
      subject: 'Votre annonce doit être modifiée',
      notApproved: (title) =>
        `Un administrateur n’a pas encore approuvé les photos de « ${title} ».`,
      reason: 'Le motif indiqué :',
      next: 'Modifiez les photos sur la page de modification et enregistrez : l’annonce repart en vérification.',
      button: 'Ouvrir mon tableau de bord',
    },
    videoReady: {
      subject: 'Votre vidéo est prête',
      ready: (name) =>
        `Votre vidéo « ${name} » a été examinée et elle est prête. Téléchargez-la depuis Mes vidéos.`,
      button: 'Ouvrir Mes vidéos',
    },
    inboxMessage: {
      subject: (source, subject) =>
        `[${source === 'support' ? 'Assistance' : 'Contact'}] ${subject}`,
      intro: (source) =>
        source === 'support'
          ? 'Un nouveau message est arrivé par le formulaire d’assistance 24h/24.'
          : 'Un nouveau message est arrivé par la page de contact.',
      labels: {
        name: 'Nom',
        email: 'E-mail',
        phone: 'Téléphone',
        category: 'Catégorie',
        userType: 'Je suis',
        contactMethod: 'Contact préféré',
      },
      replyHint: 'Répondez à cet e-mail pour répondre à l’expéditeur.',
    },
    sms: {
      // A plain space: a no-break space is outside GSM-7, and would make the text UCS-2.
      code: (code) => `Votre code Abode est ${code}. Il expire dans 10 minutes.`,
      reset: (link) =>
        `Réinitialisez votre mot de passe Abode (lien valable une fois, pendant 30\u00a0minutes)\u00a0: ${link}`,
      changed: (link) =>
        `Votre mot de passe Abode a été modifié. Ce n’était pas vous\u00a0? Réinitialisez-le\u00a0: ${link}`,
      approved: (title, link) => `Abode : « ${title} » est approuvée. ${link}`,
      rejected: (title, reason, link) =>
        `Abode : « ${title} » n’est pas approuvée : ${reason} ${link}`,
      videoReady: (name, link) => `Abode : votre vidéo « ${name} » est prête. ${link}`,
    },
  },
  de: {
    hello: (name) => (name ? `Hallo ${name},` : 'Hallo,'),
    linkFallback:
      'Falls die Schaltfläche nicht funktioniert, kopieren Sie diese Adresse in Ihren Browser:',
    footer:
      'Diese Nachricht wurde automatisch von Abode gesendet. Bitte antworten Sie nicht darauf.',
    codeIs: (code) => `Ihr Bestätigungscode lautet ${code}. Er ist 10 Minuten lang gültig.`,
    emailVerification: {
      subject: 'Ihr Abode-Bestätigungscode',
      enterIt: 'Geben Sie ihn auf der Bestätigungsseite ein:',
      button: 'E-Mail-Adresse bestätigen',
      notYou: 'Wenn Sie kein Abode-Konto erstellt haben, können Sie diese E-Mail ignorieren.',
    },
    phoneVerification: { subject: 'Ihr Abode-Code' },
    passwordReset: {
      subject: 'Setzen Sie Ihr Abode-Passwort zurück',
      requested:
        'Wir haben eine Anfrage erhalten, Ihr Passwort zurückzusetzen. Wählen Sie hier ein neues:',
      button: 'Passwort zurücksetzen',
      once: 'Der Link funktioniert einmal und ist 30 Minuten lang gültig.',
      notYou:
        'Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.',
    },
    passwordChanged: {
      subject: 'Ihr Abode-Passwort wurde geändert',
      changed: 'Ihr Abode-Passwort wurde soeben geändert.',
      notYou: 'Falls Sie das nicht waren, setzen Sie Ihr Passwort jetzt zurück:',
      button: 'Passwort zurücksetzen',
    },
    listingApproved: {
      subject: 'Ihr Inserat ist freigegeben',
      live: (title) =>
        `Gute Nachricht: Ein Administrator hat die Fotos von „${title}“ freigegeben. Es ist online, solange es aktiv ist.`,
      button: 'Meine Inserate ansehen',
    },
    listingRejected: {
      subject: 'Ihr Inserat braucht Änderungen',
      notApproved: (title) =>
        `Ein Administrator hat die Fotos von „${title}“ noch nicht freigegeben.`,
      reason: 'Der angegebene Grund:',
      next: 'Ändern Sie die Fotos auf der Bearbeitungsseite und speichern Sie: Das Inserat wird erneut geprüft.',
      button: 'Mein Dashboard öffnen',
    },
    videoReady: {
      subject: 'Ihr Video ist fertig',
      ready: (name) =>
        `Ihr Video „${name}“ wurde geprüft und ist fertig. Sie können es unter „Meine Videos“ herunterladen.`,
      button: 'Meine Videos öffnen',
    },
    inboxMessage: {
      subject: (source, subject) => `[${source === 'support' ? 'Support' : 'Kontakt'}] ${subject}`,
      intro: (source) =>
        source === 'support'
          ? 'Über das 24/7-Supportformular ist eine neue Nachricht eingegangen.'
          : 'Über die Kontaktseite ist eine neue Nachricht eingegangen.',
      labels: {
        name: 'Name',
        email: 'E-Mail',
        phone: 'Telefon',
        category: 'Kategorie',
        userType: 'Ich bin',
        contactMethod: 'Bevorzugter Kontakt',
      },
      replyHint: 'Antworten Sie auf diese E-Mail, um dem Absender zu antworten.',
    },
    sms: {
      code: (code) => `Ihr Abode-Code lautet ${code}. Er ist 10 Minuten lang gültig.`,
      reset: (link) =>
        `Abode-Passwort zurücksetzen (der Link funktioniert einmal, 30 Minuten lang): ${link}`,
      changed: (link) =>
        `Ihr Abode-Passwort wurde geändert. Waren Sie das nicht? Jetzt zurücksetzen: ${link}`,
      approved: (title, link) => `Abode: „${title}“ ist freigegeben. ${link}`,
      rejected: (title, reason, link) =>
        `Abode: „${title}“ wurde nicht freigegeben: ${reason} ${link}`,
      videoReady: (name, link) => `Abode: Ihr Video „${name}“ ist fertig. ${link}`,
    },
  },
  zh: {
    hello: (name) => (name ? `${name}，您好：` : '您好：'),
    linkFallback: '如果按钮无法使用，请将以下地址复制到浏览器中打开：',
    footer: '此邮件由 Abode 自动发送，请勿直接回复。',
    codeIs: (code) => `您的验证码是 ${code}，10 分钟内有效。`,
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
    listingApproved: {
      subject: '您的房源已通过审核',
      live: (title) => `好消息：管理员已审核通过“${title}”的照片。房源处于启用状态时即会上线。`,
      button: '查看我的房源',
    },
    listingRejected: {
      subject: '您的房源需要修改',
      notApproved: (title) => `管理员暂未通过“${title}”的照片审核。`,
      reason: '原因：',
      next: '请在编辑页面更换照片并保存，房源将重新提交审核。',
      button: '打开我的控制台',
    },
    videoReady: {
      subject: '您的视频已就绪',
      ready: (name) => `您的视频“${name}”已审核完毕，可在“我的视频”中下载。`,
      button: '打开我的视频',
    },
    inboxMessage: {
      subject: (source, subject) => `[${source === 'support' ? '支持' : '联系'}] ${subject}`,
      intro: (source) =>
        source === 'support' ? '全天候支持表单收到一条新消息。' : '联系页面收到一条新消息。',
      labels: {
        name: '姓名',
        email: '邮箱',
        phone: '电话',
        category: '类别',
        userType: '身份',
        contactMethod: '首选联系方式',
      },
      replyHint: '直接回复此邮件即可答复发件人。',
    },
    sms: {
      code: (code) => `您的 Abode 验证码是 ${code}，10 分钟内有效。`,
      reset: (link) => `重置您的 Abode 密码（链接仅可使用一次，30 分钟内有效）：${link}`,
      changed: (link) => `您的 Abode 密码已更改。如非本人操作，请立即重置：${link}`,
      approved: (title, link) => `Abode：“${title}”已通过审核。${link}`,
      rejected: (title, reason, link) => `Abode：“${title}”未通过审核：${reason} ${link}`,
      videoReady: (name, link) => `Abode：您的视频“${name}”已就绪。${link}`,
    },
  },
};

function compose(
  message: Message,
  s: Strings,
  context: TemplateContext,
): { subject: string; blocks: Block[] } {
  switch (message.kind) {
    case 'email-verification':
      return {
        subject: s.emailVerification.subject,
        blocks: [
          { type: 'paragraph', text: s.hello(message.firstName.trim()) },
          { type: 'paragraph', text: s.codeIs(message.code) },
          { type: 'code', code: message.code },
          { type: 'paragraph', text: s.emailVerification.enterIt },
          { type: 'button', label: s.emailVerification.button, href: message.link },
          { type: 'paragraph', text: s.emailVerification.notYou },
        ],
      };
    case 'phone-verification':
      return {
        subject: s.phoneVerification.subject,
        blocks: [
          { type: 'paragraph', text: s.codeIs(message.code) },
          { type: 'code', code: message.code },
        ],
      };
    case 'password-reset':
      return {
        subject: s.passwordReset.subject,
        blocks: [
          { type: 'paragraph', text: s.hello(message.firstName.trim()) },
          { type: 'paragraph', text: s.passwordReset.requested },
          { type: 'button', label: s.passwordReset.button, href: message.link },
          { type: 'paragraph', text: s.passwordReset.once },
          { type: 'paragraph', text: s.passwordReset.notYou },
        ],
      };
    case 'password-changed':
      return {
        subject: s.passwordChanged.subject,
        blocks: [
          { type: 'paragraph', text: s.hello(message.firstName.trim()) },
          { type: 'paragraph', text: s.passwordChanged.changed },
          { type: 'paragraph', text: s.passwordChanged.notYou },
          { type: 'button', label: s.passwordChanged.button, href: context.forgotPasswordUrl },
        ],
      };
    case 'listing-approved':
      return {
        subject: s.listingApproved.subject,
        blocks: [
          { type: 'paragraph', text: s.hello(message.firstName.trim()) },
          { type: 'paragraph', text: s.listingApproved.live(message.title) },
          { type: 'button', label: s.listingApproved.button, href: message.link },
        ],
      };
    case 'video-ready':
      return {
        subject: s.videoReady.subject,
        blocks: [
          { type: 'paragraph', text: s.hello(message.firstName.trim()) },
          { type: 'paragraph', text: s.videoReady.ready(message.name) },
          { type: 'button', label: s.videoReady.button, href: message.link },
        ],
      };
    case 'inbox-message':
      return {
        subject: s.inboxMessage.subject(message.source, message.subject),
        blocks: [
          { type: 'paragraph', text: s.inboxMessage.intro(message.source) },
          {
            type: 'paragraph',
            text: message.fields
              .map(([field, value]) => `${s.inboxMessage.labels[field]}: ${value}`)
              .join('\n'),
          },
          { type: 'paragraph', text: message.body },
          ...(message.replyTo
            ? [{ type: 'paragraph' as const, text: s.inboxMessage.replyHint }]
            : []),
        ],
      };
    case 'listing-rejected':
      return {
        subject: s.listingRejected.subject,
        blocks: [
          { type: 'paragraph', text: s.hello(message.firstName.trim()) },
          { type: 'paragraph', text: s.listingRejected.notApproved(message.title) },
          { type: 'paragraph', text: `${s.listingRejected.reason} ${message.reason}` },
          { type: 'paragraph', text: s.listingRejected.next },
          { type: 'button', label: s.listingRejected.button, href: message.link },
        ],
      };
  }
}

/** Only web addresses become links; anything else would be a way to smuggle script in. */
function safeHref(href: string): string {
  return /^https?:\/\//i.test(href) ? href : '#';
}

function textBody(blocks: Block[], s: Strings): string {
  const parts = blocks
    // The code is already in its sentence; the plain text does not repeat it.
    .filter((block) => block.type !== 'code')
    .map((block) => (block.type === 'paragraph' ? block.text : block.href));
  return `${parts.join('\n\n')}\n\n-- \n${s.footer}\n`;
}

const font =
  "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

function htmlBlock(block: Block): string {
  switch (block.type) {
    case 'paragraph':
      return `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#1f2937">${escapeHtml(block.text)}</p>`;
    case 'code':
      return `<p style="margin:0 0 16px;font-size:28px;line-height:1.2;font-weight:700;letter-spacing:6px;color:#111827;font-family:Menlo,Consolas,monospace">${escapeHtml(block.code)}</p>`;
    case 'button': {
      const href = escapeHtml(safeHref(block.href));
      return `<p style="margin:0 0 16px"><a href="${href}" style="display:inline-block;padding:12px 20px;background:#0f766e;color:#ffffff;font-size:16px;font-weight:600;text-decoration:none;border-radius:6px">${escapeHtml(block.label)}</a></p>`;
    }
  }
}

function htmlBody(subject: string, blocks: Block[], s: Strings, locale: MessageLocale): string {
  const links = blocks.filter((block) => block.type === 'button');
  const fallback = links
    .map(
      (block) =>
        `<p style="margin:0 0 16px;font-size:14px;line-height:1.5;color:#4b5563">${escapeHtml(s.linkFallback)}<br><a href="${escapeHtml(safeHref(block.href))}" style="color:#0f766e;word-break:break-all">${escapeHtml(block.href)}</a></p>`,
    )
    .join('');
  return [
    '<!doctype html>',
    `<html lang="${locale}" dir="ltr">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">',
    `<title>${escapeHtml(subject)}</title></head>`,
    `<body style="margin:0;padding:0;background:#f3f4f6;${font}">`,
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6">',
    '<tr><td align="center" style="padding:24px 12px">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px">',
    `<tr><td style="padding:24px 32px 8px;${font}"><p style="margin:0;font-size:22px;font-weight:700;color:#0f766e">Abode</p></td></tr>`,
    `<tr><td style="padding:16px 32px 8px;${font}">`,
    ...blocks.map(htmlBlock),
    fallback,
    '</td></tr>',
    `<tr><td style="padding:16px 32px 24px;border-top:1px solid #e5e7eb;${font}"><p style="margin:0;font-size:13px;line-height:1.5;color:#4b5563">${escapeHtml(s.footer)}</p></td></tr>`,
    '</table></td></tr></table></body></html>',
    '',
  ].join('\n');
}

export function renderEmail(
  message: Message,
  locale: MessageLocale,
  context: TemplateContext,
): RenderedEmail {
  const s = strings[locale];
  const { subject, blocks } = compose(message, s, context);
  return { subject, text: textBody(blocks, s), html: htmlBody(subject, blocks, s, locale) };
}

export function renderSms(
  message: Message,
  locale: MessageLocale,
  context: TemplateContext,
): string {
  const s = strings[locale].sms;
  switch (message.kind) {
    case 'email-verification':
    case 'phone-verification':
      return s.code(message.code);
    case 'password-reset':
      return s.reset(message.link);
    case 'password-changed':
      return s.changed(context.forgotPasswordUrl);
    case 'listing-approved':
      return s.approved(message.title, message.link);
    case 'listing-rejected':
      return s.rejected(message.title, message.reason, message.link);
    case 'video-ready':
      return s.videoReady(message.name, message.link);
    case 'inbox-message':
      return `${strings[locale].inboxMessage.subject(message.source, message.subject)}: ${message.body}`.slice(
        0,
        320,
      );
  }
}
