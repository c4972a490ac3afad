import { z } from 'zod';

/** A file an e-mail carries: text content (an iCalendar file), with its name and type. */
export const emailAttachmentSchema = z.object({
  filename: z.string(),
  contentType: z.string(),
  content: z.string(),
});
export type EmailAttachment = z.infer<typeof emailAttachmentSchema>;

export const outboxMessageSchema = z.object({
  id: z.string(),
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  subject: z.string().nullable(),
  textBody: z.string(),
  htmlBody: z.string().nullable(),
  /** Files the e-mail carries (a viewing's calendar file), their content as text. */
  attachments: z.array(emailAttachmentSchema),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const outboxListSchema = z.object({ messages: z.array(outboxMessageSchema) });
