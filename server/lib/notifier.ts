import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { NotificationKind as ListedKind } from '#common/deliveries';
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
  type NotificationTemplates,
  type TemplateContext,
} from './notification-templates';
import { storeInOutbox } from './outbox';

/**
 * Everything the product tells people by e-mail or SMS goes through one Notifier. Services
 * say what to send (a Notification) and in which language, inside their action's transaction; the
 * app's notifier queues it there (queued-notifier.ts), and a worker hands it to the direct
 * notifier below, which renders it with its kind's template (notification-templates.ts) and
 * delivers it by SMTP (`SMTP_URL`) or an SMS provider, or keeps it in the outbox for
 * /dev/mailbox when neither is configured (docs/design.md).
 *
 * Each kind belongs to the feature that sends it (issue 35): its payload, its template and its
 * words in five languages are in that feature's notifications.ts, which adds the kind to
 * NotificationPayloads (declaration merging) and lists its template in the plugin's
 * `notifications`. ("Messages" are renters' enquiries: docs/decisions/029-notifications-name.md.)
 */
export const notificationLocales = languageCodes;
export type NotificationLocale = LanguageCode;

/**
 * What each kind of notification says besides its kind, by kind. Empty here on purpose: each
 * feature adds its kinds by declaration merging, which only an interface allows (a type alias
 * cannot be reopened), as reports does:
 *
 *   declare module '../../lib/notifier' {
 *     interface NotificationPayloads {
 *       'report-outcome': { firstName: string; title: string; removed: boolean };
 *     }
 *   }
 */
// Empty on purpose: each feature adds its kinds by declaration merging, which only an interface
// allows (a type alias cannot be reopened).
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface NotificationPayloads {}

/** One notification of any kind: `{ kind: 'report-outcome', firstName, title, removed }`. */
export type Notification = {
  [K in keyof NotificationPayloads]: { kind: K } & NotificationPayloads[K];
}[keyof NotificationPayloads];
export type NotificationOf<K extends keyof NotificationPayloads> = {
  kind: K;
} & NotificationPayloads[K];

/**
 * True only while `Notification`'s kinds are exactly common/deliveries.ts's list, which the admin
 * panel's Deliveries tab labels: a kind added to one and not the other fails to compile.
 */
type KindsListed = [Notification['kind']] extends [ListedKind]
  ? [ListedKind] extends [Notification['kind']]
    ? true
    : false
  : false;
export const notificationKindsListed: KindsListed = true;

export interface Notifier {
  /**
   * Whether a text message can reach a phone: an SMS provider is configured, or this is not
   * production (the outbox and dev mailbox stand in). Phone sign-up and phone changes are
   * refused when it cannot, rather than accepting numbers the server can never reach.
   */
  readonly smsAvailable: boolean;
  /**
   * Sends an e-mail. The app's notifier queues it (queued-notifier.ts): written with the
   * action's transaction when given one (`options.db`), delivered by a worker, and answers
   * the delivery's id. The direct one (below) hands it over now and throws NotDelivered.
   */
  email(
    to: string,
    notification: Notification,
    locale: NotificationLocale,
    options?: SendOptions,
  ): Promise<DeliveryId>;
  /** Sends a text message, as `email` does; NotDelivered 'phone_invalid' means never to this number. */
  sms(
    to: string,
    notification: Notification,
    locale: NotificationLocale,
    options?: SendOptions,
  ): Promise<DeliveryId>;
  /**
   * Withdraws a queued notification that has not left yet (issue 50: a viewing request
   * cancelled within its hold); true when it was still waiting and now never leaves. The
   * direct notifier sends at once, so it has nothing to withdraw.
   */
  withdraw?(id: string, options?: SendOptions): Promise<boolean>;
}

/**
 * `db`: the action's transaction, which the notification is written with. `startAfterSeconds`:
 * it is held that long before it may leave (the queued notifier; the direct one sends at once).
 */
export type SendOptions = { db?: Database; startAfterSeconds?: number };
/** The queued delivery's id (server/lib/queued-notifier.ts), or undefined when sent at once. */
export type DeliveryId = string | undefined;

/**
 * A notification that could not be handed over: 'message_not_sent' (503, try again later) or
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
 * answer into one of three, so that the notifier (and later a delivery queue) decides what
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

export type NotifierDeps = {
  db: Database;
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'publicUrl' | 'isProduction'>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Without one, text messages go to the outbox. */
  smsProvider?: SmsProvider;
  /** How each kind is rendered: the features' templates (features/index.ts). */
  templates: NotificationTemplates;
};

