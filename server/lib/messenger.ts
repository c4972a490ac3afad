import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { MessageKind } from '#common/deliveries';
import { isLanguageCode, languageCodes, type LanguageCode } from '#common/languages';
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { AppError } from './app-error';
import {
  renderEmail,
  renderSms,
  type InboxField,
  type InboxSource,
  type TemplateContext,
} from './message-templates';
import { storeInOutbox } from './outbox';

/**
 * Everything the product tells people by e-mail or SMS goes through one Messenger. Services
 * say what to send (a Message) and in which language, inside their action's transaction; the
 * app's messenger queues it there (queued-messenger.ts), and a worker hands it to the direct
 * messenger below, which renders it (message-templates.ts) and delivers it by SMTP
 * (`SMTP_URL`) or an SMS provider, or keeps it in the outbox for /dev/mailbox when neither is
 * configured (docs/design.md).
 */
export const messageLocales = languageCodes;
export type MessageLocale = LanguageCode;

/** A rent as an alert states it. */
export type AlertRent = { price: number; currency: string; period: 'week' | 'month' | 'year' };

/** A listing as an alert names it. */
export type AlertListing = AlertRent & { title: string; city: string; link: string };

export type Message =
  | { kind: 'email-verification'; firstName: string; code: string; link: string }
  | { kind: 'phone-verification'; code: string }
  /** A password reset by phone (no link: the code is typed on /forgot-password). */
  | { kind: 'password-reset-code'; code: string }
  | { kind: 'password-reset'; firstName: string; link: string }
  | { kind: 'password-changed'; firstName: string }
  | { kind: 'listing-approved'; firstName: string; title: string; link: string }
  | { kind: 'listing-rejected'; firstName: string; title: string; reason: string; link: string }
  /** An administrator rejected an approved listing's changes; the approved one stays (issue 34). */
  | {
      kind: 'listing-changes-rejected';
      firstName: string;
      title: string;
      reason: string;
      link: string;
    }
  /** Renters' reports hid a listing until an administrator reviews them (issue 19). */
  | { kind: 'listing-hidden-for-reports'; firstName: string; title: string; link: string }
  /** An administrator removed a listing after reviewing its reports. */
  | { kind: 'listing-removed'; firstName: string; title: string; reason: string; link: string }
  /** What became of a listing a renter reported: nothing of its owner, only the outcome. */
  | { kind: 'report-outcome'; firstName: string; title: string; removed: boolean }
  /** An administrator decided a lister's verification request (issue 19). */
  | {
      kind: 'verification-decided';
      firstName: string;
      verification: 'identity' | 'agent_licence';
      approved: boolean;
      reason: string | null;
      link: string;
    }
  /**
   * The monthly "is it still available?" (issue 21): one-tap answers, and the day it leaves
   * the search without one (`expiresOn`, ISO date).
   */
  | {
      kind: 'listing-confirm-reminder';
      firstName: string;
      title: string;
      availableLink: string;
      rentedLink: string;
      expiresOn: string;
    }
  /**
   * New listings for a saved search (issue 21): one (instant) or a day's (digest), with a
   * signed one-tap unsubscribe link. For SMS every link is a short one.
   */
  | {
      kind: 'saved-search-alert';
      firstName: string;
      searchName: string;
      /** How many new listings; `listings` names the first of them (none in an SMS digest). */
      count: number;
      listings: AlertListing[];
      searchLink: string;
      unsubscribeLink: string;
      /** The RFC 8058 one-click address (https) for List-Unsubscribe; none in older queued jobs. */
      oneClickLink?: string;
      manageLink: string;
    }
  /** A favourite's rent dropped (issue 21): was and is, per its own period. */
  | {
      kind: 'favorite-price-drop';
      firstName: string;
      title: string;
      was: AlertRent;
      now: AlertRent;
      link: string;
      unsubscribeLink: string;
      /** The RFC 8058 one-click address (https) for List-Unsubscribe; none in older queued jobs. */
      oneClickLink?: string;
      manageLink: string;
    }
  /** A listing expired unconfirmed: renewing it is one click. */
  | { kind: 'listing-expired'; firstName: string; title: string; link: string }
  /** An administrator approved a video (its edited version); `name` is the uploader's file name. */
  | { kind: 'video-ready'; firstName: string; name: string; link: string }
  | {
      /** A support or contact form message, forwarded to the support inbox. */
      kind: 'inbox-message';
      source: InboxSource;
      subject: string;
      body: string;
      fields: [InboxField, string][];
      /** The sender's address: staff answer by replying. */
      replyTo?: string;
    };

