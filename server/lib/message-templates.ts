import { escapeHtml } from './escape-html';
import { strings, type InboxField, type InboxSource, type Strings } from './message-strings';
import type { AlertRent, Message, MessageLocale } from './messenger';
import { oneSegment, smsPrice } from './sms-fit';

/**
 * Every message rendered as an e-mail (subject, plain text and HTML) or a short SMS, in the
 * words of its language (message-strings/, one file per language). A message is a list of
 * blocks, so the plain-text and HTML bodies always say the same thing.
 */
export type { InboxField, InboxSource };

export type RenderedEmail = { subject: string; text: string; html: string };

export type TemplateContext = {
  /** Where someone who did not change their password resets it (the forgot-password page). */
  forgotPasswordUrl: string;
};

type Block =
  | { type: 'paragraph'; text: string }
  | { type: 'code'; code: string }
  | { type: 'button'; label: string; href: string }
  /** A quiet text link (an alert's unsubscribe and settings), not a call to action. */
  | { type: 'link'; label: string; href: string };

/** "GH₵ 3,500" in the reader's way of writing numbers. */
const priceText = (listing: AlertRent, locale: MessageLocale) =>
  `${listing.currency} ${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(listing.price)}`;

/** "30 November" in the reader's language; Ghana's time is UTC all year. */
const dayOf = (isoDate: string, locale: MessageLocale) =>
  new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(isoDate),
  );

