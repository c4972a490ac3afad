import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountPlanBodySchema,
  accountPlanResultSchema,
  changePasswordBodySchema,
  messageSchema,
  noticeSettingsSchema,
  notificationSettingsSchema,
  profileBodySchema,
  profileResultSchema,
} from '#common/auth';
import type { Database } from '../../db/client';
import { NOTICES_PER_DAY } from '../../lib/notice-cap';
import { AppError } from '../../lib/app-error';
import { explicitRequestLocale, requestLocale, tellUser } from '../../lib/notifier';
import { accountLimiter, ipLimit, keyedLimiter } from '../../lib/rate-limits';
import { requireUser, signedIn } from '../../lib/request-user';
import {
  assertSmsAvailable,
  type AccountDeps,
  rememberLocale,
  sendVerificationCode,
  toPublicUser,
} from '../auth/service';
import { rateLimits } from './rate-limits';
import {
  changePassword,
  choosePlan,
  noticeSettingsOf,
  notificationSettingsOf,
  profileContact,
  saveNoticeSettings,
  saveNotificationSettings,
  updateProfile,
} from './service';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(400, 401, 409, 429);

/** Account Settings: profile and password (spec: Account Settings; sections 5, 7, 8). */
export function accountRoutes(deps: AccountDeps) {
  const { db, clock } = deps;
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const failedChanges = accountLimiter(
      fastify,
      'password-change-failures',
      rateLimits.passwordChangeFailuresPerAccount,
    );

    // Only saves that change the email or phone count: each sends a code.
    const contactChanges = [
      keyedLimiter(
        fastify,
        'contact-changes',
        rateLimits.contactChangesPerAccount,
        (request) => requireUser(request).id,
      ),
      keyedLimiter(
        fastify,
        'contact-changes-ip',
        rateLimits.contactChangesPerIp,
        (request) => request.ip,
      ),
    ];

    app.put(
      '/api/auth/profile',
      {
        config: signedIn,
        schema: {
          tags: ['accounts'],
          summary: 'Save the profile; a new email or phone is unverified until its code is entered',
          body: profileBodySchema,
          response: { 200: profileResultSchema, ...errors },
        },
      },
      async (request) => {
        const now = clock();
        const current = requireUser(request);
        const newContact = profileContact(current, request.body).changed;
        if (newContact.includes('phone')) assertSmsAvailable(deps.notifier);
        const changesContact = newContact.length > 0;
        if (changesContact) for (const limiter of contactChanges) await limiter.check(request);
        const locale = requestLocale(request);
        // The new address and its code (queued) are saved together.
        const { user, changed } = await updateProfile(
          db,
          current,
          request.body,
          now,
          async (tx, updated, channels) => {
            for (const channel of channels) {
              await sendVerificationCode({ ...deps, db: tx }, updated, channel, locale, now, {
                force: true,
              });
            }
          },
        );
        if (changesContact) for (const limiter of contactChanges) await limiter.consume(request);
        await rememberLocale(db, user, explicitRequestLocale(request));
        return {
          message: 'Your account information has been saved successfully',
          verificationRequired: changed.length > 0,
          verificationMethods: changed,
          user: toPublicUser(user),
        };
      },
    );

    app.put(
      '/api/account/plan',
      {
        config: { ...ipLimit(rateLimits.planChangesPerIp), ...signedIn },
        schema: {
          tags: ['accounts'],
          summary: 'Record the listing plan chosen (the purchase is simulated; no payment)',
          description:
            'The plan sets how many photos each listing may carry: Basic 10, Premium 25, ' +
            'Featured unlimited (100). Without a plan, Basic applies.',
          body: accountPlanBodySchema,
          response: { 200: accountPlanResultSchema, ...errors },
        },
      },
      async (request) => {
        const user = await choosePlan(db, requireUser(request), request.body.plan, clock());
        return { message: 'Your plan has been saved', user: toPublicUser(user) };
      },
    );

    const notificationsText =
      'Whether the account is told of messages it has not read within 5 minutes (at most one ' +
      'reminder per conversation in 30 minutes): by e-mail to a verified address, else by SMS ' +
      'to a verified number. Both are on until turned off; with e-mail off, a verified number ' +
      'gets them by SMS. The two switches are the `enquiries` choice of ' +
      '/api/account/notification-settings (both on: both, both off: none).';
    app.get(
      '/api/account/notifications',
      {
        config: signedIn,
        schema: {
          tags: ['accounts'],
          summary: 'Which notifications of unread messages the account wants',
          description: notificationsText,
          response: { 200: notificationSettingsSchema, ...errorResponses(401) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return notificationSettingsOf(requireUser(request));
      },
    );

    app.put(
      '/api/account/notifications',
      {
        config: { ...ipLimit(rateLimits.notificationSettingChangesPerIp), ...signedIn },
        schema: {
          tags: ['accounts'],
          summary: 'Turn notifications of unread messages on or off, by e-mail and by SMS',
          description: notificationsText,
          body: notificationSettingsSchema,
          response: { 200: notificationSettingsSchema, ...errorResponses(400, 401, 429) },
        },
      },
      async (request) => saveNotificationSettings(db, requireUser(request), request.body, clock()),
    );

    const noticeSettingsText =
      'Per kind of notice, how it reaches the account: email, sms, both (e-mail to a verified ' +
      'address, else SMS to a verified number) or none. enquiries: the first enquiry and ' +
      'reminders of unread messages; viewings: viewing requests, their steps and reminders; ' +
      'reviews: review invitations. Only verified addresses and numbers are used. With none, ' +
      'the app still shows everything (inbox, viewings, dashboard). Security codes and ' +
      'password resets are never affected. All three are both until chosen. Whatever the ' +
      `choice, an address receives at most ${NOTICES_PER_DAY.email} e-mails and a number ` +
      `${NOTICES_PER_DAY.sms} SMS of notices a day; the rest are counted in one digest at ` +
      '18:00 UTC, and every one of them is in the app.';
    app.get(
      '/api/account/notification-settings',
      {
        config: signedIn,
        schema: {
          tags: ['accounts'],
          summary: 'How each kind of notice reaches the account',
          description: noticeSettingsText,
          response: { 200: noticeSettingsSchema, ...errorResponses(401) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return noticeSettingsOf(requireUser(request));
      },
    );

    app.put(
      '/api/account/notification-settings',
      {
        config: { ...ipLimit(rateLimits.noticeSettingChangesPerIp), ...signedIn },
        schema: {
          tags: ['accounts'],
          summary: 'Choose e-mail, SMS, both or none for each kind of notice',
          description: noticeSettingsText,
          body: noticeSettingsSchema,
          response: { 200: noticeSettingsSchema, ...errorResponses(400, 401, 429) },
        },
      },
      async (request) => saveNoticeSettings(db, requireUser(request), request.body, clock()),
    );

    app.put(
      '/api/auth/change-password',
      {
        config: signedIn,
        schema: {
          tags: ['accounts'],
          summary: 'Change the password; other sessions end, this one stays',
          body: changePasswordBodySchema,
          response: { 200: messageSchema, ...errors },
        },
      },
      async (request) => {
        const user = requireUser(request);
        await failedChanges.check(request);
        // The owner is told, in case it was not them: by e-mail, or by SMS without an address.
        const notice = (tx: Database) =>
          tellUser(
            { db, notifier: deps.notifier, log: request.log },
            user.id,
            (firstName) => ({ kind: 'password-changed', firstName }),
            { db: tx },
          );
        const changed = await changePassword(
          db,
          user,
          request.body,
          request.sessionToken,
          clock(),
          notice,
        );
        if (!changed) {
          await failedChanges.consume(request);
          throw new AppError('current_password_wrong', {
            fields: { currentPassword: 'currentPasswordWrong' },
          });
        }
        return { message: 'Your password has been updated successfully' };
      },
    );
  };
}
