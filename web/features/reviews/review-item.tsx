import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Review } from '#common/reviews';
import { formatDate } from '../../lib/dates';
import { Stars } from './stars';

/**
 * One review as everyone reads it (issue 40): the stars and their number, who wrote it (first
 * name) and when they saw the place, whether it was as described, a warning when they say
 * they were asked to pay before the viewing (issue 50), the text as text, and the lister's
 * answer under it.
 */
export function ReviewItem({
  review,
  headingLevel = 3,
  children,
}: {
  review: Review;
  /** 3 under a section's h2 (a listing's, a lister's reviews); 2 where the page's h1 is next. */
  headingLevel?: 2 | 3;
  children?: React.ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="grid gap-2 border-b border-border py-4 last:border-b-0">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Stars rating={review.rating} />
        {/* Each review's own heading (the HTML checker's outline; a screen reader's list of
            headings): its rating. */}
        <Heading className="text-sm font-semibold">
          {t('reviews.ratingLabel', { rating: review.rating })}
        </Heading>
        <span className="text-sm text-muted-foreground">
          {t(`reviews.asDescribed.${review.asDescribed}`)}
        </span>
      </div>
      <p className="text-sm text-muted-foreground">
        {review.author.firstName || t('reviews.aRenter')} ·{' '}
        <time dateTime={review.viewedAt}>
          {t('reviews.viewedOn', { date: formatDate(review.viewedAt, i18n.language) })}
        </time>
        {review.editedAt ? ` · ${t('reviews.edited')}` : null}
      </p>
      {review.askedForMoney ? (
        <p className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900">
          <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          {t('reviews.askedForMoneyWarning')}
        </p>
      ) : null}
      {review.text ? (
        <p className="whitespace-pre-line [overflow-wrap:anywhere]">{review.text}</p>
      ) : null}
      {review.reply ? (
        <div className="ml-4 rounded-lg bg-muted p-3 text-sm">
          <p className="font-semibold">{t('reviews.reply')}</p>
          <p className="mt-1 whitespace-pre-line [overflow-wrap:anywhere]">{review.reply.text}</p>
        </div>
      ) : null}
      {children}
    </article>
  );
}
