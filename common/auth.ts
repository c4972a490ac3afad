import { z } from 'zod';

import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  registrationMethods,
  registrationUserTypes,
  userTypes,
} from './auth-rules';

import { blankToUndefined } from './fields';
import { planIds } from './plans';

export * from './auth-rules';

export const emailField = z
  .string({ error: 'emailRequired' })
  .trim()
  .toLowerCase()
  .max(254, { error: 'tooLong' })
  .pipe(z.email({ error: 'emailInvalid' }));

/**
 * A loose shape check shared with the browser; the server normalises the number to E.164
 * (libphonenumber) and answers phoneInvalid when it cannot.
 */
export const phoneField = z
  .string({ error: 'phoneRequired' })
  .trim()
  .regex(/^\+?[0-9 ()\-.]{7,24}$/, { error: 'phoneInvalid' });

export const passwordField = z
  .string({ error: 'passwordRequired' })
  .min(1, { error: 'passwordRequired' })
  .min(PASSWORD_MIN_LENGTH, { error: 'passwordTooShort' })
  .max(PASSWORD_MAX_LENGTH, { error: 'passwordTooLong' });

const nameField = (requiredKey: 'firstNameRequired' | 'lastNameRequired') =>
  z
    .string({ error: requiredKey })
    .trim()
    .min(1, { error: requiredKey })
    .max(100, { error: 'tooLong' });

/** The sign-up fields; the rules between fields are in registerRules. */
export const registerFieldsSchema = z.object({
  registrationMethod: z.enum(registrationMethods, { error: 'invalidValue' }).default('email'),
  email: z.preprocess(blankToUndefined, emailField.optional()),
  phone: z.preprocess(blankToUndefined, phoneField.optional()),
  password: passwordField,
  firstName: nameField('firstNameRequired'),
  lastName: nameField('lastNameRequired'),
  userType: z.enum(registrationUserTypes, { error: 'accountTypeRequired' }),
  businessName: z.preprocess(
    blankToUndefined,
    z.string().trim().max(200, { error: 'tooLong' }).optional(),
  ),
});

type RegisterFields = z.output<typeof registerFieldsSchema>;

/** The chosen method's identifier is required, and agents name their business. */
export function registerRules(body: RegisterFields, ctx: z.RefinementCtx): void {
  if (body.registrationMethod === 'email' && !body.email) {
    ctx.addIssue({ code: 'custom', path: ['email'], message: 'emailRequired' });
  }
  if (body.registrationMethod === 'phone' && !body.phone) {
    ctx.addIssue({ code: 'custom', path: ['phone'], message: 'phoneRequired' });
  }
  if (body.userType === 'agent' && !body.businessName) {
    ctx.addIssue({ code: 'custom', path: ['businessName'], message: 'businessNameRequired' });
  }
}

export const registerBodySchema = registerFieldsSchema.superRefine(registerRules);
/** What a client sends to sign up (the schema's input, with the optional strings typed). */
export type RegisterBody = Omit<
  z.input<typeof registerBodySchema>,
  'email' | 'phone' | 'businessName'
> & { email?: string; phone?: string; businessName?: string };
export type RegisterInput = z.output<typeof registerBodySchema>;

export const loginBodySchema = z
  .object({
    email: z.preprocess(blankToUndefined, emailField.optional()),
    phone: z.preprocess(blankToUndefined, phoneField.optional()),
    password: z
      .string({ error: 'passwordRequired' })
      .min(1, { error: 'passwordRequired' })
      .max(PASSWORD_MAX_LENGTH, { error: 'passwordTooLong' }),
  })
  .superRefine((body, ctx) => {
    if (!body.email && !body.phone) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'emailRequired' });
    }
  });
export type LoginBody = { email?: string; phone?: string; password: string };
export type LoginInput = z.output<typeof loginBodySchema>;