function compose(
  message: Message,
  s: Strings,
  context: TemplateContext,
  locale: MessageLocale,
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
    case 'password-reset-code':
      // Sent by SMS only; an e-mail of it would say the same as the text.
      return {
        subject: s.passwordReset.subject,
        blocks: [
          { type: 'paragraph', text: s.sms.resetCode(message.code) },
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
    case 'listing-hidden-for-reports':
      return {
        subject: s.listingHiddenForReports.subject,
        blocks: [
          { type: 'paragraph', text: s.hello(message.firstName.trim()) },
          { type: 'paragraph', text: s.listingHiddenForReports.hidden(message.title) },
          { type: 'paragraph', text: s.listingHiddenForReports.next },
          { type: 'button', label: s.listingHiddenForReports.button, href: message.link },
        ],
      };
    case 'listing-removed':
      return {
        subject: s.listingRemoved.subject,
        blocks: [
          { type: 'paragraph', text: s.hello(message.firstName.trim()) },
          { type: 'paragraph', text: s.listingRemoved.removed(message.title) },
          { type: 'paragraph', text: `${s.listingRemoved.reason} ${message.reason}` },
          { type: 'button', label: s.listingRemoved.button, href: message.link },
        ],
      };
    case 'report-outcome':
      return {
        subject: s.reportOutcome.subject,
        blocks: [
          { type: 'paragraph', text: s.hello(message.firstName.trim()) },
          {
            type: 'paragraph',
            text: message.removed
              ? s.reportOutcome.removed(message.title)
              : s.reportOutcome.kept(message.title),
          },
          { type: 'paragraph', text: s.reportOutcome.advice },
        ],
      };
    case 'verification-decided': {
      const v = s.verificationDecided;
      const kind = v.kinds[message.verification];
      return {
        subject: message.approved ? v.approvedSubject : v.rejectedSubject,
        blocks: [
          { type: 'paragraph', text: s.hello(message.firstName.trim()) },
          { type: 'paragraph', text: message.approved ? v.approved(kind) : v.rejected(kind) },
          ...(message.reason
            ? [{ type: 'paragraph' as const, text: `${v.reason} ${message.reason}` }]
            : []),
          { type: 'button', label: v.button, href: message.link },
        ],
      };
    }
    case 'listing-confirm-reminder': {
      const r = s.listingConfirmReminder;
      return {
        subject: r.subject,
        blocks: [
          { type: 'paragraph', text: s.hello(message.firstName.trim()) },
          { type: 'paragraph', text: r.ask(message.title) },
          { type: 'button', label: r.available, href: message.availableLink },
          { type: 'button', label: r.rented, href: message.rentedLink },
          { type: 'paragraph', text: r.expires(dayOf(message.expiresOn, locale)) },
        ],
      };
    }
    case 'saved-search-alert': {
      const a = s.savedSearchAlert;
      const { count } = message;
      return {
        subject: a.subject(message.searchName, count),
        blocks: [
          { type: 'paragraph', text: s.hello(message.firstName.trim()) },
          { type: 'paragraph', text: a.intro(message.searchName, count) },
          ...message.listings.flatMap((listing): Block[] => [
            {
              type: 'paragraph',
              text: `${listing.title} — ${listing.city} · ${priceText(listing, locale)} / ${a.periods[listing.period]}`,
            },
            { type: 'button', label: a.view, href: listing.link },
          ]),
          ...(count > 1
            ? [{ type: 'button' as const, label: a.seeAll, href: message.searchLink }]
            : []),
          { type: 'link', label: a.stop, href: message.unsubscribeLink },
          { type: 'link', label: a.manage, href: message.manageLink },
        ],
      };
    }
    case 'favorite-price-drop': {
      const rent = (r: AlertRent) =>
        `${priceText(r, locale)} / ${s.savedSearchAlert.periods[r.period]}`;
      return {
        subject: s.priceDrop.subject(message.title),
        blocks: [
          { type: 'paragraph', text: s.hello(message.firstName.trim()) },
          {
            type: 'paragraph',
            text: s.priceDrop.dropped(message.title, rent(message.was), rent(message.now)),
          },
          { type: 'button', label: s.priceDrop.view, href: message.link },
          { type: 'link', label: s.savedSearchAlert.stop, href: message.unsubscribeLink },
          { type: 'link', label: s.savedSearchAlert.manage, href: message.manageLink },
        ],
      };
    }
    case 'listing-expired':
      return {
        subject: s.listingExpired.subject,
        blocks: [
          { type: 'paragraph', text: s.hello(message.firstName.trim()) },
          { type: 'paragraph', text: s.listingExpired.expired(message.title) },
          { type: 'paragraph', text: s.listingExpired.renew },
          { type: 'button', label: s.listingExpired.button, href: message.link },
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
    case 'listing-changes-rejected':
      return {
        subject: s.listingChangesRejected.subject,
        blocks: [
          { type: 'paragraph', text: s.hello(message.firstName.trim()) },
          { type: 'paragraph', text: s.listingChangesRejected.notApproved(message.title) },
          { type: 'paragraph', text: `${s.listingChangesRejected.reason} ${message.reason}` },
          { type: 'paragraph', text: s.listingChangesRejected.kept },
          { type: 'button', label: s.listingChangesRejected.button, href: message.link },
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
  const { subject, blocks } = compose(message, s, context, locale);
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
    case 'password-reset-code':
      return s.resetCode(message.code);
    case 'password-changed':
      return s.changed(context.forgotPasswordUrl);
    case 'listing-approved':
      return s.approved(message.title, message.link);
    case 'listing-rejected':
      return s.rejected(message.title, message.reason, message.link);
    case 'listing-changes-rejected':
      return s.changesRejected(message.title, message.reason, message.link);
    case 'video-ready':
      return s.videoReady(message.name, message.link);
    case 'listing-hidden-for-reports':
      return s.hiddenForReports(message.title, message.link);
    case 'listing-removed':
      return s.removed(message.title, message.reason, message.link);
    case 'report-outcome':
      return message.removed ? s.reportRemoved(message.title) : s.reportKept(message.title);
    case 'listing-confirm-reminder':
      return s.confirmReminder(message.title, message.availableLink, message.rentedLink);
    case 'listing-expired':
      return s.expired(message.title, message.link);
    case 'favorite-price-drop': {
      const periods = strings[locale].savedSearchAlert.periods;
      const rent = (r: AlertRent) => `${smsPrice(r, locale)}/${periods[r.period]}`;
      return oneSegment(
        (title) =>
          s.priceDrop(
            title,
            rent(message.was),
            rent(message.now),
            message.link,
            message.unsubscribeLink,
          ),
        message.title,
      );
    }
    case 'saved-search-alert': {
      const [only] = message.listings;
      const stop = message.unsubscribeLink;
      if (message.count === 1 && only) {
        const price = `${smsPrice(only, locale)}/${strings[locale].savedSearchAlert.periods[only.period]}`;
        return oneSegment((title) => s.alertOne(title, price, only.link, stop), only.title);
      }
      return oneSegment(
        (name) => s.alertMany(message.count, name, message.searchLink, stop),
        message.searchName,
      );
    }
    case 'verification-decided': {
      const kind = strings[locale].verificationDecided.kinds[message.verification];
      return message.approved
        ? s.verificationApproved(kind, message.link)
        : s.verificationRejected(kind, message.reason ?? '', message.link);
    }
    case 'inbox-message':
      return `${strings[locale].inboxMessage.subject(message.source, message.subject)}: ${message.body}`.slice(
        0,
        320,
      );
  }
}
