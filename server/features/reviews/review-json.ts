import type { Review } from '#common/reviews';
import { relayableName } from '../conversations/service';
import type { ReviewRow } from './schema';

/**
 * A review as the API gives it to everyone: the author by first name alone, and not even that
 * when the name carries digits or a payment request ('' then): a review is not a way to put a
 * phone number on a listing's page.
 */
export function reviewJson(row: ReviewRow, authorFirstName: string): Review {
  return {
    id: row.id,
    rating: row.rating,
    asDescribed: row.asDescribed,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    viewedAt: row.viewedAt.toISOString(),
    author: { firstName: relayableName(authorFirstName) ?? '' },
    // An answer held for an administrator (issue 50) is not shown meanwhile.
    reply:
      row.replyText !== null && row.repliedAt !== null && row.replyHeldAt === null
        ? { text: row.replyText, createdAt: row.repliedAt.toISOString() }
        : null,
    askedForMoney: row.askedForMoney,
  };
}