/** The current user as every screen reads it; never carries secrets. */
export const userSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  emailVerified: z.boolean(),
  phoneVerified: z.boolean(),
  isVerified: z.boolean(),
  userType: z.enum(userTypes),
  businessName: z.string().nullable(),
  licenseNumber: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  isAdmin: z.boolean(),
  /** The listing plan chosen (simulated purchase); null: none, Basic's photo limit applies. */
  plan: z.enum(planIds).nullable(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/**
 * An account this young is greeted as new ("Welcome to Abode"), not welcomed back: a person
 * who signed up this morning has not come back yet.
 */
export const NEW_ACCOUNT_HOURS = 24;

export function isNewAccount(user: Pick<User, 'createdAt'>, now = Date.now()): boolean {
  const created = Date.parse(user.createdAt);
  return Number.isFinite(created) && now - created < NEW_ACCOUNT_HOURS * 3_600_000;
}

/** PUT /api/account/plan: the plan chosen on the plans page (no payment is taken). */
export const accountPlanBodySchema = z.object({
  plan: z.enum(planIds, { error: 'invalidValue' }),
});
export type AccountPlanBody = z.infer<typeof accountPlanBodySchema>;
export const accountPlanResultSchema = z.object({ message: z.string(), user: userSchema });

/**
 * GET and PUT /api/account/notifications: whether the account is told of messages it has not
 * read within 5 minutes (issue 37), by e-mail and by SMS. Both are on until turned off. A
 * reminder goes by e-mail to a verified address, else by SMS to a verified number: turning
 * e-mail off sends them by SMS when the number is verified, turning both off sends none.
 */
export const notificationSettingsSchema = z.object({
  messagesByEmail: z.boolean({ error: 'invalidValue' }),
  messagesBySms: z.boolean({ error: 'invalidValue' }),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/**
 * How a kind of notice reaches the account (issue 50): `email` only, `sms` only, `both` (by
 * e-mail to a verified address, else by SMS to a verified number: one notice, as before the
 * choice existed) or `none`. Only verified addresses and numbers are ever used; with none, the
 * app still shows everything (the inbox, the viewings, the dashboard, the live stream).
 */
export const noticeChannels = ['email', 'sms', 'both', 'none'] as const;
export type NoticeChannel = (typeof noticeChannels)[number];
const noticeChannelSchema = (what: string) =>
  z
    .enum(noticeChannels, { error: 'invalidValue' })
    .describe(
      `How ${what} reach the account: email, sms, both (e-mail to a verified address, else ` +
        'SMS to a verified number) or none.',
    );

/**
 * GET and PUT /api/account/notification-settings (issue 50): per kind of notice, which channel.
 * `enquiries`: the first enquiry and unread-message reminders (the same setting as
 * /api/account/notifications: `both` is e-mail and SMS on, `none` both off); `viewings`:
 * viewing requests, their steps and reminders; `reviews`: review invitations and notices of
 * reviews of one's listings. Security codes and password resets are never affected.
 */
export const noticeSettingsSchema = z.object({
  enquiries: noticeChannelSchema('enquiries and reminders of unread messages'),
  viewings: noticeChannelSchema('viewing requests, their steps and reminders'),
  reviews: noticeChannelSchema('review invitations and notices of reviews'),
});
export type NoticeSettings = z.infer<typeof noticeSettingsSchema>;

export const authResultSchema = z.object({
  user: userSchema,
  requiresVerification: z.boolean(),
  verificationMethod: z.enum(registrationMethods).nullable(),
});
export type AuthResult = z.infer<typeof authResultSchema>;

export const messageSchema = z.object({ message: z.string() });

/**
 * Which ways of signing up this server offers: a phone number only when a text message can
 * reach it (production without an SMS provider cannot send the code).
 */
export const signUpMethodsSchema = z.object({ email: z.literal(true), phone: z.boolean() });
export type SignUpMethods = z.infer<typeof signUpMethodsSchema>;

export const VERIFICATION_CODE_LENGTH = 6;

/** POST /api/auth/verify-email-code and /verify-phone-code: exactly six digits (spec 5). */
export const verifyCodeBodySchema = z.object({
  code: z
    .string({ error: 'codeInvalid' })
    .trim()
    .regex(/^\d{6}$/, { error: 'codeInvalid' }),
});
export type VerifyCodeBody = z.input<typeof verifyCodeBodySchema>;

/** Keeps what a code box may hold: digits only, six at most (spec 5). */
export const cleanCodeInput = (value: string) =>
  value.replace(/\D/g, '').slice(0, VERIFICATION_CODE_LENGTH);

/**
 * POST /api/auth/forgot-password: the account's e-mail address (a link is mailed) or its phone
 * number (a 6-digit code is texted, issue 34); exactly one of the two.
 */
export const forgotPasswordBodySchema = z
  .object({
    email: z.preprocess(blankToUndefined, emailField.optional()),
    phone: z.preprocess(blankToUndefined, phoneField.optional()),
  })
  .superRefine((body, ctx) => {
    if (!body.email && !body.phone) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'emailRequired' });
    }
    if (body.email && body.phone) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: 'invalidValue' });
    }
  })
  .meta({
    description:
      'Exactly one of `email` (a reset link is mailed) or `phone` (a 6-digit code is texted ' +
      'to a verified number; then POST /api/auth/reset-password with `phone` and `code`).',
  });
export type ForgotPasswordBody = { email: string } | { phone: string };

const confirmPasswordField = z
  .string({ error: 'confirmPasswordRequired' })
  .min(1, { error: 'confirmPasswordRequired' });