/**
 * True only while `Message`'s kinds are exactly common/deliveries.ts's list, which the admin
 * panel's Deliveries tab labels: a kind added to one and not the other fails to compile.
 */
type KindsListed = [Message['kind']] extends [MessageKind]
  ? [MessageKind] extends [Message['kind']]
    ? true
    : false
  : false;
export const messageKindsListed: KindsListed = true;

export interface Messenger {
  /**
   * Whether a text message can reach a phone: an SMS provider is configured, or this is not
   * production (the outbox and dev mailbox stand in). Phone sign-up and phone changes are
   * refused when it cannot, rather than accepting numbers the server can never reach.
   */
  readonly smsAvailable: boolean;
  /**
   * Sends an e-mail. The app's messenger queues it (queued-messenger.ts): written with the
   * action's transaction when given one (`options.db`), delivered by a worker, and answers
   * the delivery's id. The direct one (below) hands it over now and throws NotDelivered.
   */
  email(
    to: string,
    message: Message,
    locale: MessageLocale,
    options?: SendOptions,
  ): Promise<DeliveryId>;
  /** Sends a text message, as `email` does; NotDelivered 'phone_invalid' means never to this number. */
  sms(
    to: string,
    message: Message,
    locale: MessageLocale,
    options?: SendOptions,
  ): Promise<DeliveryId>;
}

export type SendOptions = { db?: Database };
/** The queued delivery's id (server/lib/queued-messenger.ts), or undefined when sent at once. */
export type DeliveryId = string | undefined;

/**
 * A message that could not be handed over: 'message_not_sent' (503, try again later) or
 * 'phone_invalid' (400, never to this number), with the provider's reason for administrators.
 */
export class NotDelivered extends AppError {
  constructor(
    code: 'message_not_sent' | 'phone_invalid',
    readonly reason: string,
    retryAfterSeconds?: number,
  ) {
    super(code, retryAfterSeconds === undefined ? {} : { retryAfterSeconds });
  }
}

/**
 * What an SMS provider made of one message. Each driver (server/lib/sms/) turns its vendor's
 * answer into one of three, so that the messenger (and later a delivery queue) decides what
 * to do without knowing any vendor:
 * - delivered: the provider accepted the message (it is on its way; not yet on the handset);
 * - permanent-failure: this number will never take it (invalid, not a mobile, unsubscribed or
 *   blacklisted); trying again is pointless;
 * - retry-later: nothing is wrong with the number (rate limit, provider down, network,
 *   timeout, or our own keys, sender id or balance: `needsOperator`, which someone must fix).
 */
export type SmsOutcome =
  | { kind: 'delivered'; reason: string; providerMessageId?: string }
  | { kind: 'permanent-failure'; reason: string }
  | { kind: 'retry-later'; reason: string; retryAfterSeconds?: number; needsOperator?: boolean };

/** Whatever sends text messages: a vendor's API (server/lib/sms/), chosen by SMS_PROVIDER. */
export interface SmsProvider {
  /** Which vendor, for logs. */
  readonly name: string;
  /**
   * Sends `text` to `to` (E.164). Answers an outcome for every answer of the vendor and every
   * network failure; throws only on a bug.
   */
  send(to: string, text: string): Promise<SmsOutcome>;
}

export type MessengerDeps = {
  db: Database;
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'publicUrl' | 'isProduction'>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Without one, text messages go to the outbox. */
  smsProvider?: SmsProvider;
};

/** The first supported language of Accept-Language (the web app sends its choice), if any. */
export function explicitRequestLocale(request: FastifyRequest): MessageLocale | undefined {
  const header = request.headers['accept-language'] ?? '';
  for (const part of header.split(',')) {
    const tag = part.split(';')[0]!.trim().toLowerCase().slice(0, 2);
    if (isLanguageCode(tag)) return tag;
  }
  return undefined;
}

/** The reader's language: the one the request asks for, else English. */
export function requestLocale(request: FastifyRequest): MessageLocale {
  return explicitRequestLocale(request) ?? 'en';
}

