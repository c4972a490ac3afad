import type { NoticeChannel } from '#common/auth';
import type { UserRow } from '../db/schema';

/**
 * The kinds of notice an account chooses a channel for in Account Settings (issue 50,
 * PUT /api/account/notification-settings): enquiries (the unread-message reminders, the first
 * enquiry's among them), viewings (requests, steps, reminders, a no-show) and reviews
 * (invitations). Security codes, password resets and administrators' decisions ask nothing.
 */
export type NoticeKind = 'enquiries' | 'viewings' | 'reviews';

export type NoticeContact = { channel: 'email' | 'sms'; to: string };

/** The account's choice for `kind`. */
export function noticeChannelOf(user: UserRow, kind: NoticeKind): NoticeChannel {
  switch (kind) {
    case 'enquiries':
      return user.enquiryNotices;
    case 'viewings':
      return user.viewingNotices;
    case 'reviews':
      return user.reviewNotices;
  }
}

/**
 * Where a notice of `kind` to `user` goes, or null: nowhere (the app still shows it all). Only
 * a verified address or number, ever: one typed in and never verified may be someone else's
 * (docs/design.md). `both` is e-mail first, else SMS: one notice, as before the choice existed.
 */
export function noticeContact(user: UserRow, kind: NoticeKind): NoticeContact | null {
  const choice = noticeChannelOf(user, kind);
  const email = user.email && user.emailVerified ? user.email : null;
  const phone = user.phone && user.phoneVerified ? user.phone : null;
  if (email && (choice === 'email' || choice === 'both')) return { channel: 'email', to: email };
  if (phone && (choice === 'sms' || choice === 'both')) return { channel: 'sms', to: phone };
  return null;
}