const passwordsMatch = (body: { password: string; confirmPassword?: string }) =>
  body.confirmPassword === undefined || body.password === body.confirmPassword;
const mismatch = { path: ['confirmPassword'], message: 'passwordsDoNotMatch' };

/** The reset by e-mailed link: its token and the new password, twice. */
export const resetByLinkBodySchema = z
  .object({
    token: z.string({ error: 'invalidValue' }).min(1, { error: 'invalidValue' }).max(200),
    password: passwordField,
    confirmPassword: confirmPasswordField,
  })
  .refine(passwordsMatch, mismatch);

/**
 * The reset by phone (issue 34): the number, the 6-digit code texted to it and the new password
 * (`confirmPassword` optional: checked when given, as the web form sends it).
 */
export const resetByPhoneBodySchema = z
  .object({
    phone: phoneField,
    code: z
      .string({ error: 'codeInvalid' })
      .trim()
      .regex(/^\d{6}$/, { error: 'codeInvalid' }),
    password: passwordField,
    confirmPassword: confirmPasswordField.optional(),
  })
  .refine(passwordsMatch, mismatch);

/** POST /api/auth/reset-password: `{ token, password, confirmPassword }` or `{ phone, code, password }`. */
export const resetPasswordBodySchema = z.union([resetByLinkBodySchema, resetByPhoneBodySchema]);
export type ResetByLinkBody = z.input<typeof resetByLinkBodySchema>;
export type ResetByPhoneBody = z.input<typeof resetByPhoneBodySchema>;
export type ResetPasswordBody = ResetByLinkBody | ResetByPhoneBody;

/**
 * POST /api/auth/reset-password/check: whether a reset link still works, so the page says at
 * once that it was used or has expired instead of showing a form that cannot succeed.
 */
export const resetTokenBodySchema = z.object({
  token: z.string({ error: 'invalidValue' }).min(1, { error: 'invalidValue' }).max(200),
});
export const resetTokenStateSchema = z.object({ valid: z.boolean() });
export type ResetTokenState = z.infer<typeof resetTokenStateSchema>;

const optionalText = (max: number) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max, { error: 'tooLong' }).nullish());

/**
 * PUT /api/auth/profile (Account Settings). An empty email or phone removes it, but an account
 * keeps at least one of the two to sign in with.
 */
export const profileBodySchema = z
  .object({
    firstName: nameField('firstNameRequired'),
    lastName: nameField('lastNameRequired'),
    email: z.preprocess(blankToUndefined, emailField.nullish()),
    phone: z.preprocess(blankToUndefined, phoneField.nullish()),
    businessName: optionalText(200),
    licenseNumber: optionalText(100),
  })
  .superRefine((body, ctx) => {
    if (!body.email && !body.phone) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'emailOrPhoneRequired' });
    }
  });
export type ProfileBody = z.input<typeof profileBodySchema>;

export const profileResultSchema = z.object({
  message: z.string(),
  verificationRequired: z.boolean(),
  verificationMethods: z.array(z.enum(registrationMethods)),
  user: userSchema,
});
export type ProfileResult = z.infer<typeof profileResultSchema>;

/** PUT /api/auth/change-password (spec 5, account settings; minimum raised to 8). */
export const changePasswordBodySchema = z
  .object({
    currentPassword: z
      .string({ error: 'currentPasswordRequired' })
      .min(1, { error: 'currentPasswordRequired' })
      .max(PASSWORD_MAX_LENGTH, { error: 'passwordTooLong' }),
    newPassword: passwordField,
    confirmPassword: z
      .string({ error: 'confirmPasswordRequired' })
      .min(1, { error: 'confirmPasswordRequired' }),
  })
  .refine((body) => body.newPassword === body.confirmPassword, {
    path: ['confirmPassword'],
    message: 'passwordsDontMatch',
  });
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;

/** The answer of a successful verification: the user with the channel now verified. */
export const verifyResultSchema = z.object({ message: z.string(), user: userSchema });
export type VerifyResult = z.infer<typeof verifyResultSchema>;

/**
 * Where the message carrying the account's current code is (GET /api/auth/code-delivery):
 * `queued` (not yet tried), `retrying` (the provider failed; tried again shortly), `sent`
 * (the provider took it), `failed` (it will not arrive: ask for a new code), `none` (no code).
 */
export const codeDeliveryStatuses = ['none', 'queued', 'retrying', 'sent', 'failed'] as const;
export const codeDeliveryQuerySchema = z.object({ channel: z.enum(['email', 'phone']) });
export const codeDeliverySchema = z.object({ status: z.enum(codeDeliveryStatuses) });
export type CodeDelivery = z.infer<typeof codeDeliverySchema>;