/** The first supported language of Accept-Language (the web app sends its choice), if any. */
export function explicitRequestLocale(request: FastifyRequest): NotificationLocale | undefined {
  const header = request.headers['accept-language'] ?? '';
  for (const part of header.split(',')) {
    const tag = part.split(';')[0]!.trim().toLowerCase().slice(0, 2);
    if (isLanguageCode(tag)) return tag;
  }
  return undefined;
}

/** The reader's language: the one the request asks for, else English. */
export function requestLocale(request: FastifyRequest): NotificationLocale {
  return explicitRequestLocale(request) ?? 'en';
}

export function createNotifier(deps: NotifierDeps): Notifier {
  const { db, config, log, smsProvider, templates } = deps;
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

    async email(to, notification, locale) {
      const { subject, text, html, attachments } = renderEmail(
        templates,
        notification,
        locale,
        context,
      );
      if (!transport) {
        await storeInOutbox(db, {
          channel: 'email',
          recipient: to,
          subject,
          textBody: text,
          htmlBody: html,
          attachments,
        });
        // The code or link stays in the outbox: no secret in logs (docs/design.md).
        log.info(
          { kind: notification.kind, to },
          'e-mail kept in the outbox (no SMTP_URL): see /dev/mailbox',
        );
        return undefined;
      }
      try {
        // A notification that names a sender (a forwarded support message) is answered to them.
        const replyTo: unknown = 'replyTo' in notification ? notification.replyTo : undefined;
        await transport.sendMail({
          to,
          subject,
          text,
          html,
          ...(attachments.length > 0 ? { attachments } : {}),
          ...(typeof replyTo === 'string' && replyTo ? { replyTo } : {}),
          ...oneClickUnsubscribe(notification),
        });
      } catch (error) {
        log.error({ err: error, kind: notification.kind }, 'e-mail delivery failed');
        throw new NotDelivered('message_not_sent', describe(error));
      }
    },

    async sms(to, notification, locale) {
      const text = renderSms(templates, notification, locale, context);
      if (!smsProvider) {
        await storeInOutbox(db, { channel: 'sms', recipient: to, textBody: text });
        log.info(
          { kind: notification.kind, to },
          'SMS kept in the outbox (no SMS provider): see /dev/mailbox',
        );
        return undefined;
      }
      let outcome: SmsOutcome;
      try {
        outcome = await smsProvider.send(to, text);
      } catch (error) {
        log.error({ err: error, kind: notification.kind }, 'SMS delivery failed');
        throw new NotDelivered('message_not_sent', describe(error));
      }
      // A number that can never take a text is not tried again; anything else is, later.
      const about = {
        kind: notification.kind,
        to,
        provider: smsProvider.name,
        reason: outcome.reason,
      };
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
 * a development server on http sends none. The address is in the notification itself, so it
 * travels with it through the delivery queue.
 */
export function oneClickUnsubscribe(notification: Notification): {
  list?: { unsubscribe: string };
  headers?: Record<string, string>;
} {
  // Read defensively: a notification queued before the field existed has none.
  const url: unknown = 'oneClickLink' in notification ? notification.oneClickLink : undefined;
  if (typeof url !== 'string' || !url.startsWith('https://')) return {};
  return {
    list: { unsubscribe: url },
    headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Tells a user something that happened (an approval): by e-mail, or SMS when they have no
 * address. Given the action's transaction (`options.db`), the notification is queued in it. A
 * provider's refusal (a direct notifier's NotDelivered) is logged and never undoes what
 * happened; a database failure is the action's own and fails it.
 */
export async function tellUser(
  deps: { db: Database; notifier: Notifier; log: { warn: (o: object, m: string) => void } },
  userId: string,
  notification: (firstName: string) => Notification,
  options: SendOptions = {},
): Promise<void> {
  const [user] = await (options.db ?? deps.db).select().from(users).where(eq(users.id, userId));
  if (!user) return;
  // In the language the account last used (remembered at sign-up, sign-in and profile saves).
  const send = user.email
    ? deps.notifier.email(user.email, notification(user.firstName), user.locale, options)
    : user.phone
      ? deps.notifier.sms(user.phone, notification(user.firstName), user.locale, options)
      : Promise.resolve(undefined);
  await send.catch((error: unknown) => {
    if (!(error instanceof NotDelivered)) throw error;
    deps.log.warn({ err: error, userId, kind: notification('').kind }, 'could not tell the user');
  });
}
