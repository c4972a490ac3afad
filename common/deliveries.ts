import { z } from 'zod';
import { pageParam, pathId } from './fields';

/**
 * The admin panel's Deliveries (issue 18): every e-mail and SMS goes through a queue, and
 * administrators see what waits, what left and what failed, with why, and can send a failed
 * one again. A delivery never shows its text: codes and links stay out of the panel.
 */
/**
 * Every kind of notification the server sends (server/lib/notifier.ts checks its `Notification`
 * union against this list), so the Deliveries tab names each in words (issue 34).
 */
export const notificationKinds = [
  'email-verification',
  'phone-verification',
  'password-reset',
  'password-reset-code',
  'password-changed',
  'listing-approved',
  'listing-rejected',
  'listing-changes-rejected',
  'listing-hidden-for-reports',
  'listing-removed',
  'report-outcome',
  'verification-decided',
  'listing-confirm-reminder',
  'saved-search-alert',
  'favorite-price-drop',
  'listing-expired',
  'video-ready',
  'inbox-message',
  'inbox-reply',
  'unread-messages',
  'viewing-step',
  'viewing-reminder',
  'viewing-no-show',
  'review-invitation',
  'review-decision',
  'notice-digest',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export const deliveryGroups = ['queued', 'sent', 'failed'] as const;
export type DeliveryGroup = (typeof deliveryGroups)[number];
export const DELIVERIES_PAGE_SIZE = 25;

export const deliveryQuerySchema = z.object({
  status: z.enum(deliveryGroups, { error: 'invalidValue' }).default('failed'),
  page: pageParam(),
});
export type DeliveryQuery = z.infer<typeof deliveryQuerySchema>;

export const deliverySchema = z.object({
  id: z.uuid(),
  channel: z.enum(['email', 'sms']),
  /** What the message is (`phone-verification`, `listing-approved`, ...), never its text. */
  kind: z.string(),
  /** The address or number, as typed by its owner. */
  to: z.string(),
  /** queued also covers one waiting to be tried again (`retrying`). */
  status: z.enum(['queued', 'retrying', 'sent', 'failed']),
  /** Tries made so far. */
  attempts: z.number().int(),
  /** Why the last try failed (the provider's words), if it did. */
  reason: z.string().nullable(),
  createdAt: z.string(),
  /** When it was sent or failed for good; when queued, when it is next tried. */
  at: z.string().nullable(),
});
export type Delivery = z.infer<typeof deliverySchema>;

export const deliveryListSchema = z.object({
  deliveries: z.array(deliverySchema),
  total: z.number().int(),
});
export type DeliveryList = z.infer<typeof deliveryListSchema>;

export const deliveryIdParamsSchema = z.object({ id: pathId() });
