import type { EmailAttachment } from '#common/outbox';
import { escapeHtml } from './escape-html';
import { sharedStrings, type SharedStrings } from './notification-strings';
import { fitSms, type SmsText } from './sms-fit';
import type {
  Notification,
  NotificationLocale,
  NotificationOf,
  NotificationPayloads,
} from './notifier';

/**
 * Every notification rendered as an e-mail (subject, plain text and HTML) or a short SMS. Each
 * kind's template belongs to the feature that owns the kind
 * (server/features/<name>/notifications.ts, listed in its plugin's `notifications`): it says
 * what the e-mail is made of, as a list of blocks, and what the SMS says, in its own words in
 * the reader's language (its words, with the parts that may be shortened apart: renderSms
 * makes every text one segment by sms-fit.ts's rule). Here is what all share: the blocks
 * made into plain text and HTML (so the two bodies always say the same thing), the words every
 * e-mail shares (notification-strings/, one file per language) and the price and date helpers.
 */

export type RenderedEmail = {
  subject: string;
  text: string;
  html: string;
  attachments: EmailAttachment[];
};

export type TemplateContext = {
  /** Where someone who did not change their password resets it (the forgot-password page). */
  forgotPasswordUrl: string;
};

export type Block =
  | { type: 'paragraph'; text: string }
  | { type: 'code'; code: string }
  | { type: 'button'; label: string; href: string }
  /** A quiet text link (an alert's unsubscribe and settings), not a call to action. */
  | { type: 'link'; label: string; href: string };

/** What a template is given besides its notification. */
export type TemplateInput = {
  locale: NotificationLocale;
  /** The words every e-mail shares (hello, codeIs...), in the reader's language. */
  shared: SharedStrings;
  context: TemplateContext;
};

/** An e-mail before it is made into text and HTML: its subject and what it says, in order. */
export type EmailContent = { subject: string; blocks: Block[]; attachments?: EmailAttachment[] };

/** How one kind of notification reads: as an e-mail, and as a text message. */
export type NotificationTemplate<K extends keyof NotificationPayloads> = {
  email: (notification: NotificationOf<K>, input: TemplateInput) => EmailContent;
  /** Made one segment by renderSms (sms-fit.ts): a text, or its variable parts apart. */
  sms: (notification: NotificationOf<K>, input: TemplateInput) => SmsText;
};

/** Templates by kind: a feature's (its plugin's `notifications`), or all (the notifier's). */
export type NotificationTemplates = {
  readonly [K in keyof NotificationPayloads]?: NotificationTemplate<K>;
};

/** "GH₵ 3,500" in the reader's way of writing numbers. */
export const priceText = (rent: { price: number; currency: string }, locale: NotificationLocale) =>
  `${rent.currency} ${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(rent.price)}`;

/** "30 November" in the reader's language; Ghana's time is UTC all year. */
export const dayOf = (isoDate: string, locale: NotificationLocale) =>
  new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(isoDate),
  );

type AnyTemplate = {
  email: (notification: Notification, input: TemplateInput) => EmailContent;
  sms: (notification: Notification, input: TemplateInput) => SmsText;
};

/** The template of a notification's kind; none is a bug of the feature list, said plainly. */
function templateOf(templates: NotificationTemplates, notification: Notification): AnyTemplate {
  const template = templates[notification.kind];
  if (!template) {
    throw new Error(
      `No template renders notifications of kind "${String(notification.kind)}": the feature ` +
        "that owns the kind lists it in its plugin's `notifications` " +
        '(server/features/<name>/notifications.ts).',
    );
  }
  return template as unknown as AnyTemplate;
}

/** Only web addresses become links; anything else would be a way to smuggle script in. */
function safeHref(href: string): string {
  return /^https?:\/\//i.test(href) ? href : '#';
}

function textBody(blocks: Block[], s: SharedStrings): string {
  const parts = blocks
    // The code is already in its sentence; the plain text does not repeat it.
    .filter((block) => block.type !== 'code')
    .map((block) =>
      block.type === 'paragraph'
        ? block.text
        : block.type === 'link'
          ? `${block.label}: ${block.href}`
          : block.href,
    );
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
    case 'link':
      return `<p style="margin:0 0 8px;font-size:14px;line-height:1.5"><a href="${escapeHtml(safeHref(block.href))}" style="color:#4b5563">${escapeHtml(block.label)}</a></p>`;
    case 'button': {
      const href = escapeHtml(safeHref(block.href));
      return `<p style="margin:0 0 16px"><a href="${href}" style="display:inline-block;padding:12px 20px;background:#0f766e;color:#ffffff;font-size:16px;font-weight:600;text-decoration:none;border-radius:6px">${escapeHtml(block.label)}</a></p>`;
    }
  }
}

function htmlBody(
  subject: string,
  blocks: Block[],
  s: SharedStrings,
  locale: NotificationLocale,
): string {
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
  templates: NotificationTemplates,
  notification: Notification,
  locale: NotificationLocale,
  context: TemplateContext,
): RenderedEmail {
  const shared = sharedStrings[locale];
  const { subject, blocks, attachments } = templateOf(templates, notification).email(notification, {
    locale,
    shared,
    context,
  });
  return {
    subject,
    text: textBody(blocks, shared),
    html: htmlBody(subject, blocks, shared, locale),
    attachments: attachments ?? [],
  };
}

/** What a notification's SMS says before it is made one segment (its words, its variables). */
export function smsDraft(
  templates: NotificationTemplates,
  notification: Notification,
  locale: NotificationLocale,
  context: TemplateContext,
): SmsText {
  const shared = sharedStrings[locale];
  return templateOf(templates, notification).sms(notification, { locale, shared, context });
}

export function renderSms(
  templates: NotificationTemplates,
  notification: Notification,
  locale: NotificationLocale,
  context: TemplateContext,
): string {
  // One rule for every text (sms-fit.ts): accents where one segment allows them, else none.
  return fitSms(smsDraft(templates, notification, locale, context));
}
