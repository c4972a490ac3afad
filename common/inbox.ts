import { z } from 'zod';
import { emailField, phoneField } from './auth';
import { optionalChoice, optionalText, pageParam, pathId, requiredText } from './fields';

/**
 * The 24/7 support form and the public contact page (spec accounts-and-admin: 24/7 Support
 * form, Public Contact page, Support and Contact message entities, sections 4, 5, 7, 8). Both
 * land in one inbox that administrators read and that is forwarded to the support address.
 */
export const supportCategories = [
  'booking',
  'payment',
  'property',
  'account',
  'technical',
  'verification',
  'general',
  'other',
] as const;

export const contactUserTypes = ['landlord', 'tenant', 'property_manager', 'other'] as const;
export const contactMethods = ['email', 'phone'] as const;
export const inboxSources = ['support', 'contact'] as const;
export type InboxSource = (typeof inboxSources)[number];

export const MAX_SUBJECT_LENGTH = 200;
export const MAX_MESSAGE_LENGTH = 5000;

/** POST /api/support/message: email, subject and message required; name and category not. */
export const supportMessageSchema = z.object({
  name: optionalText(100),
  email: emailField,
  subject: requiredText(MAX_SUBJECT_LENGTH),
  category: optionalChoice(supportCategories),
  message: requiredText(MAX_MESSAGE_LENGTH),
});
export type SupportMessage = z.input<typeof supportMessageSchema>;

/**
 * POST /api/contact/message. Only the chosen contact method's field is shown, but both are
 * sent (spec): the chosen one is required and checked; the other is kept only when valid,
 * so a stale value in a hidden field never blocks the message.
 */
export const contactMessageSchema = z
  .object({
    firstName: requiredText(100),
    lastName: requiredText(100),
    contactMethod: z.enum(contactMethods, { error: 'invalidValue' }).default('email'),
    email: optionalText(254),
    phone: optionalText(30),
    userType: z.enum(contactUserTypes, { error: 'required' }),
    subject: requiredText(MAX_SUBJECT_LENGTH),
    message: requiredText(MAX_MESSAGE_LENGTH),
  })
  .superRefine((body, ctx) => {
    if (body.contactMethod === 'email') {
      if (!body.email) ctx.addIssue({ code: 'custom', path: ['email'], message: 'emailRequired' });
      else if (!emailField.safeParse(body.email).success) {
        ctx.addIssue({ code: 'custom', path: ['email'], message: 'emailInvalid' });
      }
    } else if (!body.phone) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: 'phoneRequired' });
    } else if (!phoneField.safeParse(body.phone).success) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: 'phoneInvalid' });
    }
  })
  .transform((body) => {
    const email = emailField.safeParse(body.email ?? '');
    const phone = phoneField.safeParse(body.phone ?? '');
    return {
      ...body,
      email: email.success ? email.data : undefined,
      phone: phone.success ? phone.data : undefined,
    };
  });
export type ContactMessage = z.input<typeof contactMessageSchema>;

/** Open until an administrator marks it handled or answers it (issue 51). */
export const inboxStatuses = ['open', 'handled'] as const;
export type InboxStatus = (typeof inboxStatuses)[number];

/** Who of the administrators marked or answered a message. */
const inboxAdminSchema = z
  .object({ id: z.string(), firstName: z.string(), lastName: z.string() })
  .nullable()
  .describe('The administrator; null once their account is deleted.');

/** An administrator's answer by e-mail, kept with the message (issue 51). */
export const inboxReplySchema = z.object({
  id: z.string(),
  message: z.string().describe('What the administrator wrote.'),
  to: z.string().describe('The address it was sent to: the sender’s e-mail.'),
  createdAt: z.string(),
  admin: inboxAdminSchema,
  sent: z.boolean().describe('Whether the e-mail has left (false: queued, or it failed).'),
});
export type InboxReply = z.infer<typeof inboxReplySchema>;

/** What administrators read in the panel's Messages tab. */
export const inboxMessageSchema = z.object({
  id: z.string(),
  source: z.enum(inboxSources),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  contactMethod: z.enum(contactMethods).nullable(),
  userType: z.enum(contactUserTypes).nullable(),
  category: z.enum(supportCategories).nullable(),
  subject: z.string(),
  message: z.string(),
  /** Whether the copy to the support address has left (false: kept here only, for now). */
  forwarded: z.boolean(),
  createdAt: z.string(),
  status: z.enum(inboxStatuses).describe('open, or handled (marked, or answered by e-mail).'),
  handledAt: z.string().nullable(),
  handledBy: inboxAdminSchema,
  replies: z.array(inboxReplySchema).describe('The answers sent by e-mail, oldest first.'),
  canReply: z
    .boolean()
    .describe(
      'Whether it can be answered by e-mail: false when the sender gave no e-mail address ' +
        '(a contact message by phone; call them instead).',
    ),
});
export type InboxMessage = z.infer<typeof inboxMessageSchema>;

export const INBOX_PAGE_SIZE = 20;
export const inboxQuerySchema = z.object({
  source: optionalChoice(inboxSources),
  status: optionalChoice(inboxStatuses),
  page: pageParam(),
});

export const inboxIdParamsSchema = z.object({ id: pathId() });

/** PATCH /api/admin/messages/:id/handled: mark handled, or open again. */
export const inboxHandledBodySchema = z.object({
  isHandled: z.boolean({ error: 'invalidValue' }),
});

/** POST /api/admin/messages/:id/reply: the answer, sent to the sender's e-mail. */
export const MAX_REPLY_LENGTH = 5000;
export const inboxReplyBodySchema = z.object({ message: requiredText(MAX_REPLY_LENGTH) });
export type InboxReplyBody = z.input<typeof inboxReplyBodySchema>;
export type InboxQuery = z.output<typeof inboxQuerySchema>;

export const inboxListSchema = z.object({
  messages: z.array(inboxMessageSchema),
  total: z.number().int(),
});

export const sentSchema = z.object({ message: z.string(), id: z.string() });