export function createMessenger(deps: MessengerDeps): Messenger {
  const { db, config, log, smsProvider } = deps;
  const context: TemplateContext = { forgotPasswordUrl: `${config.publicUrl}/forgot-password` };
  // One transport for the app's life; without pooling it opens a connection per message, so
  // there is nothing to close. Short timeouts: a person is waiting for the answer.
  const transport = config.smtpUrl
    ? nodemailer.createTransport(
        {
          url: config.smtpUrl,
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 30_000,
        },
        { from: config.mailFrom },
      )
    : undefined;
  if (config.isProduction && !transport) {
    log.warn('SMTP_URL is not set: e-mail is kept in the outbox, which production does not show');
  }
  if (config.isProduction && !smsProvider) {
    log.warn(
      'No SMS provider: text messages are kept in the outbox, which production does not show',
    );
  }

  return {
    smsAvailable: Boolean(smsProvider) || !config.isProduction,

    async email(to, message, locale) {
      const { subject, text, html } = renderEmail(message, locale, context);
      if (!transport) {
        await storeInOutbox(db, {
          channel: 'email',
          recipient: to,
          subject,
          textBody: text,
          htmlBody: html,
        });
        // The code or link stays in the outbox: no secret in logs (docs/design.md).
        log.info(
          { kind: message.kind, to },
          'e-mail kept in the outbox (no SMTP_URL): see /dev/mailbox',
        );
        return undefined;
      }
      try {
        const replyTo = message.kind === 'inbox-message' ? message.replyTo : undefined;
        await transport.sendMail({
          to,
          subject,
          text,
          html,
          ...(replyTo ? { replyTo } : {}),
          ...oneClickUnsubscribe(message),
        });
      } catch (error) {
        log.error({ err: error, kind: message.kind }, 'e-mail delivery failed');
        throw new NotDelivered('message_not_sent', describe(error));
      }
    },

    async sms(to, message, locale) {
      const text = renderSms(message, locale, context);
      if (!smsProvider) {
        await storeInOutbox(db, { channel: 'sms', recipient: to, textBody: text });
        log.info(
          { kind: message.kind, to },
          'SMS kept in the outbox (no SMS provider): see /dev/mailbox',
        );
        return undefined;
      }
      let outcome: SmsOutcome;
      try {
        outcome = await smsProvider.send(to, text);
      } catch (error) {
        log.error({ err: error, kind: message.kind }, 'SMS delivery failed');
        throw new NotDelivered('message_not_sent', describe(error));
      }
      // A number that can never take a text is not tried again; anything else is, later.
      const about = { kind: message.kind, to, provider: smsProvider.name, reason: outcome.reason };
      switch (outcome.kind) {
        case 'delivered':
          return undefined;
        case 'permanent-failure':
          log.warn(about, 'SMS refused for this number');
          throw new NotDelivered('phone_invalid', outcome.reason);
        case 'retry-later':
          if (outcome.needsOperator) {
            // Our keys, sender id or balance: every text fails until someone fixes it.
            log.error(
              about,
              'SMS provider refused our account or settings: an operator must check its keys, sender id and balance',
            );
          } else {
            log.warn(about, 'SMS not sent for now: the provider is busy or unreachable');
          }
          throw new NotDelivered('message_not_sent', outcome.reason, outcome.retryAfterSeconds);
      }
    },
  };
}

/**
 * RFC 8058: an alert e-mail (a saved search's, a price drop's) names its one-click unsubscribe
 * address, which a mail provider's "Unsubscribe" posts to; mail a person asked for (codes,
 * reset links, decisions about their listings) has none. Only an https address qualifies, so
 * a development server on http sends none. The address is in the message itself, so it
 * travels with it through the delivery queue.
 */
export function oneClickUnsubscribe(message: Message): {
  list?: { unsubscribe: string };
  headers?: Record<string, string>;
} {
  // Read defensively: a message queued before the field existed has none.
  const url: unknown = 'oneClickLink' in message ? message.oneClickLink : undefined;
  if (typeof url !== 'string' || !url.startsWith('https://')) return {};
  return {
    list: { unsubscribe: url },
    headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Tells a user something that happened (an approval): by e-mail, or SMS when they have no
 * address. Given the action's transaction (`options.db`), the message is queued in it. A
 * provider's refusal (a direct messenger's NotDelivered) is logged and never undoes what
 * happened; a database failure is the action's own and fails it.
 */
export async function tellUser(
  deps: { db: Database; messenger: Messenger; log: { warn: (o: object, m: string) => void } },
  userId: string,
  message: (firstName: string) => Message,
  options: SendOptions = {},
): Promise<void> {
  const [user] = await (options.db ?? deps.db).select().from(users).where(eq(users.id, userId));
  if (!user) return;
  // In the language the account last used (remembered at sign-up, sign-in and profile saves).
  const send = user.email
    ? deps.messenger.email(user.email, message(user.firstName), user.locale, options)
    : user.phone
      ? deps.messenger.sms(user.phone, message(user.firstName), user.locale, options)
      : Promise.resolve(undefined);
  await send.catch((error: unknown) => {
    if (!(error instanceof NotDelivered)) throw error;
    deps.log.warn({ err: error, userId, kind: message('').kind }, 'could not tell the user');
  });
}
