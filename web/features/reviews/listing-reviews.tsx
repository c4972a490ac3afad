import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { ReviewItem } from './review-item';
import { ReviewSummaryLine } from './review-summary';
import { listerReviewsQuery, propertyReviewsQuery, type ReviewPageQuery } from './public-api';

/**
 * A listing's reviews on its page (issue 40): the summary, then the newest ten, and more on
 * request. The first page comes with the server's HTML (page-reads.ts of properties).
 */
export function ListingReviews({ propertyId }: { propertyId: string }) {
  return <PagedReviews pageQuery={propertyReviewsQuery(propertyId)} className="mt-8" />;
}

/**
 * Every review of a lister's listings on their page (issue 51), as a listing's: the summary,
 * the newest ten, and more on request; the first page comes with the server's HTML too
 * (page-reads.ts of listers).
 */
export function ListerReviews({ handle }: { handle: string }) {
  return <PagedReviews pageQuery={listerReviewsQuery(handle)} />;
}

function PagedReviews({
  pageQuery,
  className,
}: {
  pageQuery: ReviewPageQuery;
  className?: string;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const [pages, setPages] = useState(1);
  const first = useQuery(pageQuery(1));
  return (
    <section aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className="text-xl font-semibold">
        {t('reviews.title')}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{t('reviews.onlyViewings')}</p>
      <div className="mt-3">
        {first.data ? (
          <ReviewSummaryLine summary={first.data.summary} />
        ) : first.isError ? (
          <p className="text-muted-foreground">{t('reviews.loadFailed')}</p>
        ) : null}
      </div>
      {Array.from({ length: pages }, (_, index) => (
        <ReviewPage key={index + 1} pageQuery={pageQuery} page={index + 1} />
      ))}
      {first.data && pages < first.data.totalPages ? (
        <Button variant="outline" className="mt-2" onClick={() => setPages(pages + 1)}>
          {t('reviews.more')}
        </Button>
      ) : null}
    </section>
  );
}

function ReviewPage({ pageQuery, page }: { pageQuery: ReviewPageQuery; page: number }) {
  const reviews = useQuery(pageQuery(page));
  if (!reviews.data) return null;
  return (
    <div>
      {reviews.data.reviews.map((review) => (
        <ReviewItem key={review.id} review={review} />
      ))}
    </div>
  );
}
