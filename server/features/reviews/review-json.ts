import type { Review } from '#common/reviews';
import type { ReviewRow } from './schema';

/** A review as the API gives it to everyone: the author by first name alone. */
export function reviewJson(row: ReviewRow, authorFirstName: string): Review {
  return {
    id: row.id,
    rating: row.rating,
    asDescribed: row.asDescribed,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    viewedAt: row.viewedAt.toISOString(),
    author: { firstName: authorFirstName },
    reply:
      row.replyText !== null && row.repliedAt !== null
        ? { text: row.replyText, createdAt: row.repliedAt.toISOString() }
        : null,
  };
}
